import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Secrets (session ids, codes) are stored only as SHA-256 hashes. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Whether two hashes (or other strings) are equal, compared in constant time. */
export const sameHash = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A URL-safe random token with `bytes` bytes of entropy (16 bytes = 128 bits). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** An opaque id for entities (96 bits, URL-safe). */
export const newId = (): string => randomBytes(12).toString('base64url');
