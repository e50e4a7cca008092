import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { candidateRoute, isCandidateHash } from './worlds';

describe('candidateRoute', () => {
  it("names the candidate's interview and apply links, as the server writes them", () => {
    const token = 'AbC_12-xyz'.repeat(4);
    expect(candidateRoute(`#${paths.interview.to(token)}`)).toEqual({ name: 'interview', token });
    expect(candidateRoute(`#${paths.apply.to('link-1')}`)).toEqual({ name: 'apply', linkId: 'link-1' });
    expect(candidateRoute(`#${paths.deleteMyData.to('c-1', { email: 'a+b@example.com' })}`)).toEqual({
      name: 'deleteMyData',
      companyId: 'c-1',
      email: 'a+b@example.com',
    });
    expect(candidateRoute(`#${paths.deleteMyData.to('c-1')}`)).toEqual({ name: 'deleteMyData', companyId: 'c-1', email: '' });
    expect(candidateRoute(`#${paths.confirmDeletion.to(token, { company: 'c-1' })}`)).toEqual({
      name: 'confirmDeletion',
      nonce: token,
      companyId: 'c-1',
    });
    expect(candidateRoute(`#${paths.confirmDeletion.to(token)}`)).toEqual({ name: 'confirmDeletion', nonce: token, companyId: null });
  });

  it('matches as the hiring app’s router does: any case, a trailing slash, a query, an encoded value', () => {
    expect(candidateRoute('#/Interview/tok/')).toEqual({ name: 'interview', token: 'tok' });
    expect(candidateRoute('#/apply/a%20b?ref=mail')).toEqual({ name: 'apply', linkId: 'a b' });
  });

  it("leaves every other route to the hiring team's app", () => {
    for (const hash of [
      '',
      '#',
      '#/',
      '#/signin',
      `#${paths.positions.to('c1')}`,
      `#${paths.publicCandidate.to('p1')}`,
      '#/interview',
      '#/interview/',
      '#/interview/a/b',
      '#/apply',
      '#/interviews/x',
      '#/interview/%E0%A4%A',
    ])
      expect(isCandidateHash(hash), hash).toBe(false);
  });
});
