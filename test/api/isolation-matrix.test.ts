import { beforeAll, describe, expect, it } from 'vitest';
import { operationPath } from '../../lambdas/operations/index';
import { routeEntries, type OperationId, type RouteDefinition } from '../../lambdas/operations/index';
import { call } from '../support/api';
import {
  buildWorld,
  credentialKinds,
  missingPathFixtures,
  pathIds,
  pathParamSetsOf,
  pathParamsOf,
  pool,
  positionSecretsOf,
  secretsOf,
  send,
  shorten,
  unknownId,
  validBodies,
  validBodyProblems,
  type Sent,
  type World,
} from '../support/route-fixtures';

/**
 * The security matrix, derived from the route table so a new route is covered the day it is added:
 * every route is called on company A's objects by everyone who must not reach them (company B's
 * owner, no session, a made-up session, a signed-out session, and A's member without access to the
 * position, who is also not the owner), with a valid body where the route takes one. None of them
 * may get a 2xx with data, a 5xx, or a response naming anything of A's.
 *
 * Public routes are reached by the id in their path (interview token, apply link, public candidate
 * id, member invitation, session id): there, B's id (with A's other ids) and an id nobody holds
 * must reach nothing of A's.
 */

let a: World;
let b: World;
beforeAll(async () => {
  [a, b] = await Promise.all([buildWorld('Matrix A'), buildWorld('Matrix B')]);
}, 120_000);

/** Routes that answer a stranger with an empty 200 rather than a 404; anything else in the body fails. */
const answersStrangersWithNothing: Partial<Record<OperationId, (body: any) => boolean>> = {
  // Foreign and unknown media groups are simply absent from the list.
  getMediaUploadGroups: (body) => Array.isArray(body?.media_upload_groups) && body.media_upload_groups.length === 0,
  // "You cannot open this candidate", with nothing of the candidate.
  getCandidateAccessStatus: (body) => body?.can_access === false && body?.candidate === null,
};

type Expectation = 'refused' | 'not found' | 'anything but 5xx';

interface Call {
  operation: OperationId;
  route: RouteDefinition;
  caller: string;
  params: Record<string, string>;
  body?: unknown;
  session?: string;
  /** An API key (issue 38), sent as `Authorization: Bearer`. */
  bearer?: string;
  expect: Expectation;
  /** None of these may appear in the response. */
  secrets: string[];
}

const leaks = (res: Sent, secrets: string[]) => {
  let text = res.text;
  res.headers.forEach((value, name) => (text += `\n${name}: ${value}`));
  return secrets.filter((secret) => text.includes(secret));
};

const problemWith = (c: Call, res: Sent): string | null => {
  if (res.status === 0) return `no answer (${res.text})`;
  if (res.status >= 500) return `${res.status}`;
  const leaked = leaks(res, c.secrets);
  if (leaked.length > 0) return `${res.status} naming ${leaked.join(', ')}`;
  const success = res.status >= 200 && res.status < 300;
  if (c.expect === 'refused' && success && !answersStrangersWithNothing[c.operation]?.(res.json)) return `${res.status}, not refused`;
  if (c.expect === 'not found' && res.status !== 404 && !(c.route.method === 'DELETE' && res.status === 204)) return `${res.status}, not 404`;
  if (c.expect !== 'anything but 5xx' && !success && (res.status < 400 || res.status >= 500)) return `${res.status}`;
  return null;
};

/** Every call the matrix makes, from the route table. */
const plan = (): { calls: Call[]; problems: string[] } => {
  const calls: Call[] = [];
  const problems: string[] = [];
  const idsOfA = pathIds(a);
  const secretsOfA = secretsOf(a);
  const positionSecrets = positionSecretsOf(a);
  const names = (text: string, secrets: string[]) => secrets.some((secret) => text.includes(secret));

  for (const [operation, route] of routeEntries) {
    const params = pathParamsOf(operation);
    // Public routes are called by outsiders, with bodies of their own (B's); the others with bodies naming A's objects.
    const body = validBodies[operation]?.(route.auth === 'public' ? b : a);
    const add = (
      caller: string,
      pathParams: Record<string, string>,
      session: string | undefined,
      expectation: Expectation,
      secrets: string[],
      bearer?: string,
    ) => calls.push({ operation, route, caller, params: pathParams, body, session, bearer, expect: expectation, secrets });

    if (route.auth === 'public') {
      const credentials = params.filter((name) => credentialKinds.has(name));
      if (params.length > 0 && credentials.length === 0) {
        problems.push(`${operation}: a public route whose path ids (${params.join(', ')}) are no credential; decide how it is protected`);
        continue;
      }
      if (params.length === 0) {
        // Addresses nothing: it must still never name A's objects or fail.
        add('anyone', {}, undefined, 'anything but 5xx', secretsOfA);
        continue;
      }
      const swap = (values: (name: string) => string) =>
        Object.fromEntries(params.map((name) => [name, credentials.includes(name) ? values(name) : idsOfA[name]!]));
      const othersOfA = params.length > credentials.length;
      const secretsFor = (ids: Record<string, string>) => secretsOfA.filter((secret) => !Object.values(ids).includes(secret));
      // B's own credential with A's other ids: reaches B's object at most, never A's.
      const withB = swap((name) => pathIds(b)[name]!);
      for (const pathParams of pathParamSetsOf(operation, withB))
        add("B's credential", pathParams, undefined, othersOfA ? 'refused' : 'anything but 5xx', secretsFor(withB));
      const unknown = swap(() => unknownId());
      for (const pathParams of pathParamSetsOf(operation, unknown))
        add('an unknown credential', pathParams, undefined, 'not found', secretsFor(unknown));
      continue;
    }

    for (const pathParams of pathParamSetsOf(operation, idsOfA)) {
      const sent = `${operationPath(operation, pathParams)} ${JSON.stringify(body ?? '')}`;
      const targetsA = names(sent, secretsOfA);
      const targetsPosition = names(sent, positionSecrets);
      add('no session', pathParams, undefined, 'refused', secretsOfA);
      add('a made-up session', pathParams, unknownId(), 'refused', secretsOfA);
      add('a signed-out session of A', pathParams, a.revokedSessionId, 'refused', secretsOfA);
      add("B's owner", pathParams, b.owner.sessionId, targetsA ? 'refused' : 'anything but 5xx', secretsOfA);
      // A's member: not the owner, and without access to A's position (shared with the owner alone).
      const memberExpects = route.auth === 'owner' || targetsPosition ? 'refused' : 'anything but 5xx';
      add("A's member without access", pathParams, a.member.sessionId, memberExpects, positionSecrets);
      // API keys (issue 38): B's reaches nothing of A's; A's own, with every scope, reaches no owner route, no route
      // without a scope, and not A's position (shared with the owner alone: a key is a member on no such list).
      add("B's API key", pathParams, undefined, targetsA ? 'refused' : 'anything but 5xx', secretsOfA, b.apiKey.secret);
      const keyExpects = route.auth === 'owner' || !route.apiKeyScope || targetsPosition ? 'refused' : 'anything but 5xx';
      add("A's API key", pathParams, undefined, keyExpects, positionSecrets, a.apiKey.secret);
    }
  }
  return { calls, problems };
};

