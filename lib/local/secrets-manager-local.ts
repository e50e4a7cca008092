import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { freePort } from './net';

/**
 * Secrets Manager stand-in speaking the service's AWS JSON 1.1 protocol (`POST /` with
 * `X-Amz-Target: secretsmanager.<Operation>`), so the handlers' SDK client reads secrets through
 * `AWS_ENDPOINT_URL_SECRETS_MANAGER` unchanged: GetSecretValue and PutSecretValue, a secret found
 * by its ARN or by its name (what follows `secret:` in the ARN). Values live in memory; the local
 * stack sets them at start.
 */
export interface SecretsManagerLocal {
  endpoint: string;
  stop(): Promise<void>;
}

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

class ServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const notFound = () => new ServiceError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");

const nameOfArn = (arn: string): string => {
  const name = /^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:(.+)$/.exec(arn)?.[1];
  if (!name) throw new Error(`Not a Secrets Manager secret ARN: ${arn}`);
  return name;
};

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
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

  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID() }).end(JSON.stringify(body));

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    try {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (req.method !== 'POST' || !target.startsWith('secretsmanager.'))
        throw new ServiceError('UnknownOperationException', 'Not a Secrets Manager request.');
      // The SDK signs every request (SigV4); an unsigned one is what AWS refuses too.
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
        throw new ServiceError('MissingAuthenticationTokenException', 'Missing Authentication Token');
      }
      const operation = operations[target.slice('secretsmanager.'.length)];
      if (!operation) throw new ServiceError('UnknownOperationException', `The local Secrets Manager stand-in does not implement ${target}.`);
      let input: unknown;
      try {
        input = JSON.parse(text || '{}');
      } catch {
        throw new ServiceError('SerializationException', 'The request body is not valid JSON.');
      }
      if (!input || typeof input !== 'object') throw new ServiceError('SerializationException', 'The request body must be a JSON object.');
      send(res, 200, operation(input as Record<string, unknown>));
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      send(res, 400, { __type: error.type, message: error.message });
    }
  };

  const port = await freePort();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { __type: 'InternalServiceError', message: String(error) });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
