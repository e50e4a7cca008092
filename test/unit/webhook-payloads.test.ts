import { EventBridgeClient, PutEventsCommand, type PutEventsCommandInput } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { publishWebhookEvents, webhookEvent, WebhookEventsNotPublished } from '../../lambdas/adapters/events';
import { buildOpenApiDocument } from '../../lambdas/api/system/openapi';
import { publishEvents } from '../../lambdas/app/webhooks/publish-events';
import { PRODUCT_EVENTS } from '../../lambdas/contracts/product-events';
import { toSnakeCase } from '../../lambdas/contracts/wire-case';
import {
  WEBHOOK_API_VERSION,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  WEBHOOK_TEST_EVENT,
  webhookEventDataSchemas,
  type DeliveredEventType,
  type WebhookEvent,
} from '../../lambdas/contracts/webhook-events';
import {
  answerProcessedData,
  candidateCompletedData,
  candidateDeletedData,
  candidateInvitedData,
  candidateStartedData,
  candidateStatusChangedData,
  positionData,
  webhookTestData,
  type WebhookCandidateRecord,
} from '../../lambdas/domain/webhook-payloads';
import { createLogger } from '../../lambdas/platform/logger';

const origin = 'https://app.example.com';
const link = (to: string) => `${origin}/#${to}`;

const candidate: WebhookCandidateRecord = {
  candidateId: 'cand1',
  companyId: 'comp1',
  positionId: 'pos1',
  candidateName: 'Ada Lovelace',
  email: 'ada@example.com',
  currentStatus: 'responded',
  jobTitle: 'Analyst',
  interviewToken: 'tok1',
  completedAt: '2026-12-01T10:00:00.000Z',
  interview: {
    questions: Array.from({ length: 11 }, (_, i) => ({ title: `Question ${i}?`, content: i === 2 ? 'Take your time.' : '' })),
  },
  // Out of order and past q9, so the order is by number, not by text; an unknown key is no answer.
  answers: { q10: { answerId: 'a10' }, q2: { answerId: 'a2' }, q0: { answerId: 'a0' }, other: { answerId: 'x' } },
};

const candidateFields = {
  candidateId: 'cand1',
  candidateName: 'Ada Lovelace',
  email: 'ada@example.com',
  positionId: 'pos1',
  jobTitle: 'Analyst',
  currentStatus: 'responded',
  interviewHref: 'https://app.example.com/#/interview/tok1',
};

/** Every builder's output is exactly its event's schema: nothing missing, nothing more. */
const exactly = (type: DeliveredEventType, data: unknown) => {
  const schema = webhookEventDataSchemas[type] as z.ZodMiniObject;
  expect(Object.keys(data as object).sort()).toEqual(Object.keys(schema.shape).sort());
  expect(z.safeParse(schema, data).success).toBe(true);
};

