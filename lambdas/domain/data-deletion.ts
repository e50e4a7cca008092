/**
 * Deletion on request (issue 28) as pure rules: whom a confirmed request deletes, and how a
 * deletion receipt's id reads.
 */

/** What a confirmed request may delete: candidates of its company whose address is the request's (read again, not trusted from the request). */
export const candidatesOfRequest = <C extends { companyId: string; email: string | null }>(
  candidates: readonly (C | null)[],
  request: { companyId: string; email: string },
): C[] =>
  candidates.filter(
    (c): c is C => c !== null && c.companyId === request.companyId && c.email !== null && c.email.trim().toLowerCase() === request.email,
  );

/** A receipt id a person can read out and quote: `DR-` and four groups of four from 16 hex digits (`DR-1A2B-3C4D-5E6F-7A8B`). */
export const receiptIdOf = (hex: string): string => {
  if (!/^[0-9a-f]{16}$/i.test(hex)) throw new Error('A receipt id takes 16 hex digits.');
  return `DR-${hex.toUpperCase().match(/.{4}/g)!.join('-')}`;
};
