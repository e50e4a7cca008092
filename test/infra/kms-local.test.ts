import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKmsLocal, type KmsLocal } from '../../lib/local/kms-local';

/** The KMS stand-in through the official SDK: what sealing the ATS credentials relies on. */
const arn = 'arn:aws:kms:us-east-1:000000000000:key/local-integrations';
const alias = 'alias/test-integrations';
let dir: string;
let kms: KmsLocal;
let client: KMSClient;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kms-'));
  kms = await startKmsLocal({ keys: [{ arn, alias }], keyFile: path.join(dir, 'keys.json') });
  client = new KMSClient({ endpoint: kms.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
});
afterAll(async () => {
  await kms.stop();
  rmSync(dir, { recursive: true, force: true });
});

const seal = async (text: string, context: Record<string, string>) =>
  (await client.send(new EncryptCommand({ KeyId: alias, Plaintext: Buffer.from(text), EncryptionContext: context }))).CiphertextBlob!;

describe('the KMS stand-in', () => {
  it('encrypts by alias and decrypts with the same encryption context, naming the key', async () => {
    const blob = await seal('api-key-123', { integrationId: 'i1', companyId: 'c1' });
    expect(Buffer.from(blob).toString('utf8')).not.toContain('api-key-123');
    const opened = await client.send(new DecryptCommand({ CiphertextBlob: blob, EncryptionContext: { companyId: 'c1', integrationId: 'i1' } }));
    expect(Buffer.from(opened.Plaintext!).toString('utf8')).toBe('api-key-123');
    expect(opened.KeyId).toBe(arn);
  });

  it('refuses another encryption context, a tampered ciphertext and an unknown key, as KMS does', async () => {
    const blob = await seal('secret', { integrationId: 'i1' });
    await expect(client.send(new DecryptCommand({ CiphertextBlob: blob, EncryptionContext: { integrationId: 'i2' } }))).rejects.toMatchObject({
      name: 'InvalidCiphertextException',
    });
    const tampered = Buffer.from(blob);
    tampered[tampered.length - 1] ^= 1;
    await expect(client.send(new DecryptCommand({ CiphertextBlob: tampered, EncryptionContext: { integrationId: 'i1' } }))).rejects.toMatchObject({
      name: 'InvalidCiphertextException',
    });
    await expect(client.send(new EncryptCommand({ KeyId: 'alias/nope', Plaintext: Buffer.from('x') }))).rejects.toMatchObject({
      name: 'NotFoundException',
    });
  });

  it('keeps its key material across restarts, so what was sealed before still opens', async () => {
    const blob = await seal('kept', { integrationId: 'i3' });
    await kms.stop();
    kms = await startKmsLocal({ keys: [{ arn, alias }], keyFile: path.join(dir, 'keys.json') });
    client = new KMSClient({ endpoint: kms.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    const opened = await client.send(new DecryptCommand({ CiphertextBlob: blob, EncryptionContext: { integrationId: 'i3' } }));
    expect(Buffer.from(opened.Plaintext!).toString('utf8')).toBe('kept');
  });
});
