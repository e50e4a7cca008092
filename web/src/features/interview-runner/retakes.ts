/**
 * Retakes left on a question, as its badge shows them. A question allows the first take plus
 * `retakes` more (null = unlimited). Before any take all the retakes are left; every take after
 * the first uses one. So before a take it is `retakes` while nothing was recorded, and one fewer
 * for each take after the first (a take recorded earlier but never submitted counts: the next one
 * is a retake). Once a take is recording, the server's count is the truth (`startAnswer`'s
 * `retakesLeft`).
 */
export const retakesLeftBeforeTake = (retakes: number | null, attemptsUsed: number): number | null =>
  retakes === null ? null : Math.max(0, Math.min(retakes, retakes + 1 - attemptsUsed));

/**
 * The badge of a question: what the candidate may still do, never what they lost. None (null) once
 * no retake is available (or the position gives none): no "0 retakes left" pill.
 */
export const retakesBadge = (left: number | null): string | null =>
  left === null ? 'Unlimited retakes' : left === 0 ? null : `${left} ${left === 1 ? 'retake' : 'retakes'} available`;
