import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalStackError } from '../errors';
import { readText } from '../net';
import { startFaultProxy, type FaultProxy } from './proxy';
import { FaultRuleError, faultRules, type FaultService } from './rules';

/**
 * The local stack's fault mode (issue 37): a fault proxy in front of each stand-in the functions
 * call, the rules read from LOCAL_FAULTS at start, and `/_local/faults` to read and change them
 * while the stack runs. The functions' environment names the proxies; everything else (the tests'
 * own SDK clients, the stand-ins talking to each other) keeps the stand-ins' own addresses.
 */
const proxiedVariables: [RegExp, FaultService][] = [
  [/^AWS_ENDPOINT_URL_DYNAMODB$/, 'dynamodb'],
  [/^AWS_ENDPOINT_URL_S3$/, 's3'],
  [/^AWS_ENDPOINT_URL_SESV2$/, 'ses'],
  [/^AWS_ENDPOINT_URL_SFN$/, 'sfn'],
  [/^AWS_ENDPOINT_URL_KMS$/, 'kms'],
  [/^AWS_ENDPOINT_URL_SECRETS_MANAGER$/, 'secretsmanager'],
  [/^AWS_ENDPOINT_URL_EVENTBRIDGE$/, 'eventbridge'],
  [/^AWS_ENDPOINT_URL_IVS_REALTIME$/, 'ivs'],
  [/^AWS_ENDPOINT_URL_SQS$/, 'sqs'],
  [/^STRIPE_API_URL$/, 'stripe'],
  // The adapters' calls; ATS_<TYPE>_APP_URL are links a person opens, not calls.
  [/^ATS_[A-Z]+_(API|AUTH)_URL$/, 'ats'],
];

export interface FaultMode {
  /** `environment` with every stand-in the functions call behind its proxy. */
  environment: Record<string, string>;
  proxies: FaultProxy[];
  stop(): Promise<void>;
}

/** LOCAL_FAULTS (a JSON rule or list of rules), added at start. */
export const loadFaultsFromEnvironment = (value = process.env.LOCAL_FAULTS): void => {
  if (!value?.trim()) return;
  try {
    faultRules.add(JSON.parse(value));
  } catch (error) {
    throw new LocalStackError(`LOCAL_FAULTS is not a list of fault rules: ${error instanceof Error ? error.message : String(error)}`);
  }
};

/** Starts one proxy per stand-in (per service and origin) that `environment` points the functions at. */
export const startFaultMode = async (
  environment: Record<string, string>,
  log?: (msg: string, fields?: Record<string, unknown>) => void,
): Promise<FaultMode> => {
  loadFaultsFromEnvironment();
  const proxies = new Map<string, Promise<FaultProxy>>();
  const rewritten = await Promise.all(
    Object.entries(environment).map(async ([name, value]) => {
      const service = proxiedVariables.find(([pattern]) => pattern.test(name))?.[1];
      if (!service) return [name, value] as const;
      const url = new URL(value);
      const key = `${service} ${url.origin}`;
      if (!proxies.has(key)) proxies.set(key, startFaultProxy({ service, target: url.origin, log }));
      const proxy = await proxies.get(key)!;
      return [name, `${proxy.endpoint}${url.pathname === '/' ? '' : url.pathname}${url.search}`] as const;
    }),
  );
  const started = await Promise.all(proxies.values());
  return {
    environment: Object.fromEntries(rewritten),
    proxies: started,
    stop: async () => {
      await Promise.all(started.map((proxy) => proxy.stop()));
    },
  };
};

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));

/**
 * `/_local/faults`: GET the rules (each with what it injected) and the faults injected per service
 * and operation; POST a rule or a list of rules to add them (201 with the rules as added, ids
 * included); DELETE to remove them all, or one with `?id=`.
 */
export const serveFaults = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
  if (req.method === 'GET') {
    sendJson(res, 200, { rules: faultRules.list(), injected: faultRules.injected() });
  } else if (req.method === 'POST') {
    try {
      sendJson(res, 201, { rules: faultRules.add(JSON.parse((await readText(req, 1024 * 1024)) || 'null')) });
    } catch (error) {
      if (!(error instanceof FaultRuleError || error instanceof SyntaxError)) throw error;
      sendJson(res, 400, { detail: error.message, code: 'invalid_fault_rule' });
    }
  } else if (req.method === 'DELETE') {
    sendJson(res, 200, { removed: faultRules.clear(url.searchParams.get('id') ?? undefined) });
  } else {
    res.writeHead(405, { 'content-type': 'text/plain', allow: 'GET, POST, DELETE' }).end('GET, POST or DELETE');
  }
};
