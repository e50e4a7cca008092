import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ServiceError, startAwsJsonService, type AwsJsonService } from './aws-json-service';

/**
 * Secrets Manager stand-in speaking the service's AWS JSON 1.1 protocol (`POST /` with
 * `X-Amz-Target: secretsmanager.<Operation>`), so the handlers' SDK client reads secrets through
 * `AWS_ENDPOINT_URL_SECRETS_MANAGER` unchanged: GetSecretValue, PutSecretValue, CreateSecret and
 * DeleteSecret, a secret found by its ARN or by its name (what follows `secret:` in the ARN). The
 * secrets the local stack sets at start (`secrets`) are set again at every start; the ones created
 * at run time (single sign-on's client secrets, issue 42) persist in `dataFile` when one is given,
 * so `npm start` after a restart still has them. A deleted secret is gone at once, whatever its
 * recovery window.
 */
export type SecretsManagerLocal = AwsJsonService;

interface SecretVersion {
  id: string;
  value: string;
  created: Date;
  stages: string[];
}

interface Secret {
  arn: string;
  name: string;
  versions: SecretVersion[];
  /** Made by CreateSecret (persisted), not given at start. */
  created?: boolean;
  description?: string;
  tags?: { Key: string; Value: string }[];
}

/** What the data file keeps of a secret created at run time. */
interface StoredSecret {
  arn: string;
  name: string;
  description?: string;
  tags?: { Key: string; Value: string }[];
  versions: { id: string; value: string; created: string; stages: string[] }[];
}

// Secrets Manager's rule for names: up to 512 of these characters (and not ending in a hyphen and six characters, which reads as an ARN suffix).
const SECRET_NAME = /^[A-Za-z0-9/_+=.@-]{1,512}$/;
const CLIENT_REQUEST_TOKEN = /^[A-Za-z0-9-]{32,64}$/;

const notFound = () => new ServiceError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");

const nameOfArn = (arn: string): string => {
  const name = /^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:(.+)$/.exec(arn)?.[1];
  if (!name) throw new Error(`Not a Secrets Manager secret ARN: ${arn}`);
  return name;
};

const stringField = (input: Record<string, unknown>, name: string, required: boolean): string | undefined => {
  const value = input[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value === '') {
    throw new ServiceError(value === undefined ? 'InvalidParameterException' : 'ValidationException', `${name} must be a non-empty string.`);
  }
  return value;
};

const tagsField = (input: Record<string, unknown>): { Key: string; Value: string }[] | undefined => {
  const tags = input.Tags;
  if (tags === undefined) return undefined;
  if (!Array.isArray(tags) || !tags.every((tag) => tag && typeof tag === 'object' && typeof tag.Key === 'string' && typeof tag.Value === 'string')) {
    throw new ServiceError('ValidationException', 'Tags must be a list of {Key, Value} strings.');
  }
  return (tags as { Key: string; Value: string }[]).map(({ Key, Value }) => ({ Key, Value }));
};

export interface SecretsManagerLocalOptions {
  /** The secrets the stack sets at start, by ARN. */
  secrets: Record<string, string>;
  /** Where the secrets created at run time persist (JSON); in memory only without it. */
  dataFile?: string;
  /** The region and account of the ARNs CreateSecret makes. */
  region?: string;
  account?: string;
}