describe('the isolation matrix', () => {
  it('has a fixture for every kind of path id and a valid body for every route with a body', () => {
    expect(missingPathFixtures(a), 'add these kinds to pathIds() in test/support/route-fixtures.ts').toEqual([]);
    expect(validBodyProblems(a), 'fix validBodies in test/support/route-fixtures.ts').toEqual([]);
  });

  it("lets nobody reach company A's objects but those who may", async () => {
    const { calls, problems } = plan();
    const results = await pool(calls.map((c) => () => send(c.operation, c.params, { session: c.session, bearer: c.bearer, ...jsonBody(c.body) })));
    const failures = calls.flatMap((c, i) => {
      const problem = problemWith(c, results[i]!);
      return problem
        ? [`${c.route.method} ${operationPath(c.operation, c.params)} (${c.operation}) as ${c.caller}: ${problem} ${shorten(results[i]!.text)}`]
        : [];
    });
    const covered = new Set(calls.map((c) => c.operation));
    const fiveXx = results.filter((r) => r.status >= 500).length;
    console.log(
      `isolation matrix: ${covered.size}/${routeEntries.length} routes covered, ${calls.length} calls, ${fiveXx} 5xx, ${failures.length} failures`,
    );
    expect([...problems, ...failures], [...problems, ...failures].join('\n')).toEqual([]);
  }, 300_000); // every route × every caller: minutes on a loaded 2-core machine

  it("leaves company A's objects as they were", async () => {
    const session = a.owner.sessionId;
    expect((await call('getCompany', { params: { companyId: a.owner.companyId }, session })).body.company_name).toBe(a.companyName);
    const members = (await call('listMembers', { params: { companyId: a.owner.companyId }, session })).body;
    expect(members.members.map((m: { user_id: string }) => m.user_id)).toEqual(expect.arrayContaining([a.owner.userId, a.member.userId]));
    expect(members.invited_members.map((m: { email: string }) => m.email)).toEqual([a.invitee.email]);
    expect((await call('getMemberInvite', { params: { nonce: a.invitee.nonce } })).status).toBe(200);

    const position = await call('getPosition', { params: { positionId: a.position.positionId }, session });
    expect(position.body).toMatchObject({
      job_title: a.position.jobTitle,
      current_status: 'open',
      version: 2,
      sharing: { user_ids: [a.owner.userId] },
      candidates: { invited: 1, responded: 0, shortlisted: 0, rejected: 0 },
    });
    expect(position.body.apply_link!.link_href).toContain(a.position.linkId);
    expect((await call('getApplyLink', { params: { linkId: a.position.linkId } })).body.open).toBe(true);

    const candidate = await call('getCandidate', { params: { candidateId: a.candidate.candidateId }, session });
    expect(candidate.body).toMatchObject({ candidate_name: a.candidate.candidateName, current_status: 'invited', rating: null });
    expect(candidate.body.answers.map((x: { answer_id: string; rating: number | null }) => [x.answer_id, x.rating])).toEqual([
      [a.candidate.answerId, null],
    ]);
    const sharing = await call('getMySharingDetails', { params: { candidateId: a.candidate.candidateId }, session });
    expect(sharing.body.public_candidate_id).toBe(a.candidate.publicCandidateId);
    expect((await call('getPublicCandidate', { params: { publicCandidateId: a.candidate.publicCandidateId } })).status).toBe(200);
    expect(
      (await call('getInterview', { params: { token: a.candidate.token } })).body.questions.map((q: { answered: boolean }) => q.answered),
    ).toEqual([true, false]);
    const media = await call('getMediaUploadGroups', { params: { mediaGroupIds: a.media.mediaGroupId }, session });
    expect(media.body.media_upload_groups.map((g: { media_id: string }) => g.media_id)).toEqual([a.media.mediaId]);
    expect((await call('getMe', { session: a.member.sessionId })).body.companies).toEqual([
      { company_id: a.owner.companyId, company_name: a.companyName, user_role: 'member' },
    ]);
    expect((await call('getMe', { session: a.spareSessionId })).status).toBe(200);
  });
});

const jsonBody = (body: unknown) => (body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' });
