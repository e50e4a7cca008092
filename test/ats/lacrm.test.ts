import { afterEach, describe, expect, it, vi } from 'vitest';
import { AtsCredentialsRejected } from '../../lambdas/adapters/ats/adapter';
import { atsConnection } from '../../lambdas/adapters/ats/connection';
import { lacrmAdapter } from '../../lambdas/adapters/ats/lacrm';
import type { StandInCandidate } from '../../lib/local/ats/types';
import { lacrmStandIn } from '../../lib/local/ats/vendors/lacrm';
import { expectRequestFailed, result, useStandIn } from './support';

/** The Less Annoying CRM adapter against its stand-in: API v2 functions, groups as tags, notes on contacts. */
const standIn = useStandIn(lacrmStandIn);
/** LACRM's people are contacts, its tags groups. */
const { addCandidate: addContact, notesOf, outage } = standIn;

/** Endpoints are read when a call is made: from the environment the stand-in puts in place. */
const connection = atsConnection(lacrmAdapter, { authToken: lacrmStandIn.accepts['API key'] });

/** Calls the stand-in's API directly, as LACRM's documentation shows it. */
const lacrm = async (fn: string, parameters: Record<string, unknown>, key = 'lacrm-local-key') => {
  const response = await fetch(`${standIn.base}/api/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: key },
    body: JSON.stringify({ Function: fn, Parameters: parameters }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** A result whose note is `note`, with the link to the answers in it. */
const noted = (note: string) => result('https://app.example.com/answers/abc', { note });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Less Annoying CRM adapter', () => {
  it('uses the stand-in for every endpoint and registers no webhooks', () => {
    expect(connection.endpoint('api')).toBe(`${standIn.base}/api`);
    expect(connection.endpoint('app')).toBe(`${standIn.base}/app`);
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
    for (let i = 0; i < 104; i++) members.push(await addContact(`Grace Member${i}`, 'Sales Engineers 2026', `grace${i}@example.com`));
    members.push(await addContact('Hopper', 'Sales Engineers 2026', null));
    for (let i = 0; i < 6; i++) await addContact(`Ivan Other${i}`, 'Support 2026', `ivan${i}@example.com`);
    await addContact('Judy Similar', 'Sales Engineers 2025', 'judy@example.com');

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
      profileHref: `${standIn.base}/app/View_Contact?ContactId=${members[42]!.id}`,
    });
    expect(listed.find((c) => c.ref === members[104]!.id)).toMatchObject({ name: 'Hopper', email: null });

    await expect(lacrmAdapter.listTagged(connection, 'sales engineers 2026')).resolves.toHaveLength(105);
    await expect(lacrmAdapter.listTagged(connection, 'No such group')).resolves.toEqual([]);
    await expectRequestFailed(lacrmAdapter.listTagged(atsConnection(lacrmAdapter, { authToken: 'lacrm-wrong-key' }), 'Support 2026'), {
      status: 401,
      retryable: false,
    });
  });

  it('writes the result with CreateNote on the contact', async () => {
    const contact = await addContact('Karl Notes', 'Notes 2026', 'karl@example.com');
    const note = 'Karl Notes answered the interview: https://app.example.com/answers/abc\nOpen it to watch the answers.';
    await lacrmAdapter.writeResult(connection, contact.id, noted(note));
    const notes = await notesOf(contact.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toBe(note);
    expect(notes[0]).toContain('https://app.example.com/answers/abc');

    await expectRequestFailed(lacrmAdapter.writeResult(connection, 'no-such-contact', noted('x https://app.example.com/a')), {
      status: 400,
      retryable: false,
    });
  });

  it('fails retryably while LACRM is down', async () => {
    const contact = await addContact('Liz Outage', 'Outage 2026', 'liz@example.com');
    await outage({ requests: 1, status: 503 });
    await expectRequestFailed(lacrmAdapter.writeResult(connection, contact.id, noted('Liz answered: https://app.example.com/answers/l')), {
      status: 503,
      retryable: true,
    });
    expect(await notesOf(contact.id)).toEqual([]);

    await lacrmAdapter.writeResult(connection, contact.id, noted('Liz answered: https://app.example.com/answers/l'));
    expect(await notesOf(contact.id)).toEqual(['Liz answered: https://app.example.com/answers/l']);
  });
});
