import { paths } from '../config/paths';

/**
 * The page holds two apps (issue 17): the candidate's (the interview, the apply link and "Delete my data": a light
 * shell of plain React and CSS) and the hiring team's (Amplify UI, SWR, React Router). `main.tsx`
 * picks one from the hash before loading either, and each app reloads the page when the hash moves
 * into the other's routes (rare: a team member opening a candidate's link in the same tab), so
 * neither ever carries the other's code. Both decide with `candidateRoute`, so they always agree.
 */
export type CandidateRoute =
  | { readonly name: 'interview'; readonly token: string }
  | { readonly name: 'apply'; readonly linkId: string }
  /** "Delete my data" (issue 28): the request, with the address the link prefills, and the mailed confirmation. */
  | { readonly name: 'deleteMyData'; readonly companyId: string; readonly email: string }
  /** The confirmation link names its company (issue 43); a link mailed before it did has none. */
  | { readonly name: 'confirmDeletion'; readonly nonce: string; readonly companyId: string | null };

/** A hash route's path without the `#`, its query or a trailing slash (`#/apply/x/?a=1` → `/apply/x`). */
const pathOf = (hash: string) => {
  const path = hash.replace(/^#/, '').split('?')[0]!.replace(/\/+$/, '');
  return path.startsWith('/') ? path : `/${path}`;
};

/** A hash route's query (`#/x?email=a%40b` → email=a@b). */
const queryOf = (hash: string) => new URLSearchParams(hash.split('?')[1] ?? '');

/** The value of a pattern's one `:param` in `path` (`/interview/:token`), or null when it does not match. Case-insensitive, as the team's router is. */
const paramOf = (pattern: string, path: string): string | null => {
  const [prefix, param] = pattern.split('/:');
  if (!param || !path.toLowerCase().startsWith(`${prefix!.toLowerCase()}/`)) return null;
  const value = path.slice(prefix!.length + 1);
  if (!value || value.includes('/')) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

/** The candidate's route a location hash names, or null for every other route (the hiring team's). */
export const candidateRoute = (hash: string): CandidateRoute | null => {
  const path = pathOf(hash);
  const token = paramOf(paths.interview.pattern, path);
  if (token !== null) return { name: 'interview', token };
  const linkId = paramOf(paths.apply.pattern, path);
  if (linkId !== null) return { name: 'apply', linkId };
  const companyId = paramOf(paths.deleteMyData.pattern, path);
  if (companyId !== null) return { name: 'deleteMyData', companyId, email: queryOf(hash).get('email') ?? '' };
  const nonce = paramOf(paths.confirmDeletion.pattern, path);
  if (nonce !== null) return { name: 'confirmDeletion', nonce, companyId: queryOf(hash).get('company') || null };
  return null;
};

export const isCandidateHash = (hash: string) => candidateRoute(hash) !== null;
