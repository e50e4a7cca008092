import { randomUUID } from 'node:crypto';
import { ServiceError, startAwsJsonService, type AwsJsonService } from './aws-json-service';

/**
 * Secrets Manager stand-in speaking the service's AWS JSON 1.1 protocol (`POST /` with
 * `X-Amz-Target: secretsmanager.<Operation>`), so the handlers' SDK client reads secrets through
 * `AWS_ENDPOINT_URL_SECRETS_MANAGER` unchanged: GetSecretValue and PutSecretValue, a secret found
 * by its ARN or by its name (what follows `secret:` in the ARN). Values live in memory; the local
 * stack sets them at start.
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
}

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

export const startSecretsManagerLocal = async (options: { secrets: Record<string, string> }): Promise<SecretsManagerLocal> => {
  const secrets: Secret[] = Object.entries(options.secrets).map(([arn, value]) => ({
    arn,
    name: nameOfArn(arn),
    versions: [{ id: randomUUID(), value, created: new Date(), stages: ['AWSCURRENT'] }],
  }));
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
      return { ARN: secret.arn, Name: secret.name, VersionId: version.id, VersionStages: version.stages };
    },
  };

  return startAwsJsonService({ targetPrefix: 'secretsmanager', name: 'Secrets Manager', internalErrorType: 'InternalServiceError', operations });
};
