import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { API_PREFIX, routeEntries, routeKey, type Route } from '../../lambdas/operations/index';
import { invokeHandler } from './lambda-runtime';

/**
 * API Gateway (HTTP API, payload format 2.0) stand-in: matches a request against the one route
 * table, builds the same event API Gateway would, invokes the route's handler in-process and
 * writes its result back.
 */
const MAX_BODY_BYTES = 6 * 1024 * 1024; // Lambda's synchronous payload limit

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  paramNames: string[];
}

const compile = (route: Route): CompiledRoute => {
  const paramNames: string[] = [];
  const source = `${API_PREFIX}${route.path}`
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      paramNames.push(param[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), paramNames };
};

/** API Gateway's rule: the most specific route wins, so a literal segment beats a `{param}` at the same place. */
const specificity = (route: Route) =>
  route.path
    .split('/')
    .map((segment) => (segment.startsWith('{') ? '1' : '0'))
    .join('');
const compiled = routeEntries.map(([, route]) => compile(route)).sort((a, b) => specificity(a.route).localeCompare(specificity(b.route)));

/** A path segment percent-decoded, or undefined when its encoding is malformed (`%`, `%E0%A4%A`, `%ZZ`). */
const decodeSegment = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/** Whether every segment of the path decodes; API Gateway answers 400 before routing when one does not. */
export const isWellEncodedPath = (pathname: string): boolean => pathname.split('/').every((segment) => decodeSegment(segment) !== undefined);

export const matchRoute = (method: string, pathname: string) => {
  let pathMatched = false;
  for (const candidate of compiled) {
    const match = candidate.pattern.exec(pathname);
    if (!match) continue;
    pathMatched = true;
    if (candidate.route.method !== method) continue;
    const values = candidate.paramNames.map((_, i) => decodeSegment(match[i + 1]!));
    if (values.some((value) => value === undefined)) return { route: undefined, pathMatched };
    const params = Object.fromEntries(candidate.paramNames.map((name, i) => [name, values[i]!]));
    return { route: candidate.route, params };
  }
  return { route: undefined, pathMatched };
};

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

/**
 * The request body, or null once a body past MAX_BODY_BYTES has ended. Past the limit the rest
 * keeps flowing and is discarded (nothing is buffered), and the 413 waits for its end: answering
 * and closing while the client still sends would reset the connection under its write (EPIPE)
 * before it reads the answer, and reading it all leaves the keep-alive connection clean for the next request.
 */
const readBody = (req: IncomingMessage): Promise<Buffer | null> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      tooLarge = true;
      chunks.length = 0;
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', (error) => (tooLarge ? resolve(null) : reject(error)));
  });

export const handleApiRequest = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
  const method = req.method ?? 'GET';
  const body = await readBody(req);
  if (body === null) {
    sendJson(res, 413, { detail: 'The request body is too large.', code: 'payload_too_large' });
    return;
  }
  if (!isWellEncodedPath(url.pathname)) {
    sendJson(res, 400, { detail: 'The request path has malformed percent-encoding.', code: 'bad_request' });
    return;
  }
  const { route, params, pathMatched } = matchRoute(method, url.pathname) as ReturnType<typeof matchRoute> & {
    params?: Record<string, string>;
  };
  if (!route) {
    if (pathMatched) sendJson(res, 405, { detail: `${method} is not supported on ${url.pathname}.`, code: 'method_not_allowed' });
    else sendJson(res, 404, { detail: 'Not found.', code: 'not_found' });
    return;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  // As HTTP APIs hand cookies over (payload 2.0): in `cookies`, one `name=value` each, and not among the headers.
  const cookies = (headers.cookie ?? '').split(';').map((cookie) => cookie.trim()).filter((cookie) => cookie !== '');
  delete headers.cookie;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const now = Date.now();
  const requestId = randomUUID();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: params && Object.keys(params).length > 0 ? params : undefined,
    body: body.length > 0 ? body.toString('utf8') : undefined,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: routeKey(route),
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
  };
  let result: unknown;
  try {
    result = await invokeHandler(route.handler, event);
  } catch (error) {
    // What API Gateway answers when the function itself fails (handlers catch their own errors).
    console.error(JSON.stringify({ level: 'error', msg: 'handler crashed', handler: route.handler, error: String(error) }));
    sendJson(res, 500, { detail: 'Internal Server Error', code: 'internal_error' });
    return;
  }
  const structured: APIGatewayProxyStructuredResultV2 =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) };
  // API Gateway names the request in every response (HTTP APIs: `apigw-requestid`); it is the event's requestId.
  const responseHeaders: Record<string, string | string[]> = { 'apigw-requestid': requestId };
  for (const [name, value] of Object.entries(structured.headers ?? {})) responseHeaders[name] = String(value);
  if (structured.cookies?.length) responseHeaders['set-cookie'] = structured.cookies;
  res.writeHead(structured.statusCode ?? 200, responseHeaders);
  const payload = structured.body ?? '';
  res.end(structured.isBase64Encoded ? Buffer.from(payload, 'base64') : payload);
};
