import { DEFAULT_PACING, isQuestionComplete, UNLIMITED } from '../../../../lambdas/contracts/pacing';
import type { Interview } from '../../api/positions';

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
}

export interface EditableInterview {
  intro: { ephemeralId: string; thumbnailImageGroupId: string | null; videoGroupId: string | null } | null;
  questions: EditableQuestion[];
  outro: { ephemeralId: string; title: string; content: string; thumbnailImageGroupId: string | null; videoGroupId: string | null } | null;
  pacing: { thinkingTime: number; answerTime: number; retakes: number };
}

export const ephemeralId = () => crypto.randomUUID();

export const newQuestion = (): EditableQuestion => ({
  ephemeralId: ephemeralId(),
  title: '',
  content: '',
  thumbnailImageGroupId: null,
  videoGroupId: null,
});

export const emptyInterview = (): EditableInterview => ({ intro: null, questions: [], outro: null, pacing: { ...DEFAULT_PACING } });

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
});

const stored = (value: number) => (value === UNLIMITED ? null : value);

export const toWire = (interview: EditableInterview): Interview => ({
  intro: interview.intro ? { thumbnailImageGroupId: interview.intro.thumbnailImageGroupId, videoGroupId: interview.intro.videoGroupId } : null,
  questions: interview.questions.map(({ ephemeralId: _id, ...q }) => ({ ...q, title: q.title.trim(), content: q.content.trim() })),
  outro: interview.outro
    ? {
        title: interview.outro.title.trim(),
        content: interview.outro.content.trim(),
        thumbnailImageGroupId: interview.outro.thumbnailImageGroupId,
        videoGroupId: interview.outro.videoGroupId,
      }
    : null,
  pacing: { thinkingTime: stored(interview.pacing.thinkingTime), answerTime: interview.pacing.answerTime, retakes: stored(interview.pacing.retakes) },
});

/** Spec §5: at least one question, each with a video or a non-empty title. */
export const questionsValid = (interview: EditableInterview) => interview.questions.length > 0 && interview.questions.every(isQuestionComplete);

/** Equality of content, ignoring ephemeral ids (drafts equal to the empty default are not saved). */
export const sameInterview = (a: EditableInterview, b: EditableInterview) => JSON.stringify(toWire(a)) === JSON.stringify(toWire(b));
