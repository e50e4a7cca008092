import { describe, expect, it, vi } from 'vitest';
import { operations, type OperationId } from '../../../lambdas/operations/index';
import { apiPath, callApi } from './client';

/** apiPath as the route table's entries see it: any operation id, params by name. */
const build = apiPath as unknown as (operationId: string, params?: Record<string, string>) => string;

/** The paths the SPA calls, built from the route table: no network. */
describe('apiPath', () => {
  it('fills the route template with encoded ids and puts the query in snake_case', () => {
    expect(apiPath('getPosition', { positionId: 'p-1' })).toBe('/positions/p-1');
    expect(apiPath('removeMember', { companyId: 'c 1', userId: 'u/2' })).toBe('/companies/c%201/members/u%2F2');
    expect(apiPath('listCandidates', { positionId: 'p-1' }, { tab: 'invited', after: 'c-9' })).toBe(
      '/positions/p-1/candidates?tab=invited&after=c-9',
    );
    expect(apiPath('listCandidates', { positionId: 'p-1' }, { searchText: 'ann lee', through: undefined })).toBe(
      '/positions/p-1/candidates?search_text=ann+lee',
    );
    expect(apiPath('setCandidateStatus', { candidateId: 'c-1', status: 'shortlist' })).toBe('/candidates/c-1/shortlist');
    expect(apiPath('getMediaUploadGroups', { mediaGroupIds: ['g1', 'g 2'] })).toBe('/media-upload-groups/g1,g%202');
    expect(apiPath('getMe')).toBe('/me');
  });

  it('builds every operation of the route table from its path parameters', () => {
    for (const [operationId, route] of Object.entries(operations) as [OperationId, (typeof operations)[OperationId]][]) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const params = Object.fromEntries(names.map((name) => [name, `${name}-value`]));
      expect(build(operationId, params), operationId).toBe(route.path.replace(/\{(\w+)\}/g, '$1-value'));
    }
  });

  it('refuses a missing path parameter', () => {
    expect(() => build('getCandidate')).toThrow('getCandidate: missing path parameter candidateId');
    expect(() => build('removeMember', { companyId: 'c-1' })).toThrow('missing path parameter userId');
  });

  it('calls with the route method, and an empty body for a POST or PUT without one', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ candidate_id: 'c-1' }), { status: 200 }));
    vi.stubGlobal('window', { localStorage: { getItem: () => null } });
    vi.stubGlobal('fetch', fetchMock);
    try {
      await expect(callApi('deleteCandidate', { params: { candidateId: 'c-1' } })).resolves.toEqual({ candidateId: 'c-1' });
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/v1/candidates/c-1/delete');
      expect(init).toMatchObject({ method: 'PUT', body: '{}' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/** Type checks only (tsc runs over web/src): the contract decides what a call needs. */
export const typeChecks = () => {
  // @ts-expect-error getPosition needs its positionId
  apiPath('getPosition');
  // @ts-expect-error not a status of the route
  apiPath('setPositionStatus', { positionId: 'p', status: 'archive' });
  // @ts-expect-error rateAnswer needs its body
  void callApi('rateAnswer', { params: { answerId: 'a' } });
  // @ts-expect-error no such operation
  apiPath('getNothing');
};
