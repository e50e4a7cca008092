import { createHmac } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../contracts/webhooks';
import { randomToken } from '../platform/crypto';

/**
 * The product's signer of webhook deliveries (issue 38; the scheme is in
 * lambdas/contracts/webhook-events.ts): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, one
 * `v1=` per live secret (the current one first; the previous one too while a rotation overlaps).
 * Receivers verify with their own implementation (the local receiver and the tests do: node:crypto,
 * not this module).
 */
export const signatureHeader = (timestamp: number, body: string, secrets: readonly string[]): string =>
  [`t=${timestamp}`, ...secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`)].join(',');

/** A new signing secret: `whsec_` and 36 random bytes (48 base64url characters). */
export const newSigningSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomToken(36)}`;
