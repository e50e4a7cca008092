import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AtsCredentialsRejected, AtsRequestFailed, type AtsConnection, type AtsResult } from '../../lambdas/shared/clients/ats/adapter';
import { atsConnection } from '../../lambdas/shared/clients/ats/connection';
import { lacrmAdapter } from '../../lambdas/shared/clients/ats/lacrm';
import { startAtsLocal } from '../../lib/local/ats/server';
import type { StandInCandidate } from '../../lib/local/ats/types';
import { lacrmStandIn } from '../../lib/local/ats/vendors/lacrm';

/** The Less Annoying CRM adapter against its stand-in: API v2 functions, groups as tags, notes on contacts. */
let standIns: Awaited<ReturnType<typeof startAtsLocal>>;
let control: string;
let connection: AtsConnection;
const environment: Record<string, string> = {};

const addContact = async (name: string, email: string | null, group: string): Promise<StandInCandidate> => {
  const response = await fetch(`${control}/candidates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, tag: group }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { candidate: StandInCandidate }).candidate;
};

const stateContact = async (id: string): Promise<StandInCandidate> => {
  const state = (await (await fetch(`${control}/state`)).json()) as { candidates: StandInCandidate[] };
  const candidate = state.candidates.find((c) => c.id === id);
  if (!candidate) throw new Error(`No contact ${id} in the stand-in`);
  return candidate;
};

/** Calls the stand-in's API directly, as LACRM's documentation shows it. */
const lacrm = async (fn: string, parameters: Record<string, unknown>, key = 'lacrm-local-key') => {
  const response = await fetch(`${control}/api/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: key },
    body: JSON.stringify({ Function: fn, Parameters: parameters }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const result = (note: string): AtsResult => ({ event: 'responded', note, answersHref: 'https://app.example.com/answers/abc', advanceStage: false });

beforeAll(async () => {
  standIns = await startAtsLocal({ vendors: [lacrmStandIn] });
  control = `${standIns.origin}/_local/ats/lacrm`;
  Object.assign(environment, standIns.environment(standIns.origin));
  Object.assign(process.env, environment);
  connection = atsConnection(lacrmAdapter, { authToken: lacrmStandIn.accepts['API key'] });
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  for (const name of Object.keys(environment)) delete process.env[name];
  await standIns?.stop();
});

describe('Less Annoying CRM adapter', () => {
  it('uses the stand-in for every endpoint and registers no webhooks', () => {
    expect(connection.endpoint('api')).toBe(`${control}/api`);
    expect(connection.endpoint('app')).toBe(`${control}/app`);
    expect(lacrmAdapter.endpoints).toEqual({ api: 'https://api.lessannoyingcrm.com/v2', app: 'https://account.lessannoyingcrm.com/app' });
    expect(lacrmAdapter.webhooks).toBeUndefined();
  });

  it('answers errors as LACRM does: HTTP 400 with ErrorCode and ErrorDescription', async () => {
    const refused = await lacrm('GetUser', {}, 'lacrm-wrong-key');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ErrorCode: expect.any(String), ErrorDescription: expect.stringMatching(/invalid credentials/i) });
    const unknown = await lacrm('NoSuchFunction', {});
    expect(unknown.status).toBe(400);
    expect(unknown.body.ErrorDescription).toMatch(/not a valid function/);
  });

  it('accepts the right API key (GetUser) and rejects a wrong or missing one', async () => {
    await expect(lacrmAdapter.verifyCredentials(connection)).resolves.toBeUndefined();
    await expect(lacrmAdapter.verifyCredentials(atsConnection(lacrmAdapter, { authToken: 'lacrm-wrong-key' }))).rejects.toBeInstanceOf(
      AtsCredentialsRejected,
    );
    await expect(lacrmAdapter.verifyCredentials(atsConnection(lacrmAdapter, {}))).rejects.toBeInstanceOf(AtsCredentialsRejected);
  });

  it('lists exactly the contacts in the group, paging through GetContactsInGroup', async () => {
    const members: StandInCandidate[] = [];
    for (let i = 0; i < 104; i++) members.push(await addContact(`Grace Member${i}`, `grace${i}@example.com`, 'Sales Engineers 2026'));
    members.push(await addContact('Hopper', null, 'Sales Engineers 2026'));
    for (let i = 0; i < 6; i++) await addContact(`Ivan Other${i}`, `ivan${i}@example.com`, 'Support 2026');
    await addContact('Judy Similar', 'judy@example.com', 'Sales Engineers 2025');

    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const listed = await lacrmAdapter.listTagged(connection, 'Sales Engineers 2026');
    expect(listed).toHaveLength(105);
    expect(listed.map((c) => c.ref).sort()).toEqual(members.map((c) => c.id).sort());

    // The group was resolved by name, then its members read over more than one page.
    const calls = fetchSpy.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as { Function: string; Parameters: Record<string, unknown> });
    expect(calls[0]!.Function).toBe('GetGroups');
    const memberPages = calls.filter((c) => c.Function === 'GetContactsInGroup');
    expect(memberPages.map((c) => c.Parameters.Page)).toEqual([1, 2]);
    expect(memberPages.every((c) => typeof c.Parameters.GroupId === 'string' && c.Parameters.GroupName === undefined)).toBe(true);

    const grace = listed.find((c) => c.ref === members[42]!.id)!;
    expect(grace).toEqual({
      ref: members[42]!.id,
      name: 'Grace Member42',
      email: 'grace42@example.com',
      profileHref: `${control}/app/View_Contact?ContactId=${members[42]!.id}`,
    });
    expect(listed.find((c) => c.ref === members[104]!.id)).toMatchObject({ name: 'Hopper', email: null });

    await expect(lacrmAdapter.listTagged(connection, 'sales engineers 2026')).resolves.toHaveLength(105);
    await expect(lacrmAdapter.listTagged(connection, 'No such group')).resolves.toEqual([]);
    await expect(lacrmAdapter.listTagged(atsConnection(lacrmAdapter, { authToken: 'lacrm-wrong-key' }), 'Support 2026')).rejects.toMatchObject({
      name: 'AtsRequestFailed',
      status: 401,
      retryable: false,
    });
  });

  it('writes the result with CreateNote on the contact', async () => {
    const contact = await addContact('Karl Notes', 'karl@example.com', 'Notes 2026');
    const note = 'Karl Notes answered the interview: https://app.example.com/answers/abc\nOpen it to watch the answers.';
    await lacrmAdapter.writeResult(connection, contact.id, result(note));
    const notes = (await stateContact(contact.id)).notes;
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toBe(note);
    expect(notes[0]!.body).toContain('https://app.example.com/answers/abc');

    await expect(lacrmAdapter.writeResult(connection, 'no-such-contact', result('x https://app.example.com/a'))).rejects.toMatchObject({
      name: 'AtsRequestFailed',
      status: 400,
      retryable: false,
    });
  });

  it('fails retryably while LACRM is down', async () => {
    const contact = await addContact('Liz Outage', 'liz@example.com', 'Outage 2026');
    const outage = await fetch(`${control}/outage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: 1, status: 503 }),
    });
    expect(outage.status).toBe(200);
    const error = await lacrmAdapter
      .writeResult(connection, contact.id, result('Liz answered: https://app.example.com/answers/l'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AtsRequestFailed);
    expect(error).toMatchObject({ status: 503, retryable: true });
    expect((await stateContact(contact.id)).notes).toEqual([]);

    await lacrmAdapter.writeResult(connection, contact.id, result('Liz answered: https://app.example.com/answers/l'));
    expect((await stateContact(contact.id)).notes.map((n) => n.body)).toEqual(['Liz answered: https://app.example.com/answers/l']);
  });
});
