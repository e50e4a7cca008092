import { QueryCommand, UpdateCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { backfillSearchTokens } from '../../scripts/backfill-search-tokens';
import { baseUrl, call } from '../support/api';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { interviewAsking } from '../support/interviews';
import { savePosition } from '../support/positions';

/**
 * Search (spec §2) reads the position's search items: one per word of a candidate's name and part
 * of their e-mail, written and deleted with the candidate (issue 17: one Query per page).
 */
const interview = interviewAsking('Tell us about yourself');

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
let owner: Owner;

const createPosition = async (settings: Record<string, unknown> = {}) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Line cook', interview },
  });
  expect(created.status).toBe(201);
  const positionId = created.body.position_id as string;
  if (Object.keys(settings).length > 0) expect((await savePosition(owner.sessionId, positionId, settings)).status).toBe(200);
  return positionId;
};

const invite = async (positionId: string, candidateName: string, email: string | null) => {
  const res = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: candidateName, email } });
  expect(res.status).toBe(201);
  return res.body.candidate_id as string;
};

const search = async (positionId: string, text: string, query: Record<string, string> = {}) => {
  const res = await call('listCandidates', { params: { positionId }, query: { search_text: text, ...query }, session: owner.sessionId });
  expect(res.status).toBe(200);
  return res.body as { candidates: { candidate_id: string; candidate_name: string }[]; has_more: boolean };
};
const namesFound = async (positionId: string, text: string) => (await search(positionId, text)).candidates.map((c) => c.candidate_name).sort();

