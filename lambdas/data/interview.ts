/**
 * An interview as the table stores it: on its position, and on each candidate as it was when they
 * were invited. The data layer's own shape, not the wire's (`contracts/position.ts`): a use case
 * passes what it parsed, and only the fields named here are written, so a field added to the
 * contract is stored only once it is added here too. Reading fills what older items lack with
 * the values the contract defaults to.
 */
export interface StoredMedia {
  thumbnailImageGroupId: string | null;
  videoGroupId: string | null;
}

export interface StoredText extends StoredMedia {
  title: string;
  content: string;
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
  questions: StoredText[];
  outro: StoredText | null;
  pacing: StoredPacing;
}

const media = (m: Partial<StoredMedia>): StoredMedia => ({
  thumbnailImageGroupId: m.thumbnailImageGroupId ?? null,
  videoGroupId: m.videoGroupId ?? null,
});

const text = (t: Partial<StoredText>): StoredText => ({ title: t.title ?? '', content: t.content ?? '', ...media(t) });

/** The stored fields of an interview, and only those (for writing an interview and for reading one). */
export const storedInterview = (interview: StoredInterview): StoredInterview => ({
  intro: interview.intro ? media(interview.intro) : null,
  questions: (interview.questions ?? []).map(text),
  outro: interview.outro ? text(interview.outro) : null,
  pacing: { thinkingTime: interview.pacing.thinkingTime ?? null, answerTime: interview.pacing.answerTime, retakes: interview.pacing.retakes ?? null },
});
