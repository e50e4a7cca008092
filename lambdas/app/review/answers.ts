import type { TranscriptParagraph } from '../../domain/media';
import { readJson } from '../../shared/clients/storage';
import { answersOf, type Candidate } from '../../shared/db/candidates';
import { getMediaItems } from '../../shared/db/media';
import { describeMedia } from '../media/media';

/**
 * A candidate's answers and transcripts as the team's detail page and the public page show them
 * (the public page gets the same, minus everything else about the candidate).
 */
export const SHARING_OFF = 'This link is not shared any more.';

export const candidateTranscripts = async (candidate: Candidate) => {
  const answers = await answersOf(candidate.candidateId);
  const media = await getMediaItems(answers.map((a) => a.mediaId));
  return {
    answerTranscripts: await Promise.all(
      answers.map(async (answer) => {
        const item = media.get(answer.mediaId);
        const status = item?.transcriptStatus ?? 'none';
        const stored =
          status === 'completed' && item?.transcriptKey
            ? ((await readJson(item.transcriptKey)) as { paragraphs?: TranscriptParagraph[] } | null)
            : null;
        return { answerId: answer.answerId, transcriptStatus: status, paragraphs: stored?.paragraphs ?? [] };
      }),
    ),
  };
};

export const publicAnswers = async (candidate: Candidate) => {
  const answers = await answersOf(candidate.candidateId);
  const media = await getMediaItems(answers.map((a) => a.mediaId));
  return Promise.all(
    answers.flatMap((answer) => {
      const item = media.get(answer.mediaId);
      if (!item) return [];
      return [
        describeMedia(item).then((d) => ({
          answerId: answer.answerId,
          questionIndex: answer.questionIndex,
          thumbnail: d.thumbnail,
          video: { uploadStatus: d.uploadStatus, captions: d.captions, variants: d.variants },
        })),
      ];
    }),
  );
};
