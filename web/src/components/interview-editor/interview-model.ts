import { DEFAULT_PACING, isQuestionComplete, UNLIMITED } from '../../../../lambdas/contracts/pacing';
import type { Interview } from '../../api/positions';
import {
  answerSpecSchema,
  CHOICE_OPTIONS_MIN,
  DEFAULT_KNOCKOUT,
  VIDEO_ANSWER,
  type AnswerSpec,
  type ChoiceOption,
  type KnockoutSettings,
} from '../../../../lambdas/contracts/answer-types';
import { CHOICE_ANSWER_TYPES, type AnswerType } from '../../../../lambdas/contracts/vocabulary';

/**
 * The interview as the editors hold it: each item with a client-only ephemeral id (spec §3) for
 * stable list keys and moves; pacing in selector values (-1 = unlimited). Converted to the wire
 * shape (no ephemeral ids, null for unlimited) when sent.
 */
export interface EditableQuestion {
  ephemeralId: string;
  title: string;
  content: string;
  thumbnailImageGroupId: string | null;
  videoGroupId: string | null;
  /** What the question asks for (issue 39): a video unless the team chose otherwise. */
  answer: AnswerSpec;
}

export interface EditableInterview {
  intro: { ephemeralId: string; thumbnailImageGroupId: string | null; videoGroupId: string | null } | null;
  questions: EditableQuestion[];
  outro: { ephemeralId: string; title: string; content: string; thumbnailImageGroupId: string | null; videoGroupId: string | null } | null;
  pacing: { thinkingTime: number; answerTime: number; retakes: number };
  knockout: KnockoutSettings;
}

export const ephemeralId = () => crypto.randomUUID();

export const newQuestion = (): EditableQuestion => ({
  ephemeralId: ephemeralId(),
  title: '',
  content: '',
  thumbnailImageGroupId: null,
  videoGroupId: null,
  answer: { ...VIDEO_ANSWER },
});

export const emptyInterview = (): EditableInterview => ({
  intro: null,
  questions: [],
  outro: null,
  pacing: { ...DEFAULT_PACING },
  knockout: { ...DEFAULT_KNOCKOUT },
});

export const toEditable = (interview: Interview): EditableInterview => ({
  intro: interview.intro
    ? {
        ephemeralId: ephemeralId(),
        thumbnailImageGroupId: interview.intro.thumbnailImageGroupId ?? null,
        videoGroupId: interview.intro.videoGroupId ?? null,
      }
    : null,
  questions: interview.questions.map((q) => ({
    ephemeralId: ephemeralId(),
    title: q.title ?? '',
    content: q.content ?? '',
    thumbnailImageGroupId: q.thumbnailImageGroupId ?? null,
    videoGroupId: q.videoGroupId ?? null,
    answer: q.answer ?? { ...VIDEO_ANSWER },
  })),
  outro: interview.outro
    ? {
        ephemeralId: ephemeralId(),
        title: interview.outro.title ?? '',
        content: interview.outro.content ?? '',
        thumbnailImageGroupId: interview.outro.thumbnailImageGroupId ?? null,
        videoGroupId: interview.outro.videoGroupId ?? null,
      }
    : null,
  pacing: {
    thinkingTime: interview.pacing.thinkingTime ?? UNLIMITED,
    answerTime: interview.pacing.answerTime,
    retakes: interview.pacing.retakes ?? UNLIMITED,
  },
  knockout: interview.knockout ?? { ...DEFAULT_KNOCKOUT },
});

const stored = (value: number) => (value === UNLIMITED ? null : value);

/** An intro is a video only, and an outro with no text and no video is no outro: both are sent as null. */
const hasOutro = (outro: NonNullable<EditableInterview['outro']>) => Boolean(outro.videoGroupId || outro.title.trim() || outro.content.trim());

export const toWire = (interview: EditableInterview): Interview => ({
  intro: interview.intro?.videoGroupId
    ? { thumbnailImageGroupId: interview.intro.thumbnailImageGroupId, videoGroupId: interview.intro.videoGroupId }
    : null,
  questions: interview.questions.map(({ ephemeralId: _id, ...q }) => ({ ...q, title: q.title.trim(), content: q.content.trim() })),
  outro:
    interview.outro && hasOutro(interview.outro)
      ? {
          title: interview.outro.title.trim(),
          content: interview.outro.content.trim(),
          thumbnailImageGroupId: interview.outro.thumbnailImageGroupId,
          videoGroupId: interview.outro.videoGroupId,
        }
      : null,
  pacing: { thinkingTime: stored(interview.pacing.thinkingTime), answerTime: interview.pacing.answerTime, retakes: stored(interview.pacing.retakes) },
  knockout: interview.knockout,
});

/** A new choice option: a short url-safe id (unique within its question), no label yet, no knockout. */
export const newOption = (): ChoiceOption => ({ optionId: crypto.randomUUID().slice(0, 8), label: '', knockout: false });

export const isChoiceAnswer = (answer: AnswerSpec): answer is Extract<AnswerSpec, { options: ChoiceOption[] }> =>
  (CHOICE_ANSWER_TYPES as readonly string[]).includes(answer.answerType);

/**
 * A question's answer spec for another answer type (issue 39): a choice question starts with
 * CHOICE_OPTIONS_MIN empty options, and going from single to multiple choice (or back) keeps them.
 */
