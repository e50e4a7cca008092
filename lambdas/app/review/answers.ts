import type { TranscriptParagraph } from '../../domain/media';
import { presignDownload, readJson } from '../../adapters/storage';
import { submittedAnswers, type Candidate } from '../../data/candidates/candidate';
import { answerSummariesRead, answerTextsRead } from '../../data/candidates/answers';
import type { StoredAnswerSummary, SummarySetting } from '../../contracts/summaries';
import { answerSummaryView, summariesVisible } from '../../domain/summary-views';
import { batchReads, readBatch } from '../../data/batch-get';
import { getMediaItems, mediaItemsRead, type MediaItem } from '../../data/media';
import { isRecordedAnswer } from '../../contracts/answer-types';
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

/**
 * What the answers' views read besides the candidate, as one BatchRead: the media of recordings and
 * files, and the answer items of text answers (their text is kept there only).
 */
export const answerContentsRead = (candidate: Candidate) => batchReads(mediaItemsRead(mediaIdsOf(candidate)), answerTextsRead(candidate));
export type AnswerContents = [media: Map<string, MediaItem>, texts: Map<number, string>];

/** The answers and what their views read: the candidate item records each answer (its id, question, type and media). */
const answersWithMedia = async (candidate: Candidate): Promise<[Answer[], Map<string, MediaItem>]> => [
  submittedAnswers(candidate),
  await getMediaItems(mediaIdsOf(candidate)),
];

/**
 * Each answer in its form (issue 39): a recording's media described (video or audio), a text, the
 * choice question's options with those picked and those that knock out, or a file with a link that
 * downloads it (an attachment, whatever its type: a file is never opened in the product's origin;
 * served as the type read from its bytes, whatever its name claims).
 * An answer whose media is gone (deleted while the page was read) is left out.
 */
export const describeAnswers = async (candidate: Candidate, answers: readonly Answer[], [media, texts]: AnswerContents) => {
  const described = await Promise.all(
    answers.map(async (answer) => {
      const base = { answer, item: null as MediaItem | null, text: null, choices: null, file: null, recording: null, thumbnail: null };
      const item = answer.mediaId ? media.get(answer.mediaId) : undefined;
      if (isRecordedAnswer(answer.answerType)) {
        if (!item) return null;
        const d = await describeMedia(item);
        return {
          ...base,
          item,
          thumbnail: d.thumbnail,
          recording: { uploadStatus: d.uploadStatus, captions: d.captions, variants: d.variants },
        };
      }
      if (answer.answerType === 'file') {
        const source = item?.variants[0];
        if (!item || !source) return null;
        const fileName = answer.fileName ?? 'answer';
        return {
          ...base,
          item,
          file: { fileName, contentType: item.contentType, size: item.size, downloadHref: await presignDownload(source.key, fileName, item.contentType) },
        };
      }
      if (answer.answerType === 'text') return { ...base, text: texts.get(answer.questionIndex) ?? '' };
      const spec = candidate.interview.questions[answer.questionIndex]?.answer;
      const picked = new Set(answer.optionIds ?? []);
      const options = spec && 'options' in spec ? spec.options : [];
      return { ...base, choices: options.map((o) => ({ optionId: o.optionId, label: o.label, picked: picked.has(o.optionId), knockout: o.knockout })) };
    }),
  );
  return described.flatMap((d) => (d ? [d] : []));
};

/** The fields of an answer's view the team's page and the public page share (contracts/candidate.ts answerContentSchema). */
export const answerContent = (d: Awaited<ReturnType<typeof describeAnswers>>[number]) => ({
  answerId: d.answer.answerId,
  questionIndex: d.answer.questionIndex,
  answerType: d.answer.answerType,
  thumbnail: d.thumbnail,
  text: d.text,
  choices: d.choices,
  file: d.file,
});

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

/**
 * The answers as the public page shows them, with their machine-written summaries (issue 41) only
 * while the company shows summaries on the share page (their answer items are read then, in the
 * same BatchGetItem).
 */
export const publicAnswers = async (candidate: Candidate, summaries: SummarySetting) => {
  const shown = summariesVisible(summaries, 'share');
  const [contents, stored] = await readBatch(
    batchReads(answerContentsRead(candidate), shown ? answerSummariesRead(candidate) : { keys: [], collect: () => new Map<number, StoredAnswerSummary>() }),
  );
  const described = await describeAnswers(candidate, submittedAnswers(candidate), contents);
  return described.map((d) => ({
    ...answerContent(d),
    video: d.recording,
    summary: answerSummaryView(stored.get(d.answer.questionIndex) ?? null, summaries, 'share'),
  }));
};
