import type { TranscriptParagraph } from '../../domain/media';
import { readJson } from '../../adapters/storage';
import { submittedAnswers, type Candidate } from '../../data/candidates/candidate';
import { getMediaItems, mediaItemsRead, type MediaItem } from '../../data/media';
import type { Caller } from '../access/caller';
import { requireCandidateAccess } from '../access/candidate';
import { describeMedia } from '../media/media';

/**
 * A candidate's answers and transcripts as the team's detail page and the public page show them
 * (the public page gets the same, minus everything else about the candidate).
 */
export const SHARING_OFF = 'This link is not shared any more.';

type Answer = ReturnType<typeof submittedAnswers>[number];

const mediaIdsOf = (candidate: Candidate) => Object.values(candidate.answers).flatMap((a) => (a.mediaId ? [a.mediaId] : []));

/** The answers and their media: the candidate item records each answer (its id, question and media), so only the media are read. */
const answersWithMedia = async (candidate: Candidate): Promise<[Answer[], Map<string, MediaItem>]> => [
  submittedAnswers(candidate),
  await getMediaItems(mediaIdsOf(candidate)),
];

const transcriptsOf = async ([answers, media]: [Answer[], Map<string, MediaItem>]) => {
  return {
    answerTranscripts: await Promise.all(
      answers.map(async (answer) => {
        const item = answer.mediaId ? media.get(answer.mediaId) : undefined;
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

export const candidateTranscripts = async (candidate: Candidate) => transcriptsOf(await answersWithMedia(candidate));

/** The transcripts of a candidate's answers for a member who can see the candidate (the answers' media are read in the access check's BatchGetItem). */
export const answerTranscripts = async (candidateId: string, caller: Caller) => {
  const { candidate, batched: media } = await requireCandidateAccess(candidateId, caller, undefined, {
    batch: (c) => mediaItemsRead(mediaIdsOf(c)),
  });
  return transcriptsOf([submittedAnswers(candidate), media]);
};

export const publicAnswers = async (candidate: Candidate) => {
  const [answers, media] = await answersWithMedia(candidate);
  return Promise.all(
    answers.flatMap((answer) => {
      const item = answer.mediaId ? media.get(answer.mediaId) : undefined;
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