export const changeAnswerType = (answer: AnswerSpec, answerType: AnswerType): AnswerSpec => {
  if (answer.answerType === answerType) return answer;
  const options = isChoiceAnswer(answer) ? answer.options : Array.from({ length: CHOICE_OPTIONS_MIN }, newOption);
  switch (answerType) {
    case 'text':
      return { answerType, minWords: null, maxWords: null };
    case 'single_choice':
      return { answerType, options };
    case 'multiple_choice':
      return { answerType, options, minPicked: 1, maxPicked: null };
    default:
      return { answerType };
  }
};

/**
 * What is wrong with a question's answer spec, by the field it names ('minWords', 'options',
 * 'options.1.label', 'minPicked'…), in the words of the contract the server holds it to (the
 * first message of each field). Empty when the spec is valid.
 */
export const answerIssues = (answer: AnswerSpec): Record<string, string> => {
  const result = answerSpecSchema.safeParse(answer);
  if (result.success) return {};
  const issues: Record<string, string> = {};
  for (const issue of result.error.issues) issues[issue.path.map(String).join('.')] ??= issue.message;
  return issues;
};

/** Whether any question has an option that knocks out (the interview's knockout rule then applies). */
export const hasKnockout = (interview: EditableInterview) =>
  interview.questions.some((q) => isChoiceAnswer(q.answer) && q.answer.options.some((o) => o.knockout));

/** Spec §5: at least one question, each with a video or a non-empty title, and (issue 39) a valid answer spec. */
export const questionsValid = (interview: EditableInterview) =>
  interview.questions.length > 0 && interview.questions.every((q) => isQuestionComplete(q) && Object.keys(answerIssues(q.answer)).length === 0);

/** Why the questions cannot be saved yet, for the wizard's step (null when they can). */
export const questionsProblem = (interview: EditableInterview): string | null => {
  if (interview.questions.length === 0) return 'Add at least one question.';
  const index = interview.questions.findIndex((q) => !isQuestionComplete(q));
  if (index >= 0) return `Question ${index + 1} needs a title or a video.`;
  const invalid = interview.questions.findIndex((q) => Object.keys(answerIssues(q.answer)).length > 0);
  if (invalid >= 0) return `Question ${invalid + 1}: ${Object.values(answerIssues(interview.questions[invalid]!.answer))[0]}`;
  return null;
};

/** Equality of content, ignoring ephemeral ids (drafts equal to the empty default are not saved). */
export const sameInterview = (a: EditableInterview, b: EditableInterview) => JSON.stringify(toWire(a)) === JSON.stringify(toWire(b));

/**
 * A recorded or uploaded video and the PNG taken from it, as the video dialog hands them back. A
 * video recorded live (issue 30) has no PNG of its own (null): previews show the thumbnail the
 * pipeline makes of every video.
 */
export interface SavedVideo {
  videoGroupId: string;
  thumbnailImageGroupId: string | null;
}

/** Every video group the interview shows (intro, questions, outro), without repeats. */
export const videoGroupIds = (interview: EditableInterview): string[] => [
  ...new Set(
    [interview.intro?.videoGroupId, ...interview.questions.map((q) => q.videoGroupId), interview.outro?.videoGroupId].filter((id): id is string =>
      Boolean(id),
    ),
  ),
];

export type VideoState = 'processing' | 'ready' | 'failed' | 'missing';

/** Video groups by id as last fetched: null when asked for but absent (unknown, or not the caller's). */
export type VideoStatuses = ReadonlyMap<string, { uploadStatus: string } | null>;

/** How a video group stands: still processing (also before its status first arrives), ready, failed or missing. */
export const videoState = (statuses: VideoStatuses | undefined, id: string): VideoState => {
  const group = statuses?.get(id);
  if (group === undefined) return 'processing';
  if (group === null) return 'missing';
  if (group.uploadStatus === 'ready') return 'ready';
  if (group.uploadStatus === 'failed') return 'failed';
  return 'processing';
};

/** Spec §5: saving (and the wizard's Next and Finish) wait while any video still processes. */
export const anyVideoProcessing = (interview: EditableInterview, statuses: VideoStatuses | undefined) =>
  videoGroupIds(interview).some((id) => videoState(statuses, id) === 'processing');

/** Where a video from the dialog goes: the intro, the outro, a question, or a new question at the end. */
export type VideoTarget = { kind: 'intro' } | { kind: 'outro' } | { kind: 'question'; ephemeralId: string } | { kind: 'new-question' };

export const emptyOutro = (): NonNullable<EditableInterview['outro']> => ({
  ephemeralId: ephemeralId(),
  title: '',
  content: '',
  thumbnailImageGroupId: null,
  videoGroupId: null,
});

/** Puts a video (or, with null, no video) in its place; an intro without video is no intro. */
export const setVideo = (interview: EditableInterview, target: VideoTarget, video: SavedVideo | null): EditableInterview => {
  const media = video ?? { videoGroupId: null, thumbnailImageGroupId: null };
  switch (target.kind) {
    case 'intro':
      return { ...interview, intro: video ? { ephemeralId: interview.intro?.ephemeralId ?? ephemeralId(), ...video } : null };
    case 'outro':
      return { ...interview, outro: { ...(interview.outro ?? emptyOutro()), ...media } };
    case 'question':
      return { ...interview, questions: interview.questions.map((q) => (q.ephemeralId === target.ephemeralId ? { ...q, ...media } : q)) };
    case 'new-question':
      return video ? { ...interview, questions: [...interview.questions, { ...newQuestion(), ...video }] } : interview;
  }
};
