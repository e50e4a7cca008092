import { describe, expect, it } from 'vitest';
import { DELETED_DATA_KIND_TEXT } from '../../lambdas/contracts/data-deletion';
import { DELETED_DATA_KINDS } from '../../lambdas/contracts/vocabulary';
import { candidatesOfRequest, receiptIdOf } from '../../lambdas/domain/data-deletion';
import { deletedOnRequestEmail, deletionConfirmationEmail, deletionReceiptEmail } from '../../lambdas/domain/emails/data-deletion';
import { candidateInviteEmail } from '../../lambdas/domain/emails/candidate';
import { renderMessage, standardTemplates } from '../../lambdas/domain/messages';

/** Deletion on request (issue 28): whom a request deletes, the receipt id, and what the mails say (and do not). */
describe('candidatesOfRequest', () => {
  const request = { companyId: 'c1', email: 'robin@example.com' };
  const candidate = (candidateId: string, companyId: string, email: string | null) => ({ candidateId, companyId, email });

  it("takes the request's company and address only, the address compared trimmed and in lower case", () => {
    const found = candidatesOfRequest(
      [
        candidate('yes', 'c1', 'robin@example.com'),
        candidate('case', 'c1', ' Robin@Example.com '),
        candidate('other-company', 'c2', 'robin@example.com'),
        candidate('other-address', 'c1', 'sam@example.com'),
        candidate('no-address', 'c1', null),
        null,
      ],
      request,
    );
    expect(found.map((c) => c.candidateId)).toEqual(['yes', 'case']);
  });
});

describe('receiptIdOf', () => {
  it('reads as DR- and four groups of four upper-case hex digits', () => {
    expect(receiptIdOf('1a2b3c4d5e6f7a8b')).toBe('DR-1A2B-3C4D-5E6F-7A8B');
  });

  it('refuses anything but 16 hex digits', () => {
    for (const bad of ['', '1a2b', '1a2b3c4d5e6f7a8g', '1a2b3c4d5e6f7a8b9']) expect(() => receiptIdOf(bad), bad).toThrow();
  });
});

describe('the mails', () => {
  const href = 'https://app.example.com/#/delete-my-data/c1?email=robin%40example.com';

  it('end every candidate mail with the "Delete my data" link, in both parts', () => {
    const invitation = candidateInviteEmail({
      to: 'robin@example.com',
      candidateName: 'Robin',
      companyName: 'Acme',
      jobTitle: 'Nurse',
      interviewHref: 'https://app.example.com/#/interview/t',
      expiresAt: null,
      brandColor: '#3f51b5',
      deleteMyDataHref: href,
    });
    const reminder = renderMessage(
      standardTemplates[1]!,
      { candidateName: 'Robin', companyName: 'Acme', jobTitle: 'Nurse', interviewLink: 'x', deadline: '' },
      null,
      href,
    );
    for (const mail of [invitation, reminder]) {
      expect(mail.text.trimEnd().endsWith(`Delete my data: ${href}`)).toBe(true);
      expect(mail.html).toContain(`<a href="${href}" style="color:#1a4fd6">Delete my data</a>`);
    }
    // Without a link (the team's own test mail of a template), no line.
    expect(
      renderMessage(standardTemplates[1]!, { candidateName: 'R', companyName: 'A', jobTitle: 'N', interviewLink: 'x', deadline: '' }).text,
    ).not.toContain('Delete my data');
  });

  it('list every kind of data in the confirmation and the receipt', () => {
    const confirmation = deletionConfirmationEmail({
      to: 'robin@example.com',
      companyName: 'Acme',
      confirmHref: 'https://x/#/confirm-deletion/n',
      kinds: DELETED_DATA_KINDS,
    });
    const receipt = deletionReceiptEmail({
      to: 'robin@example.com',
      companyName: 'Acme',
      receiptId: 'DR-1A2B-3C4D-5E6F-7A8B',
      deletedAt: '2026-11-26T11:18:00.000Z',
      kinds: DELETED_DATA_KINDS,
      jobTitles: ['Nurse'],
    });
    for (const text of Object.values(DELETED_DATA_KIND_TEXT)) {
      expect(confirmation.text).toContain(text);
      expect(receipt.text).toContain(text);
    }
    expect(receipt.text).toContain('Receipt id: DR-1A2B-3C4D-5E6F-7A8B');
    expect(receipt.text).toContain('26 November 2026 at 11:18 (UTC)');
    expect(receipt.text).toContain('the Nurse position');
  });

  it("tell the team the positions and the receipt, never the candidate's name or address", () => {
    const notice = deletedOnRequestEmail({
      to: 'owner@example.com',
      jobTitles: ['Nurse', 'Porter'],
      receiptId: 'DR-1',
      deletedAt: '2026-11-26T11:18:00.000Z',
    });
    expect(notice.subject).toBe('A candidate was deleted at their request');
    expect(notice.text).toContain('2 positions (Nurse, Porter)');
    expect(notice.text).toContain('DR-1');
  });
});