describe('webhook payloads', () => {
  it('candidate.invited and started carry what the candidate read shows, with the interview link', () => {
    const invited = candidateInvitedData({ ...candidate, currentStatus: 'invited' }, link);
    expect(invited).toEqual({ ...candidateFields, currentStatus: 'invited' });
    exactly('candidate.invited', invited);
    const started = candidateStartedData({ ...candidate, currentStatus: 'invited' }, '2026-12-01T09:00:00.000Z', link);
    expect(started).toEqual({ ...candidateFields, currentStatus: 'invited', startedAt: '2026-12-01T09:00:00.000Z' });
    exactly('candidate.started', started);
  });

  it('candidate.completed links the candidate page and each answer, in question order, with its question', () => {
    const completed = candidateCompletedData({ ...candidate, completedAt: candidate.completedAt! }, link);
    exactly('candidate.completed', completed);
    expect(completed.completedAt).toBe('2026-12-01T10:00:00.000Z');
    expect(completed.candidateHref).toBe('https://app.example.com/#/companies/comp1/positions/pos1/candidates/cand1');
    expect(completed.answers).toEqual([
      {
        answerId: 'a0',
        question: { index: 0, title: 'Question 0?', content: '' },
        answerHref: 'https://app.example.com/#/companies/comp1/positions/pos1/candidates/cand1?answer=a0',
      },
      {
        answerId: 'a2',
        question: { index: 2, title: 'Question 2?', content: 'Take your time.' },
        answerHref: 'https://app.example.com/#/companies/comp1/positions/pos1/candidates/cand1?answer=a2',
      },
      {
        answerId: 'a10',
        question: { index: 10, title: 'Question 10?', content: '' },
        answerHref: 'https://app.example.com/#/companies/comp1/positions/pos1/candidates/cand1?answer=a10',
      },
    ]);
  });

  it('candidate.status_changed says from and to, and the candidate as they are after it', () => {
    const changed = candidateStatusChangedData(candidate, { from: 'responded', to: 'shortlisted' }, link);
    exactly('candidate.status_changed', changed);
    expect(changed).toMatchObject({ currentStatus: 'shortlisted', from: 'responded', to: 'shortlisted', candidateName: 'Ada Lovelace' });
  });

  it('candidate.deleted carries ids and the reason, no personal data', () => {
    const deleted = candidateDeletedData(candidate, 'candidate_request');
    exactly('candidate.deleted', deleted);
    expect(deleted).toEqual({ candidateId: 'cand1', positionId: 'pos1', reason: 'candidate_request' });
    const wire = JSON.stringify(webhookEvent('candidate.deleted', 'comp1', deleted));
    for (const personal of ['Ada', 'ada@example.com', 'tok1', 'Analyst']) expect(wire).not.toContain(personal);
  });

  it('position.created and closed link the position page', () => {
    const data = positionData({ positionId: 'pos1', companyId: 'comp1', jobTitle: 'Analyst', currentStatus: 'closed' }, link);
    exactly('position.closed', data);
    exactly('position.created', data);
    expect(data).toEqual({
      positionId: 'pos1',
      jobTitle: 'Analyst',
      currentStatus: 'closed',
      positionHref: 'https://app.example.com/#/companies/comp1/positions/pos1',
    });
  });

  it('answer.processed names the answer, its question and its end status', () => {
    const data = answerProcessedData(candidate, { answerId: 'a2', questionIndex: 2, status: 'failed' }, link);
    exactly('answer.processed', data);
    expect(data).toEqual({
      answerId: 'a2',
      candidateId: 'cand1',
      positionId: 'pos1',
      question: { index: 2, title: 'Question 2?', content: 'Take your time.' },
      status: 'failed',
      answerHref: 'https://app.example.com/#/companies/comp1/positions/pos1/candidates/cand1?answer=a2',
    });
    exactly(WEBHOOK_TEST_EVENT, webhookTestData('ep1'));
  });

  it('an envelope has a fresh id, the version and the time; an id given is kept (a retry carries the same)', () => {
    const now = new Date('2026-12-01T12:00:00.000Z');
    const a = webhookEvent('position.created', 'comp1', positionData({ ...candidate, currentStatus: 'open' }, link), { now });
    const b = webhookEvent('position.created', 'comp1', a.data, { now });
    expect(a).toMatchObject({ type: 'position.created', apiVersion: WEBHOOK_API_VERSION, createdAt: now.toISOString(), companyId: 'comp1' });
    expect(a.id).toMatch(/^evt_[A-Za-z0-9_-]{16}$/);
    expect(b.id).not.toBe(a.id);
    expect(webhookEvent('position.created', 'comp1', a.data, { id: 'evt_same' }).id).toBe('evt_same');
  });
});

