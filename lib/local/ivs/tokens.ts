import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The IVS stand-in's participant tokens: opaque to clients (as IVS's are), here a compact HMAC-signed
 * JWT (HS256) bound to one stage and one participant, with its capabilities and an expiry. The key is
 * made per process, so a token does not outlive the `npm start` that issued it (nor do its stages).
 */
export interface ParticipantTokenClaims {
  /** The stage's ARN. */
  stageArn: string;
  participantId: string;
  userId?: string;
  capabilities: string[];
  /** Expiry, seconds since the epoch. */
  exp: number;
  iat: number;
}

const base64url = (value: Buffer | string): string => Buffer.from(value).toString('base64url');

export const createTokenSigner = () => {
  const key = randomBytes(32);
  const sign = (data: string) => createHmac('sha256', key).update(data).digest();
  return {
    issue(claims: ParticipantTokenClaims): string {
      const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
      const body = base64url(JSON.stringify(claims));
      return `${header}.${body}.${base64url(sign(`${header}.${body}`))}`;
    },
    /** The claims of a token this process signed, whether or not it has expired; undefined for anything else. */
    read(token: string): ParticipantTokenClaims | undefined {
      const [header, body, signature, ...rest] = token.split('.');
      if (!header || !body || !signature || rest.length > 0) return undefined;
      const expected = sign(`${header}.${body}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ParticipantTokenClaims;
        return typeof claims.stageArn === 'string' && typeof claims.participantId === 'string' && Array.isArray(claims.capabilities)
          ? claims
          : undefined;
      } catch {
        return undefined;
      }
    },
  };
};
export type TokenSigner = ReturnType<typeof createTokenSigner>;
