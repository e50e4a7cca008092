/**
 * Find in answers' count line (issue 27, 43): "1 answer says “…”", "2 answers say “…”", and "12+ answers
 * say “…”" while more pages may follow.
 */
export const answersSayText = (count: number, more: boolean, text: string) =>
  count === 1 && !more ? `1 answer says “${text}”` : `${count}${more ? '+' : ''} answers say “${text}”`;
