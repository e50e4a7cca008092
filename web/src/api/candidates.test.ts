import { describe, expect, it } from 'vitest';
import { MAIL_REPORT_WAIT_MS } from '../config/constants';
import { awaitingMailReport } from './candidates';

/** When the candidate page re-reads a candidate for SES's report on their invitation mail (issue 26). */
describe('awaiting the invitation mail’s report', () => {
  const now = Date.parse('2030-05-01T12:00:00.000Z');
  const at = (ms: number) => ({ timeValue: new Date(ms).toISOString(), relativeTime: '' });
  const candidate = (status: 'sent' | 'delivered' | 'bounced' | 'complained' | null, createdAt: number) => ({
    createdAt: at(createdAt),
    mail: status === null ? null : { status, reason: null, at: status === 'sent' ? null : at(createdAt) },
  });

  it('waits for a mail sent in the last 10 minutes that SES has not reported on', () => {
    expect(awaitingMailReport(candidate('sent', now - 5_000), null, now)).toBe(true);
    expect(awaitingMailReport(candidate('sent', now - MAIL_REPORT_WAIT_MS + 1_000), null, now)).toBe(true);
  });

  it('counts from when the page sent the mail again (a fixed address)', () => {
    const invitedLongAgo = candidate('sent', now - 30 * 86_400_000);
    expect(awaitingMailReport(invitedLongAgo, null, now)).toBe(false);
    expect(awaitingMailReport(invitedLongAgo, now - 60_000, now)).toBe(true);
    expect(awaitingMailReport(invitedLongAgo, now - MAIL_REPORT_WAIT_MS, now)).toBe(false);
  });

  it('stops once SES has reported, and for no mail at all', () => {
    for (const status of ['delivered', 'bounced', 'complained'] as const) {
      expect(awaitingMailReport(candidate(status, now - 5_000), now - 5_000, now), status).toBe(false);
    }
    expect(awaitingMailReport(candidate(null, now - 5_000), now - 5_000, now)).toBe(false);
    expect(awaitingMailReport(undefined, now, now)).toBe(false);
  });
});
