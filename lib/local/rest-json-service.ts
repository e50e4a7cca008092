import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHttp1AndH2cServer } from './h2c';
import { freePort, readText } from './net';

/**
 * The skeleton of a local stand-in for an AWS service speaking AWS's REST-JSON protocol (operations
 * on HTTP paths, JSON bodies, errors as the SDK parses them: the error's name in `x-amzn-errortype`,
 * `{ message }` as the body), so a handler's official SDK client reaches it through
 * AWS_ENDPOINT_URL_<SERVICE> unchanged. A stand-in gives its routes; this does the rest the same way
 * for each: a server on a free loopback port (HTTP/1.1 and h2c, lib/local/h2c.ts), the SigV4 check (the SDK signs every call; an unsigned
 * one is refused as AWS refuses it), the JSON body read and parsed, the answer or the error sent, an
 * unexpected failure as the service's internal error, and stop. Routes under `/_local/` are the
 * stand-in's own control surface for tests and are not signed. Bedrock Runtime (lib/local/bedrock)
 * is built on it; the AWS JSON services share lib/local/aws-json-service.ts.
 */
export class RestJsonError extends Error {
  constructor(
    /** The exception's name, as the service's model names it (`ValidationException`). */
    readonly type: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RestJsonRequest {
  method: string;
  /** The path's groups as the route's pattern captured them, URL-decoded. */
  params: string[];
  url: URL;
  /** The parsed JSON body (`{}` when empty). */
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

export interface RestJsonRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: RegExp;
  /** Answers 200 with what it returns as JSON, or throws a RestJsonError. */
  handle(request: RestJsonRequest): unknown;
}

export interface RestJsonService {
  endpoint: string;
  stop(): Promise<void>;
}

/** Whether a request carries a SigV4 Authorization header (for `signingName` when given: its credential scope names that service). */
export const isSigV4Signed = (headers: IncomingMessage['headers'], signingName?: string): boolean => {
  const authorization = String(headers.authorization ?? '');
  if (!authorization.startsWith('AWS4-HMAC-SHA256 ')) return false;
  if (signingName === undefined) return true;
  const scope = /Credential=[^/]+\/\d{8}\/[a-z0-9-]+\/([a-z0-9-]+)\/aws4_request/.exec(authorization);
  return scope?.[1] === signingName;
};

export const sendRestJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID(), ...headers }).end(JSON.stringify(body));

export const startRestJsonService = async (service: {
  /** The service's name in messages ("Bedrock Runtime"). */
  name: string;
  /** The SigV4 signing name its calls must be signed for (`bedrock`). */
  signingName: string;
  /** What an unexpected failure is called (`InternalServerException`). */
  internalErrorType: string;
  /** The largest body it reads. */
  maxBodyBytes?: number;
  routes: RestJsonRoute[];
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}): Promise<RestJsonService> => {
  const maxBytes = service.maxBodyBytes ?? 1024 * 1024;
  const sendError = (res: ServerResponse, error: RestJsonError) =>
    sendRestJson(res, error.status, { message: error.message }, { 'x-amzn-errortype': error.type });

  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const method = req.method ?? 'GET';
    const matched = service.routes.map((route) => ({ route, match: route.path.exec(url.pathname) })).filter(({ match }) => match !== null);
    const found = matched.find(({ route }) => route.method === method);
    if (!found) {
      // Read the body anyway, so the connection can be reused.
      await readText(req, maxBytes).catch(() => '');
      throw matched.length > 0
        ? new RestJsonError('UnknownOperationException', 405, `${method} is not allowed on ${url.pathname}.`)
        : new RestJsonError('UnknownOperationException', 404, `The local ${service.name} stand-in has no operation at ${method} ${url.pathname}.`);
    }
    const text = await readText(
      req,
      maxBytes,
      () => new RestJsonError('ValidationException', 413, `The request body is larger than ${maxBytes} bytes.`),
    );
    const control = url.pathname.startsWith('/_local/');
    if (!control && !isSigV4Signed(req.headers, service.signingName)) {
      throw isSigV4Signed(req.headers)
        ? new RestJsonError('InvalidSignatureException', 403, `The request is not signed for the ${service.signingName} service.`)
        : new RestJsonError('MissingAuthenticationTokenException', 403, 'Missing Authentication Token');
    }
    let body: unknown;
    try {
      body = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      throw new RestJsonError(control ? 'BadRequest' : 'SerializationException', 400, 'The request body is not valid JSON.');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new RestJsonError('SerializationException', 400, 'The request body must be a JSON object.');
    const params = found.match!.slice(1).map((part) => decodeURIComponent(part ?? ''));
    const answer = await found.route.handle({ method, params, url, body: body as Record<string, unknown>, headers: req.headers });
    sendRestJson(res, 200, answer ?? {});
  };

  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  // HTTP/1.1 and h2c on one port: Bedrock Runtime's SDK client talks HTTP/2 by default.
  const server = createHttp1AndH2cServer((req, res) => {
    const url = new URL(req.url ?? '/', endpoint);
    handle(req, res, url).catch((error: unknown) => {
      if (res.headersSent) return void res.end();
      if (error instanceof RestJsonError) return void sendError(res, error);
      service.log?.(`${service.name} stand-in: request failed`, { error: String(error) });
      sendError(res, new RestJsonError(service.internalErrorType, 500, String(error)));
    });
  });
  await server.listen(port);
  return { endpoint, stop: server.close };
};
