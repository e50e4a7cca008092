import { Agent, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createHttp1AndH2cServer, http1Headers } from '../h2c';
import { freePort, readBytes } from '../net';
import { operationOf } from './operations';
import { faultRules, type FaultRule, type FaultRules, type FaultService } from './rules';
import { isBatchOperation, partialBatch } from './unprocessed';
import { faultResponse, type WireResponse } from './wire';

/**
 * One small HTTP proxy in front of a stand-in, the same for every service: the functions reach
 * the stand-in through it (their AWS_ENDPOINT_URL_* or base URL names the proxy), so a fault it
 * injects meets the product's own SDK clients exactly as the real service's would. A call no rule
 * could apply to is streamed through on a keep-alive connection, untouched (Host included, so
 * signatures hold); only a call some rule may apply to is read whole, to match it and to answer it.
 */
export interface FaultProxy {
  service: FaultService;
  /** The proxy's address, to put where the stand-in's was. */
  endpoint: string;
  stop(): Promise<void>;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'expect', 'te', 'trailer'];
/** How long a Timeout holds a call whose client does not give up first. */
const LONGEST_HOLD_MS = 120_000;

const withoutHopByHop = (headers: IncomingHttpHeaders, drop: readonly string[] = []): IncomingHttpHeaders => {
  // An HTTP/2 call (Bedrock Runtime's SDK client) goes on over HTTP/1.1: its pseudo-headers left out, `:authority` as Host.
  const kept = http1Headers(headers);
  for (const name of [...HOP_BY_HOP, ...drop]) delete kept[name];
  return kept;
};

interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export const startFaultProxy = async (options: {
  service: FaultService;
  /** The stand-in's origin (`http://127.0.0.1:4567`). */
  target: string;
  rules?: FaultRules;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}): Promise<FaultProxy> => {
  const { service } = options;
  const rules = options.rules ?? faultRules;
  const target = new URL(options.target);
  const agent = new Agent({ keepAlive: true });

  const upstreamRequest = (req: IncomingMessage, headers: IncomingHttpHeaders) =>
    request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent });

  /** The fast path: request and response streamed, nothing read. */
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    const outgoing = upstreamRequest(req, withoutHopByHop(req.headers));
    outgoing.on('response', (incoming) => {
      res.writeHead(incoming.statusCode ?? 502, withoutHopByHop(incoming.headers));
      incoming.pipe(res);
    });
    outgoing.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    res.on('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    req.pipe(outgoing);
  };

  /** Sends a call whose body was read (possibly changed) and reads the answer whole. */
  const exchange = (req: IncomingMessage, body: Buffer, drop: readonly string[] = []) =>
    new Promise<Upstream>((resolve, reject) => {
      const outgoing = upstreamRequest(req, { ...withoutHopByHop(req.headers, drop), 'content-length': String(body.length) });
      outgoing.on('response', (incoming) => {
        readBytes(incoming).then((bytes) => resolve({ status: incoming.statusCode ?? 502, headers: incoming.headers, body: bytes }), reject);
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  const reply = (res: ServerResponse, answer: WireResponse | Upstream, drop: readonly string[] = []) => {
    const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
    // A HEAD's answer has no body but the length of the object it describes (HeadObject's ContentLength).
    const length =
      res.req.method === 'HEAD' && answer.headers['content-length'] !== undefined ? String(answer.headers['content-length']) : String(body.length);
    res.writeHead(answer.status, { ...withoutHopByHop(answer.headers, ['content-length', ...drop]), 'content-length': length }).end(body);
  };

  /** Holds the call until its client gives up (or LONGEST_HOLD_MS), then drops the connection. */
  const hold = (req: IncomingMessage, res: ServerResponse, ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      res.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    }).then(() => req.socket.destroy());

  const inject = async (rule: FaultRule, operation: string, req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const json = () => JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    // `response`: the service does the work, and its answer is what gets lost.
    if (rule.phase === 'response' && rule.fault !== 'Unprocessed') await exchange(req, body);
    if (rule.fault === 'ConnectionReset') {
      req.socket.destroy();
      return;
    }
    if (rule.fault === 'Timeout') {
      await hold(req, res, rule.delayMs ?? LONGEST_HOLD_MS);
      return;
    }
    if (rule.fault === 'Unprocessed' && isBatchOperation(operation)) {
      const partial = partialBatch(operation, json(), rule.keep ?? 0.5);
      if (!partial) {
        reply(res, faultResponse(service, { ...rule, fault: 'ProvisionedThroughputExceededException' }, req));
        return;
      }
      // The answer is rewritten, so it is asked for unencoded and its checksum left out.
      const answer = await exchange(req, Buffer.from(JSON.stringify(partial.forwarded)), ['accept-encoding']);
      if (answer.status !== 200) reply(res, answer);
      else reply(res, { ...answer, body: Buffer.from(JSON.stringify(partial.answer(JSON.parse(answer.body.toString('utf8'))))) }, ['x-amz-crc32']);
      return;
    }
    reply(res, faultResponse(service, rule, req, rule.fault === 'TransactionCanceledException' ? json() : undefined));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', target);
    const operation = operationOf(service, req, url);
    if (rules.armed(service, operation).length === 0) {
      pass(req, res);
      return;
    }
    const body = await readBytes(req);
    const rule = rules.pick(service, operation, `${req.method} ${req.url}\n${body.toString('utf8')}`);
    if (!rule) {
      reply(res, await exchange(req, body));
      return;
    }
    options.log?.('fault injected', { service, operation, fault: rule.fault, phase: rule.phase, rule: rule.id });
    await inject(rule, operation, req, res, body);
  };

  const port = await freePort();
  // HTTP/1.1 and h2c on one port, as the stand-ins behind it answer (lib/local/h2c.ts).
  const server = createHttp1AndH2cServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log?.('fault proxy failed', { service, error: String(error) });
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`The ${service} stand-in did not answer: ${String(error)}`);
      else res.destroy();
    });
  });
  // Keep-alive from the SDK's side too: Lambda's clients hold their connections between calls.
  server.http1.keepAliveTimeout = 60_000;
  await server.listen(port);
  return {
    service,
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      agent.destroy();
      await server.close();
    },
  };
};
