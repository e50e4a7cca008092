import type { TranscriptParagraph } from '../../domain/media';
import { readJson } from '../../shared/clients/storage';
import { answersOf, type Candidate } from '../../shared/db/candidates';
import { getMediaItems } from '../../shared/db/media';
import { requireCandidateAccess } from '../access/candidate';
import { describeMedia } from '../media/media';

/**
 * A candidate's answers and transcripts as the team's detail page and the public page show them
 * (the public page gets the same, minus everything else about the candidate).
 */
export const SHARING_OFF = 'This link is not shared any more.';

type Answer = Awaited<ReturnType<typeof answersOf>>[number];

const transcriptsOf = async (answers: Answer[]) => {
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

export const candidateTranscripts = async (candidate: Candidate) => transcriptsOf(await answersOf(candidate.candidateId));

/** The transcripts of a candidate's answers for a member who can see the candidate (the answers are read alongside the access check). */
export const answerTranscripts = async (candidateId: string, userId: string) => {
  const { read: answers } = await requireCandidateAccess(candidateId, userId, (c) => answersOf(c.candidateId));
  return transcriptsOf(answers);
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
