import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { freePort, readText } from './net';

/**
 * A local stand-in for an AWS service speaking the AWS JSON protocol, 1.1 or 1.0 (`POST /` with
 * `X-Amz-Target: <prefix>.<Operation>`, SigV4-signed, errors as `{__type, message}`), so the
 * handlers' SDK clients reach it through AWS_ENDPOINT_URL_<SERVICE> unchanged. Secrets Manager, KMS
 * and EventBridge are built on it (1.1), SQS too (1.0, lib/local/sqs-local.ts).
 */
export class ServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export interface AwsJsonService {
  endpoint: string;
  stop(): Promise<void>;
}

export const startAwsJsonService = async (service: {
  /** `secretsmanager`, `TrentService`. */
  targetPrefix: string;
  /** The protocol's version, in the content type (`application/x-amz-json-1.1` unless said). */
  protocolVersion?: '1.0' | '1.1';
  /** Prefixed to an error's type in `__type` (SQS's `com.amazonaws.sqs#`). */
  errorNamespace?: string;
  /** The service's name in messages ("Secrets Manager"). */
  name: string;
  /** What an unexpected failure is called (`InternalServiceError`, `KMSInternalException`). */
  internalErrorType: string;
  /** An operation may answer later (SQS's long polling). */
  operations: Record<string, (input: Record<string, unknown>) => unknown>;
}): Promise<AwsJsonService> => {
  const contentType = `application/x-amz-json-${service.protocolVersion ?? '1.1'}`;
  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': contentType, 'x-amzn-requestid': randomUUID() }).end(JSON.stringify(body));

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readText(req);
    try {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (req.method !== 'POST' || !target.startsWith(`${service.targetPrefix}.`)) {
        throw new ServiceError('UnknownOperationException', `Not a ${service.name} request.`);
      }
      // The SDK signs every request (SigV4); an unsigned one is what AWS refuses too.
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
        throw new ServiceError('MissingAuthenticationTokenException', 'Missing Authentication Token');
      }
      const operation = service.operations[target.slice(service.targetPrefix.length + 1)];
      if (!operation) throw new ServiceError('UnknownOperationException', `The local ${service.name} stand-in does not implement ${target}.`);
      let input: unknown;
      try {
        input = JSON.parse(text || '{}');
      } catch {
        throw new ServiceError('SerializationException', 'The request body is not valid JSON.');
      }
      if (!input || typeof input !== 'object') throw new ServiceError('SerializationException', 'The request body must be a JSON object.');
      send(res, 200, await operation(input as Record<string, unknown>));
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      send(res, 400, { __type: `${service.errorNamespace ?? ''}${error.type}`, message: error.message });
    }
  };

  const port = await freePort();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { __type: service.internalErrorType, message: String(error) });
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
