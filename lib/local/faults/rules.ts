import * as z from 'zod/mini';

/**
 * The fault mode's rules (issue 37): which calls of which stand-in fail, how, and how often. A
 * rule names a service, an operation (as the request names it: DynamoDB's X-Amz-Target, S3's
 * method, path and query, Stripe's method and path…; `*` wildcards, `*` alone for any), the fault
 * (the error the real service answers, in its wire format: lib/local/faults/wire.ts), and either a
 * rate (0..1, drawn from the rule's own seeded generator, so a run repeats) or a count (the next N
 * matching calls), or both (at that rate until N were injected). `match` narrows a rule to the
 * calls whose path or body contain the text (a test's own e-mail address or job title), so rules
 * set by one test leave the calls of tests running beside it alone.
 */
export const faultServices = [
  'dynamodb',
  's3',
  'ses',
  'sfn',
  'kms',
  'secretsmanager',
  'eventbridge',
  'ivs',
  'sqs',
  'bedrock',
  'stripe',
  'ats',
  'mediaconvert',
  'transcribe',
] as const;
export type FaultService = (typeof faultServices)[number];

const ruleInput = z.object({
  service: z.enum(faultServices),
  operation: z._default(z.string().check(z.minLength(1)), '*'),
  /** An error code (ProvisionedThroughputExceededException, SlowDown, TooManyRequestsException…), or ConnectionReset, Timeout, Unprocessed, JobFailed. */
  fault: z.string().check(z.minLength(1)),
  rate: z.optional(z.number().check(z.gte(0), z.lte(1))),
  count: z.optional(z.int().check(z.gte(1))),
  seed: z._default(z.int(), 1),
  match: z.optional(z.string().check(z.minLength(1))),
  /** `request` (default): the call fails before the service sees it. `response`: the service does the work and its answer is lost. */
  phase: z._default(z.enum(['request', 'response']), 'request'),
  /** The HTTP status, where the fault's usual one is not wanted. */
  status: z.optional(z.int().check(z.gte(400), z.lte(599))),
  message: z.optional(z.string()),
  /** Retry-After (seconds) of a 429. */
  retryAfterSeconds: z.optional(z.int().check(z.gte(0))),
  /** How long a Timeout holds the response before dropping the connection (default: until the client gives up, at most 2 minutes). */
  delayMs: z.optional(z.int().check(z.gte(0))),
  /** Unprocessed: the share of a batch's items the service processes (default 0.5). */
  keep: z.optional(z.number().check(z.gte(0), z.lt(1))),
  /** TransactionCanceledException: the reason codes by item (default TransactionConflict on the first, None on the rest). */
  reasons: z.optional(z.array(z.string())),
});

export type FaultRuleInput = z.input<typeof ruleInput>;
export type FaultRule = z.output<typeof ruleInput> & { id: string; injected: number };

export class FaultRuleError extends Error {}

/** mulberry32: a small seeded generator, so a rule's draws repeat from run to run. */
const seeded = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const globPattern = (operation: string) =>
  operation === '*'
    ? null
    : new RegExp(
        `^${operation
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      );

interface LiveRule {
  rule: FaultRule;
  pattern: RegExp | null;
  draw: () => number;
}

/** The rules in force and the faults injected so far, per service and operation. */
export const createFaultRules = () => {
  let live: LiveRule[] = [];
  let nextId = 1;
  const injected = new Map<string, number>();

  const exhausted = ({ rule }: LiveRule) => rule.count !== undefined && rule.injected >= rule.count;
  const applies = (entry: LiveRule, service: FaultService, operation: string) =>
    entry.rule.service === service && !exhausted(entry) && (entry.pattern === null || entry.pattern.test(operation));

  return {
    /** Adds rules (one or a list, as the endpoint and LOCAL_FAULTS take them); throws FaultRuleError when one is not a rule. */
    add(input: unknown): FaultRule[] {
      const parsed = z.union([ruleInput, z.array(ruleInput)]).safeParse(input);
      if (!parsed.success) throw new FaultRuleError(z.prettifyError(parsed.error));
      const added = (Array.isArray(parsed.data) ? parsed.data : [parsed.data]).map((data) => {
        if (data.rate === undefined && data.count === undefined)
          throw new FaultRuleError(`A rule needs a rate or a count (${data.service} ${data.operation}).`);
        if (data.fault === 'Unprocessed' && !(data.service === 'dynamodb' && /^Batch(Write|Get)Item$/.test(data.operation)))
          throw new FaultRuleError('Unprocessed is a fault of DynamoDB BatchWriteItem and BatchGetItem: name the operation.');
        if (data.fault === 'JobFailed' && data.service !== 'mediaconvert' && data.service !== 'transcribe')
          throw new FaultRuleError('JobFailed is a fault of the pipeline jobs (mediaconvert, transcribe).');
        const rule: FaultRule = { ...data, id: String(nextId++), injected: 0 };
        return { rule, pattern: globPattern(rule.operation), draw: seeded(rule.seed) };
      });
      live = [...live, ...added];
      return added.map((entry) => entry.rule);
    },
    /** Removes one rule, or all; the injected counts stay. */
    clear(id?: string): number {
      const before = live.length;
      live = id === undefined ? [] : live.filter((entry) => entry.rule.id !== id);
      return before - live.length;
    },
    list: (): FaultRule[] => live.map((entry) => ({ ...entry.rule })),
    /** Faults injected since the stack started: `{ dynamodb: { TransactWriteItems: 2 } }`. */
    injected(): Record<string, Record<string, number>> {
      const counts: Record<string, Record<string, number>> = {};
      for (const [key, n] of injected) {
        const [service, operation] = key.split('\u0000') as [string, string];
        (counts[service] ??= {})[operation] = n;
      }
      return counts;
    },
    /** Whether some rule could apply to this call: without one, the call goes through untouched. */
    armed: (service: FaultService, operation: string): LiveRule['rule'][] =>
      live.filter((entry) => applies(entry, service, operation)).map((entry) => entry.rule),
    /**
     * The rule that fires for this call, if any (counted as injected): the first that applies,
     * whose `match` the call's text contains, and whose draw falls under its rate.
     */
    pick(service: FaultService, operation: string, text = ''): FaultRule | undefined {
      for (const entry of live) {
        if (!applies(entry, service, operation)) continue;
        if (entry.rule.match !== undefined && !text.includes(entry.rule.match)) continue;
        if (entry.rule.rate !== undefined && entry.draw() >= entry.rule.rate) continue;
        entry.rule.injected += 1;
        const key = `${service}\u0000${operation}`;
        injected.set(key, (injected.get(key) ?? 0) + 1);
        return entry.rule;
      }
      return undefined;
    },
  };
};

export type FaultRules = ReturnType<typeof createFaultRules>;

/** The local stack's one set of rules: the proxies and the pipeline's local jobs read it. */
export const faultRules: FaultRules = createFaultRules();
