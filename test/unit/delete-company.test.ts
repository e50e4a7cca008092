import {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteCompany } from '../../lambdas/app/companies/company';
import { tableName } from '../../lambdas/data/client';
import { keys } from '../../lambdas/data/keys';
import type { Membership } from '../../lambdas/data/memberships';
import { forbidden } from '../../lambdas/platform/errors';
import { createLogger } from '../../lambdas/platform/logger';

/**
 * A company's deletion reads what it has alongside the owner check (the handler chain's, passed in
 * while it runs) and deletes nothing before that check passed: a refused check leaves everything.
 */
process.env.TABLE_NAME ??= 'unit-table';

const ddb = mockClient(DynamoDBDocumentClient);
const profile = keys.company('c1');
const ownerMembership = keys.membership('c1', 'owner');
const reportDay = keys.reportCompanyDay('c1', '2026-03-10');

/** The company has one message template, one API key, a day of its reports and its own items (no position, no integration). */
const fakeTable = () => {
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const pk = input.ExpressionAttributeValues?.[':pk'];
    if (pk === profile.PK && !input.IndexName) return { Items: [ownerMembership, profile] };
    if (pk === keys.messageTemplateByCompany('c1', '', '').GSI1PK) {
      return { Items: [{ ...keys.messageTemplate('t1'), templateId: 't1', companyId: 'c1', templateName: 'Farewell' }] };
    }
    if (pk === keys.apiKeyByCompany('c1', '', '').GSI1PK) return { Items: [keys.apiKey('k1')] };
    if (pk === reportDay.PK) return { Items: [reportDay] };
    return { Items: [] };
  });
  ddb.on(DeleteCommand).resolves({});
  ddb.on(BatchWriteCommand).resolves({});
};

const writes = () =>
  ddb.commandCalls(BatchWriteCommand).length +
  ddb.commandCalls(DeleteCommand).length +
  ddb.commandCalls(TransactWriteCommand).length +
  ddb.commandCalls(UpdateCommand).length;

/** Lets the reads that are under way answer (the fake table answers at once). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const checkOf = () => {
  let pass!: (membership: Membership) => void;
  let refuse!: (error: unknown) => void;
  const check = new Promise<Membership>((resolve, reject) => {
    pass = resolve;
    refuse = reject;
  });
  return { check, pass: () => pass({ companyId: 'c1', userId: 'owner', role: 'owner' }), refuse };
};

beforeEach(() => {
  ddb.reset();
  fakeTable();
});

describe('deleteCompany', () => {
  it('reads alongside the owner check and deletes only once it passed, the company’s own items last', async () => {
    const { check, pass } = checkOf();
    const deleted = deleteCompany('c1', check, createLogger());
    await settle();
    // Positions, integrations, templates, API keys, the company's partition, its report days and its
    // summaries' usage months (issue 41): read while the check runs.
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(7);
    expect(writes()).toBe(0);

    pass();
    await deleted;
    expect(ddb.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key)).toEqual([keys.messageTemplate('t1')]);
    const batches = ddb.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems![tableName()]);
    // Its API keys and report days with its own items (the profile last).
    expect(batches).toEqual([
      [
        { DeleteRequest: { Key: keys.apiKey('k1') } },
        { DeleteRequest: { Key: reportDay } },
        { DeleteRequest: { Key: ownerMembership } },
        { DeleteRequest: { Key: profile } },
      ],
    ]);
    // The company's own items once everything else of it went.
    expect(ddb.commandCalls(BatchWriteCommand)[0]!.calledAfter(ddb.commandCalls(DeleteCommand)[0]!)).toBe(true);
  });

  it('deletes nothing when the owner check refuses, and answers with its refusal', async () => {
    const { check, refuse } = checkOf();
    const deleted = deleteCompany('c1', check, createLogger());
    await settle();
    refuse(forbidden());
    await expect(deleted).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    await settle();
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(7);
    expect(writes()).toBe(0);
  });
});
