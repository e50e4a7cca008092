import { safeReturnPath } from '../config/paths';
import { storage } from './storage';

/**
 * Where each checkout started (spec §2 confirm-checkout: "returns to the saved path"): the app's hash
 * path, kept in local storage under the checkout's own reference while the browser is away on the
 * payment page. Entries older than a week are dropped, so abandoned checkouts do not pile up.
 */
const KEY = 'checkout_returns';
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

type Entries = Record<string, { path: string; savedAt: number }>;

const read = (): Entries => {
  const value = storage.getJson<Entries>(KEY);
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
};

export const checkoutReturns = {
  save(frontendReferenceId: string, path: string, now = Date.now()): void {
    const kept = Object.entries(read()).filter(([, entry]) => typeof entry?.savedAt === 'number' && now - entry.savedAt < KEEP_MS);
    storage.setJson(KEY, Object.fromEntries([...kept, [frontendReferenceId, { path, savedAt: now }]]));
  },
  /** The saved path, when it is one of the app's own paths. */
  path(frontendReferenceId: string): string | null {
    const path = read()[frontendReferenceId]?.path;
    return typeof path === 'string' ? safeReturnPath(path) : null;
  },
  remove(frontendReferenceId: string): void {
    const entries = read();
    if (!(frontendReferenceId in entries)) return;
    delete entries[frontendReferenceId];
    storage.setJson(KEY, entries);
  },
};
