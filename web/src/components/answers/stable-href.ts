import { useState } from 'react';

/** Presigned URLs last an hour; a kept one gives way to a URL signed this much later. */
const KEEP_MS = 30 * 60 * 1000;

const parse = (href: string) => {
  try {
    return new URL(href, globalThis.location?.href);
  } catch {
    return null;
  }
};

/** When a presigned URL was signed (its X-Amz-Date, 20261126T043400Z), or null for another URL. */
const signedAt = (url: URL) => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(url.searchParams.get('X-Amz-Date') ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
};

/** Whether `next` points at the same object as `kept`, signed soon enough after it that `kept` is still good. */
export const sameObject = (kept: string, next: string) => {
  if (kept === next) return true;
  const [a, b] = [parse(kept), parse(next)];
  if (!a || !b || a.origin + a.pathname !== b.origin + b.pathname) return false;
  const [from, to] = [signedAt(a), signedAt(b)];
  return from === null || to === null || to - from < KEEP_MS;
};

/**
 * The first URL seen for an object while it stays the same object. Media URLs are presigned, so
 * every fetch of the candidate (a rating saved, a poll, the window regaining focus) signs them
 * anew: handing the player each new URL would reload the video mid-play and flash its poster. A
 * URL is kept until one signed half its life later arrives.
 */
export const useStableHref = (href: string | null | undefined): string | undefined => {
  const [kept, setKept] = useState(href ?? undefined);
  const next = href && kept && sameObject(kept, href) ? kept : (href ?? undefined);
  // Adjusting state while rendering (React's pattern for state derived from props): no pass with the old URL.
  if (next !== kept) setKept(next);
  return next;
};
