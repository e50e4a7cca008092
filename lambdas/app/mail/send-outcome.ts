import { MAIL_SENT, mailNotSent, type MailSubject, type StoredMailDelivery } from '../../domain/mail-delivery';
import { recordCandidateMail, recordMemberInviteMail } from '../../data/mail-delivery';
import { describeError, type Logger } from '../../platform/logger';
import { count, metricNames } from '../../platform/metrics';

/**
 * What became of sending an invitation mail (issue 37), recorded on the invitation as SES's events
 * are (app/mail/record-delivery.ts): a send SES did not take, its retries spent, is `not_sent` (no
 * event will ever follow it, so the team would otherwise read "sent"); a resend puts `sent` back as
 * it goes. Both are the conditional write of data/mail-delivery.ts, so a bounce or complaint on
 * the address, a changed address or a deleted invitation is left alone. A failure to record is
 * logged, never thrown: the invitation itself stands, its link can be copied or resent.
 */

const record = (subject: MailSubject, recipient: string, delivery: StoredMailDelivery) =>
  subject.kind === 'candidate_invitation'
    ? recordCandidateMail(subject.candidateId, recipient, delivery)
    : recordMemberInviteMail(subject.companyId, subject.inviteId, recipient, delivery);

const about = (subject: MailSubject) =>
  subject.kind === 'candidate_invitation' ? { candidateId: subject.candidateId } : { companyId: subject.companyId, inviteId: subject.inviteId };

const recorded = async (subject: MailSubject, recipient: string, delivery: StoredMailDelivery, log: Logger): Promise<StoredMailDelivery | null> => {
  try {
    return (await record(subject, recipient, delivery)) ? delivery : null;
  } catch (error) {
    log.error('mail outcome not recorded', { kind: subject.kind, ...about(subject), status: delivery.status, ...describeError(error) });
    return null;
  }
};

/**
 * The send failed for good (`error` is what it ended with): logged, counted (MailsNotSent) and
 * recorded as not sent. The delivery now stored, or null when the invitation kept what it had.
 */
export const recordNotSent = async (subject: MailSubject, recipient: string, error: unknown, log: Logger): Promise<StoredMailDelivery | null> => {
  log.error('invitation not sent', { kind: subject.kind, ...about(subject), ...describeError(error) });
  count(metricNames.mailsNotSent);
  return recorded(subject, recipient, mailNotSent(error), log);
};

/**
 * A send after one SES did not take (Resend): `sent` replaces `not_sent` before the mail goes, so
 * SES's events for it, which may arrive before the sender goes on, find it `sent` (a delivery never
 * replaces `not_sent`). The delivery now stored, or null.
 */
export const recordSentAgain = (subject: MailSubject, recipient: string, log: Logger): Promise<StoredMailDelivery | null> =>
  recorded(subject, recipient, { ...MAIL_SENT }, log);
