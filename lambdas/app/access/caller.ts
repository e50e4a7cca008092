/**
 * Who asks, as the access checks take it: a user id, or the handler chain's session check while it
 * still runs (handlers of `defineHandlerAlongsideAuth` pass it on), so that the reads that need no
 * user go out alongside the session read. The check's refusal (401) then wins over whatever those
 * reads found (alongside.ts), and nothing they read is handed out before it passed.
 */
export type Caller = string | PromiseLike<{ readonly userId: string }>;

/** The caller's user id, once the session check has passed. */
export const callerId = async (caller: Caller): Promise<string> => (typeof caller === 'string' ? caller : (await caller).userId);
