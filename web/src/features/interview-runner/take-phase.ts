import type { MutableRefObject } from 'react';

/**
 * Where a question's take is. `thinking` counts the thinking time down (once a video question is
 * watched); `ready` waits for Start recording (unlimited thinking, or after a take could not start).
 * A live take adds `connecting` (until the stream is live), `stopping` (the service saves it) and
 * `failed` (the connection could not come back).
 */
export type QuestionPhase =
  'ready' | 'thinking' | 'countdown' | 'starting' | 'connecting' | 'recording' | 'stopping' | 'review' | 'submitting' | 'failed';

/** What a take (use-recorded-take.ts, use-live-take.ts) shares with its question step. */
export interface TakeControls {
  readonly token: string;
  readonly index: number;
  readonly stream: MediaStream;
  /** The answer the take records, once started. */
  readonly answerIdRef: MutableRefObject<string | null>;
  readonly setPhase: (phase: QuestionPhase) => void;
  readonly setError: (error: string | null) => void;
  readonly setRetakesLeft: (retakesLeft: number | null) => void;
  readonly onSubmitted: (completed: boolean) => void;
}
