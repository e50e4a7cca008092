import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateSecretCommand,
  DeleteSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceExistsException,
  ResourceNotFoundException,
  SecretsManagerClient,
  InvalidParameterException,
} from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecretsManagerLocal, type SecretsManagerLocal } from '../../lib/local/secrets-manager-local';

/**
 * The Secrets Manager stand-in's CreateSecret and DeleteSecret (issue 42: one client secret per single
 * sign-on provider), through the real AWS SDK client, and the created secrets outliving a restart.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const GIVEN_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:local/stripe/secret-key';

let dir: string;
let local: SecretsManagerLocal;
let client: SecretsManagerClient;
const start = async () => {
  local = await startSecretsManagerLocal({
    secrets: { [GIVEN_ARN]: 'sk_test_local' },
    dataFile: path.join(dir, 'secrets.json'),
    region: 'us-east-1',
  });
  client = new SecretsManagerClient({ region: 'us-east-1', endpoint: local.endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
};
const restart = async () => {
  client.destroy();
  await local.stop();
  await start();
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'secrets-local-'));
  await start();
});
afterAll(async () => {
  client?.destroy();
  await local?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('Secrets Manager stand-in: CreateSecret and DeleteSecret', () => {
  it('creates a secret that reads back by name and by ARN, with an ARN carrying the random suffix', async () => {
    const created = await client.send(
      new CreateSecretCommand({
        Name: 'local/sso/c1/p1',
        SecretString: 's3cret',
        Description: 'OIDC client secret',
        Tags: [{ Key: 'company', Value: 'c1' }],
      }),
    );
    expect(created.Name).toBe('local/sso/c1/p1');
    expect(created.ARN).toMatch(/^arn:aws:secretsmanager:us-east-1:000000000000:secret:local\/sso\/c1\/p1-[A-Za-z0-9]{6}$/);
    expect(created.VersionId).toMatch(/^[0-9a-f-]{36}$/);
    const byName = await client.send(new GetSecretValueCommand({ SecretId: 'local/sso/c1/p1' }));
    expect(byName).toMatchObject({ ARN: created.ARN, SecretString: 's3cret', VersionId: created.VersionId, VersionStages: ['AWSCURRENT'] });
    expect((await client.send(new GetSecretValueCommand({ SecretId: created.ARN }))).SecretString).toBe('s3cret');
  });

  it('uses the ClientRequestToken as the first version id', async () => {
    const token = 'a'.repeat(32);
    const created = await client.send(new CreateSecretCommand({ Name: 'local/sso/c1/p2', SecretString: 'x', ClientRequestToken: token }));
    expect(created.VersionId).toBe(token);
  });

  it('refuses a name that exists, given at start or created, with ResourceExistsException', async () => {
    await expect(client.send(new CreateSecretCommand({ Name: 'local/sso/c1/p1', SecretString: 'other' }))).rejects.toBeInstanceOf(
      ResourceExistsException,
    );
    await expect(client.send(new CreateSecretCommand({ Name: 'local/stripe/secret-key', SecretString: 'other' }))).rejects.toBeInstanceOf(
      ResourceExistsException,
    );
    // The first value stays.
    expect((await client.send(new GetSecretValueCommand({ SecretId: 'local/sso/c1/p1' }))).SecretString).toBe('s3cret');
  });

  it('refuses a name with characters Secrets Manager does not allow', async () => {
    // A constraint of the model, which AWS reports as ValidationException (the SDK has no class of its own for it).
    await expect(client.send(new CreateSecretCommand({ Name: 'local/sso/a b', SecretString: 'x' }))).rejects.toMatchObject({
      name: 'ValidationException',
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('keeps created secrets, and their new versions, across a restart; the data file holds only those', async () => {
    await client.send(new PutSecretValueCommand({ SecretId: 'local/sso/c1/p2', SecretString: 'y' }));
    await restart();
    expect((await client.send(new GetSecretValueCommand({ SecretId: 'local/sso/c1/p1' }))).SecretString).toBe('s3cret');
    expect((await client.send(new GetSecretValueCommand({ SecretId: 'local/sso/c1/p2' }))).SecretString).toBe('y');
    expect((await client.send(new GetSecretValueCommand({ SecretId: 'local/sso/c1/p2', VersionStage: 'AWSPREVIOUS' }))).SecretString).toBe('x');
    const stored = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as { secrets: { name: string }[] };
    expect(stored.secrets.map((secret) => secret.name).sort()).toEqual(['local/sso/c1/p1', 'local/sso/c1/p2']);
  });

  it('deletes a secret at once, answering its ARN, name and deletion date; reading or deleting it again is ResourceNotFoundException', async () => {
    const { ARN } = await client.send(new GetSecretValueCommand({ SecretId: 'local/sso/c1/p1' }));
    const before = Date.now();
    const deleted = await client.send(new DeleteSecretCommand({ SecretId: 'local/sso/c1/p1', ForceDeleteWithoutRecovery: true }));
    expect(deleted).toMatchObject({ ARN, Name: 'local/sso/c1/p1' });
    expect(deleted.DeletionDate!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await expect(client.send(new GetSecretValueCommand({ SecretId: 'local/sso/c1/p1' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(client.send(new DeleteSecretCommand({ SecretId: 'local/sso/c1/p1', ForceDeleteWithoutRecovery: true }))).rejects.toBeInstanceOf(
      ResourceNotFoundException,
    );
    // The name is free again.
    await client.send(new CreateSecretCommand({ Name: 'local/sso/c1/p1', SecretString: 'again' }));
    expect((await client.send(new GetSecretValueCommand({ SecretId: 'local/sso/c1/p1' }))).SecretString).toBe('again');
  });

  it('with a recovery window, answers the window’s end as the deletion date; a deleted secret stays deleted after a restart', async () => {
    const deleted = await client.send(new DeleteSecretCommand({ SecretId: 'local/sso/c1/p2', RecoveryWindowInDays: 7 }));
    expect(deleted.DeletionDate!.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    await restart();
    await expect(client.send(new GetSecretValueCommand({ SecretId: 'local/sso/c1/p2' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('refuses a recovery window out of range, or one given with ForceDeleteWithoutRecovery', async () => {
    await expect(client.send(new DeleteSecretCommand({ SecretId: 'local/sso/c1/p1', RecoveryWindowInDays: 3 }))).rejects.toBeInstanceOf(
      InvalidParameterException,
    );
    await expect(
      client.send(new DeleteSecretCommand({ SecretId: 'local/sso/c1/p1', RecoveryWindowInDays: 7, ForceDeleteWithoutRecovery: true })),
    ).rejects.toBeInstanceOf(InvalidParameterException);
    expect((await client.send(new GetSecretValueCommand({ SecretId: 'local/sso/c1/p1' }))).SecretString).toBe('again');
  });
});