/** The search items of a position (straight from the table). */
const searchItems = async (positionId: string) =>
  (
    await localDb().send(
      new QueryCommand({
        TableName: localEnv().TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.candidateSearchToken(positionId, '', '').PK },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

beforeAll(async () => {
  owner = await registerAndSignIn('Search Co');
  await allocateCredits(owner.companyId, 400);
});

describe('searching candidates', () => {
  let positionId: string;
  beforeAll(async () => {
    positionId = await createPosition();
    await invite(positionId, 'Margaret Hamilton', 'm.hamilton+apollo@nasa.example');
    await invite(positionId, 'Hamid Karzai', null);
    await invite(positionId, 'Zoë Saldaña', 'zoe.s@films.example');
    await invite(positionId, 'Søren Kierkegaard', 'sk@philosophy.example');
    await invite(positionId, 'Ann Lee', 'ann@lee.example');
    await invite(positionId, 'Lee Annwell', null);
  });

  it('finds the beginning of a surname, in any case, and nothing for the middle of a word', async () => {
    expect(await namesFound(positionId, 'hamil')).toEqual(['Margaret Hamilton']);
    expect(await namesFound(positionId, 'HAMI')).toEqual(['Hamid Karzai', 'Margaret Hamilton']);
    expect(await namesFound(positionId, 'milton')).toEqual([]);
  });

  it('finds part of an e-mail address from a separator on, and the whole address', async () => {
    expect(await namesFound(positionId, 'apollo')).toEqual(['Margaret Hamilton']);
    expect(await namesFound(positionId, 'hamilton+apo')).toEqual(['Margaret Hamilton']);
    expect(await namesFound(positionId, 'nasa.example')).toEqual(['Margaret Hamilton']);
    expect(await namesFound(positionId, '@films')).toEqual(['Zoë Saldaña']);
    expect(await namesFound(positionId, 'M.Hamilton+Apollo@NASA.example')).toEqual(['Margaret Hamilton']);
  });

  it('ignores accents on either side', async () => {
    expect(await namesFound(positionId, 'saldana')).toEqual(['Zoë Saldaña']);
    expect(await namesFound(positionId, 'ZOË')).toEqual(['Zoë Saldaña']);
    expect(await namesFound(positionId, 'Saldaña zoe')).toEqual(['Zoë Saldaña']);
    expect(await namesFound(positionId, 'kierke')).toEqual(['Søren Kierkegaard']);
    expect(await namesFound(positionId, 'soren kierke')).toEqual(['Søren Kierkegaard']);
  });

  it('with two words, finds the candidates both begin a word of, in either order', async () => {
    expect(await namesFound(positionId, 'ann lee')).toEqual(['Ann Lee', 'Lee Annwell']);
    expect(await namesFound(positionId, 'lee ann')).toEqual(['Ann Lee', 'Lee Annwell']);
    expect(await namesFound(positionId, 'annw lee')).toEqual(['Lee Annwell']);
    expect(await namesFound(positionId, 'margaret apollo')).toEqual(['Margaret Hamilton']);
    expect(await namesFound(positionId, 'margaret karzai')).toEqual([]);
  });

  it('no longer finds a deleted candidate, and leaves none of their search items behind', async () => {
    const id = await invite(positionId, 'Grace Hopper', 'grace@navy.example');
    expect(await namesFound(positionId, 'hopper')).toEqual(['Grace Hopper']);
    expect((await searchItems(positionId)).filter((item) => item.candidateId === id).length).toBeGreaterThan(0);
    const deleted = await call('deleteCandidate', { params: { candidateId: id }, session: owner.sessionId });
    expect(deleted.status).toBe(200);
    expect(await namesFound(positionId, 'hopper')).toEqual([]);
    expect(await namesFound(positionId, 'grace@navy')).toEqual([]);
    expect((await searchItems(positionId)).filter((item) => item.candidateId === id)).toEqual([]);
  });

  it('finds nobody in another position', async () => {
    const other = await createPosition();
    expect(await namesFound(other, 'hamilton')).toEqual([]);
  });
});

describe('searching after invites expire', () => {
  it('no longer finds an invite the expiry job deleted', async () => {
    const positionId = await createPosition({ invites_expire_after: 'P3D' });
    const stale = await invite(positionId, 'Stale Sandwich', null);
    await invite(positionId, 'Fresh Sandwich', null);
    const past = new Date(Date.now() - 60_000).toISOString();
    await localDb().send(
      new UpdateCommand({
        TableName: localEnv().TABLE_NAME,
        Key: keys.candidate(stale),
        UpdateExpression: 'SET expiresAt = :past, GSI3SK = :sk',
        ExpressionAttributeValues: { ':past': past, ':sk': `${past}#${stale}` },
      }),
    );
    expect(await namesFound(positionId, 'sandwich')).toEqual(['Fresh Sandwich', 'Stale Sandwich']);
    const run = await fetch(`${baseUrl()}/_local/schedules/expireInvites`, { method: 'POST' });
    expect(run.status).toBe(200);
    expect(await namesFound(positionId, 'sandwich')).toEqual(['Fresh Sandwich']);
    expect((await searchItems(positionId)).filter((item) => item.candidateId === stale)).toEqual([]);
  });
});

describe('searching a bulk invite', () => {
  it('finds every candidate of a list written in several transactions, 12 a page', async () => {
    const positionId = await createPosition();
    // Addresses unique in the position without a random part: a random one could begin with "17" and match the search below.
    const people = Array.from({ length: 30 }, (_, i) => ({ candidate_name: `Bulk Person ${i + 1}`, email: `bulk${i + 1}@bulk-invite.example.com` }));
    const created = await call('inviteCandidatesBatch', { params: { positionId }, session: owner.sessionId, body: { new_candidates: people } });
    expect(created.status).toBe(201);
    const first = await search(positionId, 'bulk person');
    expect(first.candidates).toHaveLength(12);
    expect(first.has_more).toBe(true);
    const second = await search(positionId, 'bulk person', { after: first.candidates[11]!.candidate_id });
    const third = await search(positionId, 'bulk person', { after: second.candidates[11]!.candidate_id });
    expect(third.has_more).toBe(false);
    const ids = [...first.candidates, ...second.candidates, ...third.candidates].map((c) => c.candidate_id);
    expect(new Set(ids).size).toBe(30);
    // Invited together: the same invite time, so the order falls to the ids, and stays put from page to page.
    expect(ids).toEqual([...ids].sort().reverse());
    expect([...ids].sort()).toEqual(created.body.candidates.map((c: { candidate_id: string }) => c.candidate_id).sort());
    // A reload with the place kept: every result down to that candidate.
    const through = await search(positionId, 'bulk person', { through: ids[15]! });
    expect(through.candidates.map((c) => c.candidate_id)).toEqual(ids.slice(0, 16));
    expect(through.has_more).toBe(true);
    expect(await namesFound(positionId, 'person 17')).toEqual(['Bulk Person 17']);
  });
});

describe('searching more than one BatchGetItem of candidates', () => {
  it('orders and pages 105 matches, reading whole only the candidates of the page', async () => {
    const positionId = await createPosition();
    const people = Array.from({ length: 105 }, (_, i) => ({ candidate_name: `Crowd Member ${i + 1}`, email: null }));
    const created = await call('inviteCandidatesBatch', { params: { positionId }, session: owner.sessionId, body: { new_candidates: people } });
    expect(created.status).toBe(201);
    const ids: string[] = [];
    let page = await search(positionId, 'crowd');
    for (let pages = 1; ; pages++) {
      expect(page.candidates.length).toBe(page.has_more ? 12 : 105 % 12);
      ids.push(...page.candidates.map((c) => c.candidate_id));
      if (!page.has_more) break;
      expect(pages).toBeLessThan(9);
      page = await search(positionId, 'crowd', { after: ids[ids.length - 1]! });
    }
    expect(new Set(ids).size).toBe(105);
    expect(ids).toEqual([...ids].sort().reverse());
    expect((await search(positionId, 'crowd', { through: ids[40]! })).candidates.map((c) => c.candidate_id)).toEqual(ids.slice(0, 41));
    expect(await namesFound(positionId, 'crowd member 104')).toEqual(['Crowd Member 104']);
  });
});

describe('the backfill of candidates invited before search items (migration 004-search-tokens of npm run migrate)', () => {
  it('gives them their search items once, so a search finds them', async () => {
    const positionId = await createPosition();
    const id = await invite(positionId, 'Katherine Johnson', 'kj@langley.example');
    // As a candidate invited before the change was deployed: no search items, no tokens on the profile.
    const items = (await searchItems(positionId)).filter((item) => item.candidateId === id);
    expect(items.length).toBeGreaterThan(0);
    await localDb().send(
      new BatchWriteCommand({
        RequestItems: { [localEnv().TABLE_NAME]: items.map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })) },
      }),
    );
    await localDb().send(new UpdateCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(id), UpdateExpression: 'REMOVE searchTokens' }));
    expect(await namesFound(positionId, 'johnson')).toEqual([]);

    const first = await backfillSearchTokens(localDb(), localEnv().TABLE_NAME);
    expect(first.written).toBeGreaterThanOrEqual(1);
    expect(await namesFound(positionId, 'johnson')).toEqual(['Katherine Johnson']);
    expect(await namesFound(positionId, 'langley')).toEqual(['Katherine Johnson']);
    expect((await searchItems(positionId)).filter((item) => item.candidateId === id)).toHaveLength(items.length);

    const second = await backfillSearchTokens(localDb(), localEnv().TABLE_NAME);
    expect(second.alreadyThere).toBeGreaterThanOrEqual(1);
    expect((await searchItems(positionId)).filter((item) => item.candidateId === id)).toHaveLength(items.length);

    // Deleted afterwards, the candidate takes the backfilled items along.
    expect((await call('deleteCandidate', { params: { candidateId: id }, session: owner.sessionId })).status).toBe(200);
    expect((await searchItems(positionId)).filter((item) => item.candidateId === id)).toEqual([]);
  });

  it('a candidate never backfilled is deleted with the search items their name and e-mail give', async () => {
    const positionId = await createPosition();
    const id = await invite(positionId, 'Dorothy Vaughan', 'dv@langley.example');
    await localDb().send(new UpdateCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(id), UpdateExpression: 'REMOVE searchTokens' }));
    // Their items are there (only the profile's list of tokens is gone): the deletion must find them by name and e-mail.
    expect((await searchItems(positionId)).filter((item) => item.candidateId === id).length).toBeGreaterThan(0);
    expect(await namesFound(positionId, 'vaughan')).toEqual(['Dorothy Vaughan']);
    expect((await call('deleteCandidate', { params: { candidateId: id }, session: owner.sessionId })).status).toBe(200);
    expect((await searchItems(positionId)).filter((item) => item.candidateId === id)).toEqual([]);
  });
});
