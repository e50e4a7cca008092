import { describe, expect, it } from 'vitest';
import { momentText } from '../../lambdas/contracts/comment';
import {
  MENTION_WITHOUT_ACCESS,
  PIN_BOTH_OR_NEITHER,
  PIN_NOT_AN_ANSWER,
  PIN_PAST_THE_END,
  mentionableMembers,
  mentionsToMail,
  pinProblem,
  unmentionable,
} from '../../lambdas/domain/comments';
import { mentionEmail } from '../../lambdas/domain/emails/mention';

const owner = { userId: 'u-owner', email: 'owner@example.com', userRole: 'owner' as const };
const ann = { userId: 'u-ann', email: 'ann@example.com', userRole: 'member' as const };
const bob = { userId: 'u-bob', email: 'bob@example.com', userRole: 'member' as const };

describe('a comment pin', () => {
  it('is both an answer and a moment, or neither', () => {
    expect(pinProblem({}, undefined)).toBeNull();
    expect(pinProblem({ answerId: 'a1' }, { durationMillis: 5000 })).toBe(PIN_BOTH_OR_NEITHER);
    expect(pinProblem({ atSeconds: 3 }, undefined)).toBe(PIN_BOTH_OR_NEITHER);
  });

  it("names one of the candidate's answers, within its length when known", () => {
    expect(pinProblem({ answerId: 'a1', atSeconds: 3 }, undefined)).toBe(PIN_NOT_AN_ANSWER);
    expect(pinProblem({ answerId: 'a1', atSeconds: 0 }, { durationMillis: 4200 })).toBeNull();
    expect(pinProblem({ answerId: 'a1', atSeconds: 5 }, { durationMillis: 4200 })).toBeNull();
    expect(pinProblem({ answerId: 'a1', atSeconds: 6 }, { durationMillis: 4200 })).toBe(PIN_PAST_THE_END);
    expect(pinProblem({ answerId: 'a1', atSeconds: 600 }, { durationMillis: null })).toBeNull();
  });
});

describe('mentions', () => {
  it('may name the members who can see the position', () => {
    const shared = { sharing: { userIds: [ann.userId] } };
    expect(mentionableMembers(shared, [owner, ann, bob])).toEqual([owner, ann]);
    expect(mentionableMembers({ sharing: null }, [owner, ann, bob])).toEqual([owner, ann, bob]);
    expect(unmentionable([ann.userId, bob.userId], mentionableMembers(shared, [owner, ann, bob]))).toEqual([bob.userId]);
    expect(MENTION_WITHOUT_ACCESS).toMatch(/can see this position/);
  });

  it('mail the mentioned but never the author, and on an edit only the newly mentioned', () => {
    expect(mentionsToMail([owner, ann], owner.userId)).toEqual([ann]);
    expect(mentionsToMail([ann, bob], owner.userId, [ann])).toEqual([bob]);
  });
});

describe('the mention mail', () => {
  it('says who mentioned whom where, escapes the comment and links to the moment', () => {
    const mail = mentionEmail({
      to: ann.email,
      authorEmail: owner.email,
      candidateName: 'Nora <b>Newer</b>',
      jobTitle: 'Designer',
      content: 'Listen <script>alert(1)</script>\nfrom here',
      pin: { answerNumber: 2, atSeconds: 83 },
      candidateHref: 'http://localhost:3000/#/companies/c/positions/p/candidates/x?answer=a&at=83',
    });
    expect(mail.subject).toBe('owner@example.com mentioned you on Nora <b>Newer</b>');
    expect(mail.text).toContain('at 1:23 of answer 2');
    expect(mail.text).toContain('> from here');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Nora &lt;b&gt;Newer&lt;/b&gt;');
    expect(mail.html).toContain('candidates/x?answer=a&amp;at=83');
  });
});

describe('a moment as text', () => {
  it('reads m:ss, or h:mm:ss past an hour', () => {
    expect(momentText(0)).toBe('0:00');
    expect(momentText(83.9)).toBe('1:23');
    expect(momentText(3723)).toBe('1:02:03');
  });
});
