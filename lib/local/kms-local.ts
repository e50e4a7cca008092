import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ServiceError, startAwsJsonService, type AwsJsonService } from './aws-json-service';

/**
 * KMS stand-in speaking the service's AWS JSON 1.1 protocol (`POST /` with `X-Amz-Target:
 * TrentService.<Operation>`), so the handlers' SDK client encrypts through AWS_ENDPOINT_URL_KMS
 * unchanged: Encrypt and Decrypt with an encryption context, as KMS does them for a symmetric key.
 * Each key's material is 32 random bytes kept in `keyFile` (so `npm start` decrypts what it sealed
 * before a restart); ciphertexts are AES-256-GCM with the encryption context as authenticated data,
 * so a ciphertext opened with another context, or by another key, fails as in KMS.
 */
export type KmsLocal = AwsJsonService;

const FORMAT = 1;

/** The encryption context as canonical bytes (keys sorted), the GCM additional data. */
const contextBytes = (context: unknown): Buffer => {
  if (context === undefined || context === null) return Buffer.alloc(0);
  if (typeof context !== 'object' || Array.isArray(context)) throw new ServiceError('ValidationException', 'EncryptionContext must be a map.');
  const entries = Object.entries(context as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [, value] of entries)
    if (typeof value !== 'string') throw new ServiceError('ValidationException', 'EncryptionContext values must be strings.');
  return Buffer.from(JSON.stringify(entries), 'utf8');
};

const base64Field = (input: Record<string, unknown>, name: string): Buffer => {
  const value = input[name];
  if (typeof value !== 'string' || value === '') throw new ServiceError('ValidationException', `${name} is required.`);
  return Buffer.from(value, 'base64');
};

export const startKmsLocal = async (options: {
  /** The keys the account has: ARN → alias (`alias/…`), each usable by ARN, key id or alias. */
  keys: readonly { arn: string; alias: string }[];
  /** Where key material persists (JSON). */
  keyFile: string;
}): Promise<KmsLocal> => {
  const material: Record<string, string> = existsSync(options.keyFile)
    ? (JSON.parse(readFileSync(options.keyFile, 'utf8')) as Record<string, string>)
    : {};
  for (const key of options.keys) material[key.arn] ??= randomBytes(32).toString('base64');
  mkdirSync(path.dirname(options.keyFile), { recursive: true });
  writeFileSync(options.keyFile, JSON.stringify(material, null, 2), { mode: 0o600 });

  const keyOf = (id: unknown) => {
    if (typeof id !== 'string' || !id) throw new ServiceError('ValidationException', 'KeyId is required.');
    const key = options.keys.find((k) => k.arn === id || k.alias === id || k.arn.endsWith(`:key/${id}`) || k.arn.endsWith(`:${id}`));
    if (!key) throw new ServiceError('NotFoundException', `Key '${id}' does not exist`);
    return { arn: key.arn, secret: Buffer.from(material[key.arn]!, 'base64') };
  };

  const operations: Record<string, (input: Record<string, unknown>) => unknown> = {
    Encrypt: (input) => {
      const key = keyOf(input.KeyId);
      const plaintext = base64Field(input, 'Plaintext');
      if (plaintext.length > 4096) throw new ServiceError('ValidationException', 'Plaintext must be at most 4096 bytes.');
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key.secret, iv);
      cipher.setAAD(contextBytes(input.EncryptionContext));
      const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      const arn = Buffer.from(key.arn, 'utf8');
      const blob = Buffer.concat([Buffer.from([FORMAT, arn.length >> 8, arn.length & 0xff]), arn, iv, cipher.getAuthTag(), body]);
      return { CiphertextBlob: blob.toString('base64'), KeyId: key.arn, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' };
    },
    Decrypt: (input) => {
      const blob = base64Field(input, 'CiphertextBlob');
      if (blob.length < 3 || blob[0] !== FORMAT) throw new ServiceError('InvalidCiphertextException', '');
      const arnLength = (blob[1]! << 8) | blob[2]!;
      const arn = blob.subarray(3, 3 + arnLength).toString('utf8');
      const key = keyOf(arn);
      if (typeof input.KeyId === 'string' && keyOf(input.KeyId).arn !== key.arn) throw new ServiceError('IncorrectKeyException', '');
      const rest = blob.subarray(3 + arnLength);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.secret, rest.subarray(0, 12));
        decipher.setAAD(contextBytes(input.EncryptionContext));
        decipher.setAuthTag(rest.subarray(12, 28));
        const plaintext = Buffer.concat([decipher.update(rest.subarray(28)), decipher.final()]);
        return { Plaintext: plaintext.toString('base64'), KeyId: key.arn, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' };
      } catch {
        // KMS says no more than this when the context or the ciphertext does not match.
        throw new ServiceError('InvalidCiphertextException', '');
      }
    },
  };

  return startAwsJsonService({ targetPrefix: 'TrentService', name: 'KMS', internalErrorType: 'KMSInternalException', operations });
};
