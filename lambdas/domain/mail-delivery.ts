import { MAIL_STATUSES, type MailStatus } from '../contracts/vocabulary';
import { timeField } from './candidates';

/**
 * What SES reports about a mail (issue 26), as pure rules: the tags an invitation mail carries so its
 * events find what it was about, the status each event means, which status may replace which, and
 * the sentence a bounce shows the team. The event handler (lambdas/events/mail-event-received.ts)
 * records the outcome; the table access is lambdas/data/mail-delivery.ts.
 */

/** What a mail was about, named by its tags (SES EmailTags), so its events find the invitation. */
export type MailSubject = { kind: 'candidate_invitation'; candidateId: string } | { kind: 'member_invitation'; companyId: string; inviteId: string };

export interface MailTag {
  Name: string;
  Value: string;
}

/** A tag's name and value may hold only these characters (SES refuses others). */
const tagValue = (value: string) => value.replace(/[^A-Za-z0-9_.@-]/g, '_').slice(0, 256) || '_';

/** The tags a mail about `subject` is sent with. */
export const mailTags = (subject: MailSubject): MailTag[] =>
  (subject.kind === 'candidate_invitation'
    ? [
        { Name: 'kind', Value: subject.kind },
        { Name: 'candidate_id', Value: subject.candidateId },
      ]
    : [
        { Name: 'kind', Value: subject.kind },
        { Name: 'company_id', Value: subject.companyId },
        { Name: 'invite_id', Value: subject.inviteId },
      ]
  ).map((tag) => ({ Name: tag.Name, Value: tagValue(tag.Value) }));

/** What an event's mail was about, from its tags as SES reports them (`{name: [values]}`); null for other mail. */
export const mailSubjectOf = (tags: Readonly<Record<string, readonly string[] | undefined>>): MailSubject | null => {
  const one = (name: string) => {
    const value = tags[name]?.[0];
    return typeof value === 'string' && value.length > 0 ? value : null;
  };
  const kind = one('kind');
  if (kind === 'candidate_invitation') {
    const candidateId = one('candidate_id');
    return candidateId ? { kind, candidateId } : null;
  }
  if (kind === 'member_invitation') {
    const companyId = one('company_id');
    const inviteId = one('invite_id');
    return companyId && inviteId ? { kind, companyId, inviteId } : null;
  }
  return null;
};

/** SES's event types this product records, and the status each means. */
export const MAIL_EVENT_STATUS = { Delivery: 'delivered', Bounce: 'bounced', Complaint: 'complained' } as const satisfies Record<string, MailStatus>;
export type MailEventType = keyof typeof MAIL_EVENT_STATUS;

/**
 * The statuses an event's status may replace for the same address. A delivery never replaces a
 * bounce or a complaint (they say more, and events may come late or twice); a bounce or a complaint
 * replaces what came before. Every status may replace itself, so a repeated event changes nothing
 * but is no error.
 *
 * `not_sent` (issue 37) is the send's own outcome, not an event: SES never reports on a mail it did
 * not take, so a delivery or a bounce that arrives afterwards is about an earlier mail and leaves
 * the latest one's failure shown; only a complaint (which stops reminders) replaces it, and a later
 * send that SES takes (Resend, Fix e-mail and resend) puts `sent` back. A failed send replaces a
 * mail sent or delivered before it (the latest invitation did not go out), never a bounce (the
 * address is wrong: fixing it is the way on) nor a complaint.
 */
export const replaceableBy = (next: MailStatus): MailStatus[] => {
  switch (next) {
    case 'sent':
      return ['sent', 'not_sent'];
    case 'not_sent':
      return ['sent', 'delivered', 'not_sent'];
    case 'delivered':
      return ['sent', 'delivered'];
    case 'bounced':
      return ['sent', 'delivered', 'bounced'];
    case 'complained':
      return [...MAIL_STATUSES];
  }
};

const BOUNCE_KINDS: Record<string, string> = {
  Permanent: 'Permanent bounce',
  Transient: 'Temporary bounce',
  Undetermined: 'Bounce',
};

const BOUNCE_SUBTYPES: Record<string, string> = {
  General: 'the address does not exist or refuses mail',
  NoEmail: 'the address does not exist',
  Suppressed: 'the address is on the suppression list after earlier bounces',
  OnAccountSuppressionList: 'the address is on the suppression list after earlier bounces',
  MailboxFull: 'the mailbox is full',
  MessageTooLarge: 'the message was too large for the mailbox',
  ContentRejected: 'the receiving server rejected the content',
  AttachmentRejected: 'the receiving server rejected an attachment',
  Undetermined: 'the receiving server did not say why',
};

