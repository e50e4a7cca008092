import { describe, expect, it } from 'vitest';
import { evaluate, evaluationMoves } from '../../lambdas/contracts/candidate-status';
import { neutraliseFormula as neutraliseCell } from '../../lambdas/contracts/spreadsheet';
import { averageRating, inviteExpiry, notificationRecipients, relativeTime, retakesLeft, spendsCredits } from '../../lambdas/domain/candidates';
import { plannedDueAt, renderTemplate } from '../../lambdas/domain/messages';

const now = new Date('2026-11-23T12:00:00Z');

describe('candidate rules', () => {
  it('follow the evaluation table of spec §4', () => {
    expect(evaluate('responded', 'shortlist')).toBe('shortlisted');
    expect(evaluate('rejected', 'shortlist')).toBe('shortlisted');
    expect(evaluate('shortlisted', 'reject')).toBe('rejected');
    expect(evaluate('rejected', 'undo')).toBe('responded');
    expect(evaluate('responded', 'undo')).toBeNull();
    // The moves each status offers, in the order the screens show them.
    expect(evaluationMoves('invited')).toEqual([]);
    expect(evaluationMoves('responded')).toEqual([
      { action: 'shortlist', to: 'shortlisted' },
      { action: 'reject', to: 'rejected' },
    ]);
    expect(evaluationMoves('shortlisted')).toEqual([
      { action: 'undo', to: 'responded' },
      { action: 'reject', to: 'rejected' },
    ]);
    expect(evaluationMoves('rejected')).toEqual([
      { action: 'undo', to: 'responded' },
      { action: 'shortlist', to: 'shortlisted' },
    ]);
    expect(evaluate('invited', 'shortlist')).toBeNull();
    expect(evaluate('shortlisted', 'shortlist')).toBeNull();
  });

  it('spend credits unless subscribed or complimentary', () => {
    expect(spendsCredits('not_subscribed')).toBe(true);
    expect(spendsCredits('subscribed')).toBe(false);
    expect(spendsCredits('complimentary')).toBe(false);
  });

  it('set deadlines from the offset, never without one', () => {
    expect(inviteExpiry('P7D', now)).toBe('2026-11-30T12:00:00.000Z');
    expect(inviteExpiry(null, now)).toBeNull();
  });

  it('count retakes left (null = unlimited)', () => {
    expect(retakesLeft(1, 1)).toBe(1);
    expect(retakesLeft(1, 2)).toBe(0);
    expect(retakesLeft(0, 3)).toBe(0);
    expect(retakesLeft(null, 9)).toBeNull();
  });

  it('notify everyone with access, or the named members among them', () => {
    const members = [
      { userId: 'o', email: 'owner@x.com', userRole: 'owner' as const },
      { userId: 'a', email: 'a@x.com', userRole: 'member' as const },
      { userId: 'b', email: 'b@x.com', userRole: 'member' as const },
    ];
    expect(notificationRecipients({ sharing: null, notifying: null }, members)).toEqual(['owner@x.com', 'a@x.com', 'b@x.com']);
    expect(notificationRecipients({ sharing: { userIds: ['a'] }, notifying: null }, members)).toEqual(['owner@x.com', 'a@x.com']);
    expect(notificationRecipients({ sharing: { userIds: ['a'] }, notifying: { userIds: ['b', 'a'] } }, members)).toEqual(['a@x.com']);
  });

  it('say times relative to now', () => {
    expect(relativeTime('2026-11-23T12:00:10Z', now)).toBe('now');
    expect(relativeTime('2026-11-20T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2026-11-30T12:00:00Z', now)).toBe('next week');
    expect(relativeTime('2026-11-23T09:00:00Z', now)).toBe('3 hours ago');
  });

  it('average ratings to one decimal, ignoring unrated answers', () => {
    expect(averageRating([5, 2, null])).toBe(3.5);
    expect(averageRating([null])).toBeNull();
    expect(averageRating([4, 4, 5])).toBe(4.3);
  });

  it('neutralise spreadsheet formulas', () => {
    for (const cell of ['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx']) expect(neutraliseCell(cell)).toBe(`'${cell}`);
    expect(neutraliseCell('Ada')).toBe('Ada');
  });
});

describe('planned messages', () => {
  it('fall due a duration after the invite, or before the deadline', () => {
    expect(plannedDueAt('P2D', '2026-11-23T12:00:00.000Z', null)).toBe('2026-11-25T12:00:00.000Z');
    expect(plannedDueAt('-P1D', '2026-11-23T12:00:00.000Z', '2026-11-30T12:00:00.000Z')).toBe('2026-11-29T12:00:00.000Z');
    expect(plannedDueAt('-P1D', '2026-11-23T12:00:00.000Z', null)).toBeNull();
    expect(plannedDueAt('invite', '2026-11-23T12:00:00.000Z', null)).toBeNull();
  });

  it('fill placeholders and leave unknown ones', () => {
    const values = { candidateName: 'Ada', companyName: 'Acme', jobTitle: 'Engineer', interviewLink: 'https://x/#/interview/t', deadline: '' };
    expect(renderTemplate('Hello {candidateName}, {jobTitle} at {companyName}: {interviewLink} {other}', values)).toBe(
      'Hello Ada, Engineer at Acme: https://x/#/interview/t {other}',
    );
  });
});
