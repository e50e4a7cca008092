import { badRequest } from '../platform/errors';

/** Opaque page cursors: DynamoDB's LastEvaluatedKey as base64url JSON. */
export const encodeCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;

/**
 * A cursor sent back by the client. Only a key of the Query at hand goes to DynamoDB: string
 * attributes, exactly those `attributes`, accepted by `belongs` (same partition, same tab). Anything
 * else, crafted or stale, is a 400, never a DynamoDB validation error.
 */
export const decodeCursor = (
  cursor: string | undefined,
  attributes: readonly string[],
  belongs: (key: Record<string, string>) => boolean,
): Record<string, string> | undefined => {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const entries = Object.entries(value);
      const key = Object.fromEntries(entries) as Record<string, string>;
      const shaped =
        entries.length === attributes.length &&
        attributes.every((name) => Object.hasOwn(key, name)) &&
        entries.every(([, inner]) => typeof inner === 'string' && inner.length > 0 && inner.length <= 1024);
      if (shaped && belongs(key)) return key;
    }
  } catch {
    // fall through
  }
  throw badRequest('That page cursor is not valid.', 'invalid_cursor');
};