/** "5.1.1" (user unknown) says the address does not exist even when SES's subtype is General. */
const UNKNOWN_USER = /\b5\.1\.(1|10)\b|user unknown|no such user|does not exist/i;

/**
 * The sentence the team reads for a bounce, e.g. "Permanent bounce: the address does not exist
 * (smtp; 550 5.1.1 user unknown)". At most 300 characters.
 */
export const bounceReason = (bounceType: string | undefined, bounceSubType: string | undefined, diagnosticCode: string | undefined): string => {
  const kind = BOUNCE_KINDS[bounceType ?? ''] ?? 'Bounce';
  const diagnostic = diagnosticCode?.replace(/\s+/g, ' ').trim() ?? '';
  const why =
    (bounceSubType === 'General' || bounceSubType === undefined) && UNKNOWN_USER.test(diagnostic)
      ? 'the address does not exist'
      : (BOUNCE_SUBTYPES[bounceSubType ?? ''] ?? 'the receiving server did not accept the mail');
  const sentence = `${kind}: ${why}${diagnostic ? ` (${diagnostic})` : ''}`;
  return sentence.length > 300 ? `${sentence.slice(0, 299)}…` : sentence;
};

/** The reason a complaint shows. */
export const COMPLAINT_REASON = 'The recipient marked the mail as spam: no more reminders are sent to this address.';

/** A mail's delivery as stored with the invitation (`at`: ISO time of SES's event). */
export interface StoredMailDelivery {
  status: MailStatus;
  reason: string | null;
  at: string | null;
}

/** The stored delivery, or `sent` for an invitation mailed before any event arrived (or before events were recorded). */
export const storedMailDelivery = (value: unknown): StoredMailDelivery => {
  const stored = (value ?? {}) as Partial<Record<keyof StoredMailDelivery, unknown>>;
  const status = MAIL_STATUSES.find((s) => s === stored.status) ?? 'sent';
  return {
    status,
    reason: status !== 'sent' && typeof stored.reason === 'string' ? stored.reason : null,
    at: status !== 'sent' && typeof stored.at === 'string' ? stored.at : null,
  };
};

/** A mail just sent, with no event yet. */
export const MAIL_SENT: StoredMailDelivery = { status: 'sent', reason: null, at: null };

/** Why SES did not take a mail, by the error it answered (SES v2's codes), in the team's words. */
const NOT_SENT_CAUSES: Record<string, string> = {
  MessageRejected: 'the mail service refused it',
  AccountSuspendedException: 'sending is suspended for the account',
  SendingPausedException: 'sending is paused for the account',
  MailFromDomainNotVerifiedException: "the sender's domain is not verified",
  TooManyRequestsException: 'the mail service was too busy, and the retries ran out',
  LimitExceededException: 'the sending limit was reached',
  Throttling: 'the mail service was too busy, and the retries ran out',
};

/**
 * The sentence the team reads for a mail SES did not take (issue 37), from the error the send ended
 * with, e.g. "Not sent: the mail service refused it (MessageRejected: Email address is not
 * verified.)". At most 300 characters.
 */
export const notSentReason = (error: { name?: string; message?: string } | null | undefined): string => {
  const code = error?.name && error.name !== 'Error' ? error.name : '';
  const message = error?.message?.replace(/\s+/g, ' ').trim() ?? '';
  const why = NOT_SENT_CAUSES[code] ?? 'the mail service could not be reached or did not take it';
  const detail = [code, message].filter(Boolean).join(': ');
  const sentence = `Not sent: ${why}${detail ? ` (${detail})` : ''}`;
  return sentence.length > 300 ? `${sentence.slice(0, 299)}…` : sentence;
};

/** A mail SES did not take at `now`, its retries spent: shown as not sent, never as sent. */
export const mailNotSent = (error: unknown, now = new Date()): StoredMailDelivery => ({
  status: 'not_sent',
  reason: notSentReason(error instanceof Error ? error : null),
  at: now.toISOString(),
});

/** No further reminders go to an address that complained. */
export const mayRemind = (mail: Pick<StoredMailDelivery, 'status'> | null): boolean => mail?.status !== 'complained';

/** The delivery as the API answers it (contracts `mailDeliverySchema`): the event's time with its relative text. */
export const mailDeliveryView = (mail: StoredMailDelivery, now: Date) => ({ status: mail.status, reason: mail.reason, at: timeField(mail.at, now) });