describe('the OpenAPI document’s webhooks', () => {
  const document = buildOpenApiDocument({ routes: [] }) as { webhooks: Record<string, { post: Record<string, any> }> };

  it('has one entry per event type and the test event, each with its envelope in snake_case and the signature headers', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].sort());
    for (const [type, { post }] of Object.entries(document.webhooks)) {
      const schema = post.requestBody.content['application/json'].schema;
      expect(schema.properties.type.const).toBe(type);
      expect(schema.properties.api_version.const).toBe(WEBHOOK_API_VERSION);
      expect(schema.required).toEqual(expect.arrayContaining(['id', 'type', 'api_version', 'created_at', 'company_id', 'data']));
      expect(post.parameters.map((p: { name: string }) => p.name)).toEqual(Object.values(WEBHOOK_HEADERS));
      expect(post.description).toEqual(expect.any(String));
    }
    const completed = document.webhooks['candidate.completed']!.post.requestBody.content['application/json'].schema;
    expect(Object.keys(completed.properties.data.properties)).toEqual(expect.arrayContaining(['candidate_href', 'answers', 'interview_href']));
    expect(completed.properties.data.properties.answers.items.properties.answer_href.description).toEqual(expect.any(String));
  });

  it('describes what a published envelope carries on the wire (its snake_case keys are the schema’s)', () => {
    const event = webhookEvent(
      'candidate.status_changed',
      'comp1',
      candidateStatusChangedData(candidate, { from: 'responded', to: 'rejected' }, link),
    );
    const wire = toSnakeCase<Record<string, Record<string, unknown>>>(event);
    const schema = document.webhooks['candidate.status_changed']!.post.requestBody.content['application/json'].schema;
    expect(Object.keys(wire).sort()).toEqual(Object.keys(schema.properties).sort());
    expect(Object.keys(wire.data!).sort()).toEqual(Object.keys(schema.properties.data.properties).sort());
  });
});

describe('publishing webhook events', () => {
  const eventBridge = mockClient(EventBridgeClient);
  const events = (n: number): WebhookEvent[] =>
    Array.from({ length: n }, (_, i) =>
      webhookEvent('candidate.deleted', 'comp1', candidateDeletedData({ candidateId: `c${i}`, positionId: 'p' }, 'team')),
    );

  beforeEach(() => {
    eventBridge.reset();
    vi.stubEnv('EVENT_BUS_NAME', 'test-bus');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('puts them as Webhook events whose detail is the envelope, at most 10 entries a call', async () => {
    const calls: PutEventsCommandInput[] = [];
    eventBridge.on(PutEventsCommand).callsFake((input: PutEventsCommandInput) => {
      calls.push(input);
      return { FailedEntryCount: 0, Entries: input.Entries!.map((_, i) => ({ EventId: `e${i}` })) };
    });
    const published = events(25);
    await publishWebhookEvents(published);
    expect(calls.map((call) => call.Entries!.length)).toEqual([10, 10, 5]);
    const entries = calls.flatMap((call) => call.Entries!);
    expect(entries.every((entry) => entry.Source === PRODUCT_EVENTS.source && entry.DetailType === PRODUCT_EVENTS.webhookEvent)).toBe(true);
    expect(entries.every((entry) => entry.EventBusName === 'test-bus')).toBe(true);
    expect(entries.map((entry) => JSON.parse(entry.Detail!))).toEqual(published);
  });

  it('names the events EventBridge did not take: refused entries and a refused call', async () => {
    let call = 0;
    eventBridge.on(PutEventsCommand).callsFake((input: PutEventsCommandInput) => {
      call += 1;
      if (call === 2) throw new Error('Throttled');
      return {
        FailedEntryCount: 1,
        Entries: input.Entries!.map((_, i) => (i === 3 ? { ErrorCode: 'InternalFailure', ErrorMessage: 'try again' } : { EventId: `e${i}` })),
      };
    });
    const published = events(15);
    const error = await publishWebhookEvents(published).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookEventsNotPublished);
    expect((error as WebhookEventsNotPublished).eventIds.sort()).toEqual([published[3]!.id, ...published.slice(10).map((e) => e.id)].sort());
  });

  it('never fails the caller: what was not published is logged and counted', async () => {
    eventBridge.on(PutEventsCommand).rejects(new Error('EventBridge is down'));
    const lines: string[] = [];
    vi.stubEnv('STAGE', 'test');
    vi.spyOn(process.stdout, 'write').mockImplementation((line) => (lines.push(String(line)), true));
    const log = { ...createLogger(), error: vi.fn() };
    await expect(publishEvents(events(3), log)).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith('webhook events not published', expect.objectContaining({ events: 3, types: ['candidate.deleted'] }));
    const metric = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => 'WebhookEventsNotPublished' in line);
    expect(metric).toMatchObject({ WebhookEventsNotPublished: 3 });
  });
});
