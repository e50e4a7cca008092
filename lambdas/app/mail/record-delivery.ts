import type { SesMailEvent } from '../../contracts/mail-events';
import { bounceReason, COMPLAINT_REASON, MAIL_EVENT_STATUS, mailSubjectOf, type StoredMailDelivery } from '../../domain/mail-delivery';
import { recordCandidateMail, recordMemberInviteMail } from '../../data/mail-delivery';
import type { Logger } from '../../platform/logger';
import { count, metricNames } from '../../platform/metrics';

/**
 * SES reported on a mail (issue 26): what happened to it for each recipient it names, recorded on the
 * invitation its tags point to (a candidate, or a member invitation). Mail without those tags (sign-in
 * codes, notifications) is only counted. Idempotent: a repeated event writes what is there already.
 */
export const recordMailEvent = async (event: SesMailEvent['detail'], log: Logger): Promise<number> => {
  const status = MAIL_EVENT_STATUS[event.eventType];
  const outcomes: { recipient: string; delivery: StoredMailDelivery }[] =
    event.eventType === 'Bounce'
      ? (event.bounce?.bouncedRecipients ?? []).map((r) => ({
          recipient: r.emailAddress,
          delivery: {
            status,
            reason: bounceReason(event.bounce?.bounceType, event.bounce?.bounceSubType, r.diagnosticCode),
            at: event.bounce?.timestamp ?? null,
          },
        }))
      : event.eventType === 'Complaint'
        ? (event.complaint?.complainedRecipients ?? []).map((r) => ({
            recipient: r.emailAddress,
            delivery: { status, reason: COMPLAINT_REASON, at: event.complaint?.timestamp ?? null },
          }))
        : (event.delivery?.recipients ?? []).map((recipient) => ({
            recipient,
            delivery: { status, reason: null, at: event.delivery?.timestamp ?? null },
          }));
  if (event.eventType === 'Bounce') count(metricNames.mailBounces, outcomes.length);
  if (event.eventType === 'Complaint') count(metricNames.mailComplaints, outcomes.length);
  const subject = mailSubjectOf(event.mail.tags);
  if (!subject) return 0;
  let recorded = 0;
  for (const { recipient, delivery } of outcomes) {
    const at = delivery.at ?? event.mail.timestamp ?? new Date().toISOString();
    const written =
      subject.kind === 'candidate_invitation'
        ? await recordCandidateMail(subject.candidateId, recipient, { ...delivery, at })
        : await recordMemberInviteMail(subject.companyId, subject.inviteId, recipient, { ...delivery, at });
    if (written) recorded += 1;
  }
  log.info('mail event', { eventType: event.eventType, messageId: event.mail.messageId, kind: subject.kind, recipients: outcomes.length, recorded });
  return recorded;
};