export const startSecretsManagerLocal = async (options: SecretsManagerLocalOptions): Promise<SecretsManagerLocal> => {
  const region = options.region ?? 'us-east-1';
  const account = options.account ?? '000000000000';
  const stored: StoredSecret[] =
    options.dataFile && existsSync(options.dataFile)
      ? (JSON.parse(readFileSync(options.dataFile, 'utf8')) as { secrets: StoredSecret[] }).secrets
      : [];
  const given = Object.entries(options.secrets).map(([arn, value]) => ({
    arn,
    name: nameOfArn(arn),
    versions: [{ id: randomUUID(), value, created: new Date(), stages: ['AWSCURRENT'] }],
  }));
  const secrets: Secret[] = [
    ...given,
    ...stored
      .filter((secret) => !given.some((candidate) => candidate.name === secret.name))
      .map((secret) => ({
        ...secret,
        created: true,
        versions: secret.versions.map((version) => ({ ...version, created: new Date(version.created) })),
      })),
  ];
  const save = () => {
    if (!options.dataFile) return;
    const data: { secrets: StoredSecret[] } = {
      secrets: secrets
        .filter((secret) => secret.created)
        .map(({ arn, name, description, tags, versions }) => ({
          arn,
          name,
          description,
          tags,
          versions: versions.map((version) => ({ ...version, created: version.created.toISOString() })),
        })),
    };
    mkdirSync(path.dirname(options.dataFile), { recursive: true });
    const temporary = `${options.dataFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(data, null, 2), { mode: 0o600 });
    renameSync(temporary, options.dataFile);
  };
  const find = (input: Record<string, unknown>): Secret => {
    const id = stringField(input, 'SecretId', true)!;
    const secret = secrets.find((candidate) => candidate.arn === id || candidate.name === id);
    if (!secret) throw notFound();
    return secret;
  };

  const operations: Record<string, (input: Record<string, unknown>) => unknown> = {
    GetSecretValue: (input) => {
      const secret = find(input);
      const versionId = stringField(input, 'VersionId', false);
      const stage = stringField(input, 'VersionStage', false) ?? (versionId ? undefined : 'AWSCURRENT');
      const version = secret.versions.find((candidate) => (!versionId || candidate.id === versionId) && (!stage || candidate.stages.includes(stage)));
      if (!version)
        throw new ServiceError('ResourceNotFoundException', "Secrets Manager can't find the specified secret value for staging label or version.");
      return {
        ARN: secret.arn,
        Name: secret.name,
        SecretString: version.value,
        VersionId: version.id,
        VersionStages: version.stages,
        CreatedDate: version.created.getTime() / 1000,
      };
    },
    PutSecretValue: (input) => {
      const secret = find(input);
      const value = stringField(input, 'SecretString', true)!;
      const token = stringField(input, 'ClientRequestToken', false);
      const existing = token ? secret.versions.find((candidate) => candidate.id === token) : undefined;
      if (existing && existing.value !== value) {
        throw new ServiceError('ResourceExistsException', `A version with this ClientRequestToken already exists with a different secret value.`);
      }
      if (!existing) {
        // The new version becomes AWSCURRENT; the one it replaces keeps AWSPREVIOUS.
        for (const version of secret.versions) version.stages = version.stages.includes('AWSCURRENT') ? ['AWSPREVIOUS'] : [];
        secret.versions = secret.versions.filter((version) => version.stages.length > 0);
        secret.versions.push({ id: token ?? randomUUID(), value, created: new Date(), stages: ['AWSCURRENT'] });
      }
      const version = existing ?? secret.versions.at(-1)!;
      if (secret.created) save();
      return { ARN: secret.arn, Name: secret.name, VersionId: version.id, VersionStages: version.stages };
    },
    CreateSecret: (input) => {
      const name = stringField(input, 'Name', true)!;
      if (!SECRET_NAME.test(name)) {
        throw new ServiceError(
          'ValidationException',
          'Invalid name. Must be a valid name containing alphanumeric characters, or any of the following: -/_+=.@!',
        );
      }
      const token = stringField(input, 'ClientRequestToken', false);
      if (token !== undefined && !CLIENT_REQUEST_TOKEN.test(token)) {
        throw new ServiceError('ValidationException', 'ClientRequestToken must be 32 to 64 letters, digits or hyphens.');
      }
      if (input.SecretBinary !== undefined) throw new ServiceError('InvalidParameterException', 'The local stand-in keeps SecretString only.');
      const value = stringField(input, 'SecretString', false);
      const description = input.Description === undefined ? undefined : stringField(input, 'Description', true);
      const tags = tagsField(input);
      if (secrets.some((candidate) => candidate.name === name)) {
        throw new ServiceError('ResourceExistsException', `The operation failed because the secret ${name} already exists.`);
      }
      // AWS appends a hyphen and six random characters to the name in the ARN.
      const suffix = randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').slice(0, 6);
      const secret: Secret = {
        arn: `arn:aws:secretsmanager:${region}:${account}:secret:${name}-${suffix}`,
        name,
        versions: value === undefined ? [] : [{ id: token ?? randomUUID(), value, created: new Date(), stages: ['AWSCURRENT'] }],
        created: true,
        description,
        tags,
      };
      secrets.push(secret);
      save();
      return { ARN: secret.arn, Name: secret.name, ...(secret.versions[0] ? { VersionId: secret.versions[0].id } : {}) };
    },
    DeleteSecret: (input) => {
      const secret = find(input);
      const force = input.ForceDeleteWithoutRecovery;
      const days = input.RecoveryWindowInDays;
      if (force !== undefined && typeof force !== 'boolean')
        throw new ServiceError('ValidationException', 'ForceDeleteWithoutRecovery must be a boolean.');
      if (days !== undefined && (typeof days !== 'number' || !Number.isInteger(days) || days < 7 || days > 30)) {
        throw new ServiceError('InvalidParameterException', 'RecoveryWindowInDays must be a whole number from 7 to 30.');
      }
      if (force === true && days !== undefined) {
        throw new ServiceError('InvalidParameterException', "You can't use ForceDeleteWithoutRecovery in conjunction with RecoveryWindowInDays.");
      }
      secrets.splice(secrets.indexOf(secret), 1);
      if (secret.created) save();
      // Gone at once here; AWS keeps a secret with a recovery window (30 days unless said) until its DeletionDate.
      const deletion = force === true ? Date.now() : Date.now() + ((days as number | undefined) ?? 30) * 24 * 3600 * 1000;
      return { ARN: secret.arn, Name: secret.name, DeletionDate: deletion / 1000 };
    },
  };

  return startAwsJsonService({ targetPrefix: 'secretsmanager', name: 'Secrets Manager', internalErrorType: 'InternalServiceError', operations });
};
