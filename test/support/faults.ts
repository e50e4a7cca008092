import { expect } from 'vitest';
import type { FaultRule, FaultRuleInput } from '../../lib/local/faults/rules';
import { baseUrl } from './api';

/**
 * The local stack's fault mode from a test (`/_local/faults`, issue 37). The api test files share
 * one stack and run side by side, so a test narrows each rule by `match` to its own data and by a
 * count, and removes what it added: `const faults = faultRules(); afterEach(faults.removeAll)`.
 */
export const faultRules = () => {
  const added: string[] = [];
  return {
    /** Adds rules (tried in order, the first that fires wins) and answers them with their ids. */
    add: async (...rules: FaultRuleInput[]): Promise<FaultRule[]> => {
      const res = await fetch(`${baseUrl()}/_local/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(rules),
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { rules: FaultRule[] };
      added.push(...body.rules.map((rule) => rule.id));
      return body.rules;
    },
    /** Removes every rule this set added. */
    removeAll: async (): Promise<void> => {
      await Promise.all(added.splice(0).map((id) => fetch(`${baseUrl()}/_local/faults?id=${id}`, { method: 'DELETE' })));
    },
  };
};

/** The rules and the faults injected per service and operation, as the stack counts them. */
export const faultState = async () =>
  (await fetch(`${baseUrl()}/_local/faults`).then((r) => r.json())) as { rules: FaultRule[]; injected: Record<string, Record<string, number>> };

/** How many times a rule has fired so far. */
export const injectedBy = async (rule: FaultRule) => (await faultState()).rules.find((r) => r.id === rule.id)?.injected;

/** SES refusing the next mail to `email` as it refuses an address it will not send to (`MessageRejected`, not retried). */
export const mailRefusal = (email: string, rule: Partial<FaultRuleInput> = {}): FaultRuleInput =>
  ({
    service: 'ses',
    operation: 'SendEmail',
    fault: 'MessageRejected',
    status: 400,
    message: 'Email address is not verified.',
    count: 1,
    match: email,
    ...rule,
  }) as FaultRuleInput;
