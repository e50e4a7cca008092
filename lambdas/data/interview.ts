/**
 * An interview as the table stores it: on its position, and on each candidate as it was when they
 * were invited. The data layer's own shape, not the wire's (`contracts/position.ts`): a use case
 * passes what it parsed, and only the fields named here are written, so a field added to the
 * contract is stored only once it is added here too. Reading fills what older items lack with
 * the values the contract defaults to.
 */
import { DEFAULT_KNOCKOUT, VIDEO_ANSWER, type AnswerSpec, type KnockoutSettings } from '../contracts/answer-types';

export interface StoredMedia {
  thumbnailImageGroupId: string | null;
  videoGroupId: string | null;
}

export interface StoredText extends StoredMedia {
  title: string;
  content: string;
}

/** A question: its text and video, and what it asks for (issue 39; a video for questions stored before answer types). */
export interface StoredQuestion extends StoredText {
  answer: AnswerSpec;
}

export interface StoredPacing {
  /** Seconds; null is unlimited. */
  thinkingTime: number | null;
  answerTime: number;
  /** Retakes allowed; null is unlimited. */
  retakes: number | null;
}

export interface StoredInterview {
  intro: StoredMedia | null;
  questions: StoredQuestion[];
  outro: StoredText | null;
  pacing: StoredPacing;
  /** What a knockout option does (issue 39); flag for interviews stored before knockouts. */
  knockout: KnockoutSettings;
}

const media = (m: Partial<StoredMedia>): StoredMedia => ({
  thumbnailImageGroupId: m.thumbnailImageGroupId ?? null,
  videoGroupId: m.videoGroupId ?? null,
});

const text = (t: Partial<StoredText>): StoredText => ({ title: t.title ?? '', content: t.content ?? '', ...media(t) });

/** The answer spec's own fields only (the contract parsed it; older items have none: a video). */
const answer = (a: AnswerSpec | undefined): AnswerSpec => {
  switch (a?.answerType) {
    case 'text':
      return { answerType: 'text', minWords: a.minWords ?? null, maxWords: a.maxWords ?? null };
    case 'single_choice':
      return { answerType: 'single_choice', options: a.options.map(option) };
    case 'multiple_choice':
      return { answerType: 'multiple_choice', options: a.options.map(option), minPicked: a.minPicked ?? 1, maxPicked: a.maxPicked ?? null };
    case 'audio':
    case 'file':
      return { answerType: a.answerType };
    default:
      return { ...VIDEO_ANSWER };
  }
};
const option = (o: { optionId: string; label: string; knockout?: boolean }) => ({ optionId: o.optionId, label: o.label, knockout: o.knockout === true });

const question = (q: Partial<StoredQuestion>): StoredQuestion => ({ ...text(q), answer: answer(q.answer) });

/** The stored fields of an interview, and only those (for writing an interview and for reading one). */
export const storedInterview = (interview: Omit<StoredInterview, 'knockout'> & { knockout?: KnockoutSettings }): StoredInterview => ({
  intro: interview.intro ? media(interview.intro) : null,
  questions: (interview.questions ?? []).map(question),
  outro: interview.outro ? text(interview.outro) : null,
  pacing: { thinkingTime: interview.pacing.thinkingTime ?? null, answerTime: interview.pacing.answerTime, retakes: interview.pacing.retakes ?? null },
  knockout: interview.knockout
    ? { action: interview.knockout.action === 'end' ? 'end' : 'flag', message: interview.knockout.message ?? DEFAULT_KNOCKOUT.message }
    : { ...DEFAULT_KNOCKOUT },
});
