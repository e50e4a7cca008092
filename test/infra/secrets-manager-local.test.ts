import { GetSecretValueCommand, PutSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecretsManagerLocal, type SecretsManagerLocal } from '../../lib/local/secrets-manager-local';

/** The Secrets Manager stand-in, through the real AWS SDK client pointed at it (as the handlers reach it). */
const KEY_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:local/stripe-secret-key';
const HOOK_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:local/stripe-webhook-secret';

let local: SecretsManagerLocal;
let client: SecretsManagerClient;
// Lambda runs Node 22; the SDK's warning about older Node versions is noise here (as in lib/local/stack.ts).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

beforeAll(async () => {
  local = await startSecretsManagerLocal({ secrets: { [KEY_ARN]: 'sk_test_local', [HOOK_ARN]: 'whsec_local_test' } });
  client = new SecretsManagerClient({ region: 'us-east-1', endpoint: local.endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
});
afterAll(async () => {
  client?.destroy();
  await local?.stop();
});

describe('Secrets Manager stand-in', () => {
  it('returns a secret by its ARN, with the fields GetSecretValue has', async () => {
    const secret = await client.send(new GetSecretValueCommand({ SecretId: KEY_ARN }));
    expect(secret).toMatchObject({ ARN: KEY_ARN, Name: 'local/stripe-secret-key', SecretString: 'sk_test_local', VersionStages: ['AWSCURRENT'] });
    expect(secret.VersionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(secret.CreatedDate).toBeInstanceOf(Date);
    expect(Math.abs(secret.CreatedDate!.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('finds a secret by its name too', async () => {
    const secret = await client.send(new GetSecretValueCommand({ SecretId: 'local/stripe-webhook-secret' }));
    expect(secret.SecretString).toBe('whsec_local_test');
    expect(secret.ARN).toBe(HOOK_ARN);
  });

  it('answers ResourceNotFoundException for an unknown secret, as the SDK error class', async () => {
    const error = await client.send(new GetSecretValueCommand({ SecretId: 'local/nothing-here' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceNotFoundException);
    expect((error as ResourceNotFoundException).message).toBe("Secrets Manager can't find the specified secret.");
    expect((error as ResourceNotFoundException).$metadata.httpStatusCode).toBe(400);
  });

  it('PutSecretValue makes a new current version and keeps the old one as AWSPREVIOUS', async () => {
    const before = await client.send(new GetSecretValueCommand({ SecretId: KEY_ARN }));
    const put = await client.send(new PutSecretValueCommand({ SecretId: 'local/stripe-secret-key', SecretString: 'sk_test_rotated' }));
    expect(put).toMatchObject({ ARN: KEY_ARN, Name: 'local/stripe-secret-key', VersionStages: ['AWSCURRENT'] });
    expect(put.VersionId).not.toBe(before.VersionId);
    expect((await client.send(new GetSecretValueCommand({ SecretId: KEY_ARN }))).SecretString).toBe('sk_test_rotated');
    const previous = await client.send(new GetSecretValueCommand({ SecretId: KEY_ARN, VersionStage: 'AWSPREVIOUS' }));
    expect(previous).toMatchObject({ SecretString: 'sk_test_local', VersionId: before.VersionId, VersionStages: ['AWSPREVIOUS'] });
  });

  it('PutSecretValue on a secret that does not exist fails as in AWS', async () => {
    await expect(client.send(new PutSecretValueCommand({ SecretId: 'local/unknown', SecretString: 'x' }))).rejects.toBeInstanceOf(
      ResourceNotFoundException,
    );
  });

  it('refuses an unsigned request', async () => {
    const response = await fetch(local.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
      body: JSON.stringify({ SecretId: KEY_ARN }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ __type: 'MissingAuthenticationTokenException' });
  });
});
