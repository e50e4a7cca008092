import { readEnv } from '../platform/env';
import { sdkClientSettings } from '../platform/sdk-config';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';

/**
 * Secrets the product keeps for others (ATS credentials), sealed with the integrations KMS key
 * (grant ats:api: INTEGRATIONS_KEY_ID) under an encryption context naming what they belong to, so
 * a sealed value copied onto another item does not open. KMS encrypts up to 4 KB directly; the
 * credentials of one integration are far smaller.
 */
const client = new KMSClient(sdkClientSettings('kms'));

const keyId = () => readEnv('INTEGRATIONS_KEY_ID').INTEGRATIONS_KEY_ID;

export const seal = async (plaintext: string, context: Record<string, string>): Promise<string> => {
  const { CiphertextBlob } = await client.send(
    new EncryptCommand({ KeyId: keyId(), Plaintext: Buffer.from(plaintext, 'utf8'), EncryptionContext: context }),
  );
  if (!CiphertextBlob) throw new Error('KMS returned no ciphertext');
  return Buffer.from(CiphertextBlob).toString('base64');
};

export const unseal = async (sealed: string, context: Record<string, string>): Promise<string> => {
  const { Plaintext } = await client.send(
    new DecryptCommand({ KeyId: keyId(), CiphertextBlob: Buffer.from(sealed, 'base64'), EncryptionContext: context }),
  );
  if (!Plaintext) throw new Error('KMS returned no plaintext');
  return Buffer.from(Plaintext).toString('utf8');
};
