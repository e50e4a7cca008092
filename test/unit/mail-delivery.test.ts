import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { sesMailEventSchema, SES_MAIL_EVENT } from '../../lambdas/contracts/mail-events';
import { MAIL_STATUSES } from '../../lambdas/contracts/vocabulary';
import {
  bounceReason,
  mailDeliveryView,
  mailNotSent,
  mailSubjectOf,
  mailTags,
  mayRemind,
  notSentReason,
  replaceableBy,
  storedMailDelivery,
} from '../../lambdas/domain/mail-delivery';
import { recordCandidateMail } from '../../lambdas/data/mail-delivery';
import { sendMail } from '../../lambdas/adapters/mail';
import { eventFunctions, matchesPattern } from '../../lambdas/event-rules';
import { simulatedMailEvents } from '../../lib/local/ses-local';

describe('mail delivery rules (issue 26)', () => {
  it('words a bounce for the team from its type, subtype and diagnostic', () => {
    expect(bounceReason('Permanent', 'General', 'smtp; 550 5.1.1 user unknown')).toBe(
      'Permanent bounce: the address does not exist (smtp; 550 5.1.1 user unknown)',
    );
    expect(bounceReason('Transient', 'MailboxFull', 'smtp; 452 4.2.2 mailbox full')).toBe(
      'Temporary bounce: the mailbox is full (smtp; 452 4.2.2 mailbox full)',
    );
    expect(bounceReason('Permanent', 'Suppressed', undefined)).toBe('Permanent bounce: the address is on the suppression list after earlier bounces');
    expect(bounceReason(undefined, undefined, undefined)).toBe('Bounce: the receiving server did not accept the mail');
    expect(bounceReason('Permanent', 'General', `smtp; 550 ${'x'.repeat(400)}`).length).toBe(300);
  });

  it('never lets a delivery replace a bounce or a complaint; every status replaces itself', () => {
    expect(replaceableBy('delivered')).toEqual(['sent', 'delivered']);
    expect(replaceableBy('bounced')).toEqual(['sent', 'delivered', 'bounced']);
    expect(replaceableBy('complained')).toEqual([...MAIL_STATUSES]);
    for (const status of MAIL_STATUSES) expect(replaceableBy(status)).toContain(status);
  });

  it('records a mail SES did not take as not sent: a later send SES takes replaces it, no event but a complaint does (issue 37)', () => {
    expect(replaceableBy('sent')).toEqual(['sent', 'not_sent']);
    // A failed send replaces a mail sent or delivered before it (the latest invitation did not go out), never a bounce or a complaint.
    expect(replaceableBy('not_sent')).toEqual(['sent', 'delivered', 'not_sent']);
    // SES never reports on a mail it did not take: a delivery or bounce is about an earlier mail and leaves the failure shown.
    expect(replaceableBy('delivered')).not.toContain('not_sent');
    expect(replaceableBy('bounced')).not.toContain('not_sent');
    expect(replaceableBy('complained')).toContain('not_sent');
    expect(mayRemind({ status: 'not_sent' })).toBe(true);

    const rejected = Object.assign(new Error('Email address is not verified. The following identities failed the check: x@example.com'), {
      name: 'MessageRejected',
    });
    const at = new Date('2026-02-01T10:00:00.000Z');
    expect(mailNotSent(rejected, at)).toEqual({
      status: 'not_sent',
      reason:
        'Not sent: the mail service refused it (MessageRejected: Email address is not verified. The following identities failed the check: x@example.com)',
      at: '2026-02-01T10:00:00.000Z',
    });
    expect(notSentReason(Object.assign(new Error('Too many requests'), { name: 'TooManyRequestsException' }))).toBe(
      'Not sent: the mail service was too busy, and the retries ran out (TooManyRequestsException: Too many requests)',
    );
    expect(notSentReason(new Error('socket hang up'))).toBe('Not sent: the mail service could not be reached or did not take it (socket hang up)');
    expect(notSentReason(null)).toBe('Not sent: the mail service could not be reached or did not take it');
    expect(mailNotSent('not an error', at).reason).toBe('Not sent: the mail service could not be reached or did not take it');
    expect(notSentReason(Object.assign(new Error('x'.repeat(400)), { name: 'MessageRejected' })).length).toBe(300);
    // Stored and read back as it was: not read as `sent`.
    expect(storedMailDelivery(mailNotSent(rejected, at))).toEqual(mailNotSent(rejected, at));
  });

  it('tags a mail with what it is about, within the characters SES allows, and reads them back from an event', () => {
    const candidate = mailTags({ kind: 'candidate_invitation', candidateId: 'c-1_A' });
    expect(candidate).toEqual([
      { Name: 'kind', Value: 'candidate_invitation' },
      { Name: 'candidate_id', Value: 'c-1_A' },
    ]);
    const asSesReports = (tags: { Name: string; Value: string }[]) => Object.fromEntries(tags.map((t) => [t.Name, [t.Value]]));
    expect(mailSubjectOf(asSesReports(candidate))).toEqual({ kind: 'candidate_invitation', candidateId: 'c-1_A' });
    const member = mailTags({ kind: 'member_invitation', companyId: 'co', inviteId: 'in v/ite' });
    expect(member.every((t) => /^[A-Za-z0-9_.@-]+$/.test(t.Value))).toBe(true);
    expect(mailSubjectOf(asSesReports(member))).toEqual({ kind: 'member_invitation', companyId: 'co', inviteId: 'in_v_ite' });
    expect(mailSubjectOf({ 'ses:configuration-set': ['dev-mail'] })).toBeNull();
    expect(mailSubjectOf({ kind: ['candidate_invitation'] })).toBeNull();
  });

  it('reads a stored delivery, `sent` when none was recorded, and stops reminders only after a complaint', () => {
    expect(storedMailDelivery(undefined)).toEqual({ status: 'sent', reason: null, at: null });
    expect(storedMailDelivery({ status: 'bounced', reason: 'Bounce', at: '2026-01-01T00:00:00.000Z' })).toEqual({
      status: 'bounced',
      reason: 'Bounce',
      at: '2026-01-01T00:00:00.000Z',
    });
    expect(storedMailDelivery({ status: 'lost' })).toEqual({ status: 'sent', reason: null, at: null });
    expect(mailDeliveryView({ status: 'delivered', reason: null, at: '2026-01-01T00:00:00.000Z' }, new Date('2026-01-01T00:00:00.000Z'))).toEqual({
      status: 'delivered',
      reason: null,
      at: { timeValue: '2026-01-01T00:00:00.000Z', relativeTime: 'now' },
    });
    expect(mayRemind({ status: 'complained' })).toBe(false);
    expect(MAIL_STATUSES.filter((status) => status !== 'complained').every((status) => mayRemind({ status }))).toBe(true);
  });
});

describe('recording a delivery', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  beforeEach(() => {
    dynamo.reset();
  });

  it('sets only `mail`, on the condition that the address is the one mailed and the status may be replaced', async () => {
    dynamo.on(UpdateCommand).resolves({});
    expect(await recordCandidateMail('c1', 'a@example.com', { status: 'delivered', reason: null, at: '2026-01-01T00:00:00.000Z' })).toBe(true);
    const input = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    // Nothing another writer conditions on (status, scorecard version, review flag) is touched.
    expect(input.UpdateExpression).toBe('SET #writeId = :writeId, #mail = :mail');
    expect(input.ConditionExpression).toContain('email = :recipient');
    expect(input.ExpressionAttributeValues).toMatchObject({ ':recipient': 'a@example.com', ':s0': 'sent', ':s1': 'delivered' });
    expect(Object.values(input.ExpressionAttributeValues ?? {})).not.toContain('bounced');
  });

  it('records a failed send with the same condition: only over a mail sent, delivered or not sent before', async () => {
    dynamo.on(UpdateCommand).resolves({});
    expect(await recordCandidateMail('c1', 'a@example.com', { status: 'not_sent', reason: 'Not sent', at: '2026-01-01T00:00:00.000Z' })).toBe(true);
    const input = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.UpdateExpression).toBe('SET #writeId = :writeId, #mail = :mail');
    expect(input.ExpressionAttributeValues).toMatchObject({ ':recipient': 'a@example.com', ':s0': 'sent', ':s1': 'delivered', ':s2': 'not_sent' });
    expect(Object.values(input.ExpressionAttributeValues ?? {})).not.toContain('bounced');
    expect(Object.values(input.ExpressionAttributeValues ?? {})).not.toContain('complained');
  });

  it('is a no-op when the condition fails (deleted candidate, changed address, or a stronger status)', async () => {
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    expect(await recordCandidateMail('gone', 'a@example.com', { status: 'bounced', reason: 'x', at: null })).toBe(false);
  });
});

describe('sending with the configuration set', () => {
  const ses = mockClient(SESv2Client);
  beforeEach(() => {
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: 'm1' });
  });

  it('sends every mail with the configuration set, and the tags when given', async () => {
    await sendMail({ to: 'a@example.com', subject: 'Hi', text: 't', html: 'h' });
    await sendMail({ to: 'b@example.com', subject: 'Hi', text: 't', html: 'h', tags: mailTags({ kind: 'candidate_invitation', candidateId: 'c1' }) });
    const [plain, tagged] = ses.commandCalls(SendEmailCommand).map((c) => c.args[0].input);
    expect(plain).toMatchObject({ ConfigurationSetName: 'test-mail' });
    expect(plain!.EmailTags).toBeUndefined();
    expect(tagged).toMatchObject({
      ConfigurationSetName: 'test-mail',
      EmailTags: [
        { Name: 'kind', Value: 'candidate_invitation' },
        { Name: 'candidate_id', Value: 'c1' },
      ],
    });
  });
});

describe("the SES stand-in's events", () => {
  const mail = (to: string) => ({
    messageId: 'm1',
    from: 'Video Interviews <no-reply@localhost>',
    to: [to],
    configurationSet: 'local-mail',
    tags: mailTags({ kind: 'candidate_invitation', candidateId: 'c1' }),
  });
  const rule = eventFunctions.mailEventReceived.pattern;

  it("simulates SES's mailbox simulator, in SES's event format, for the same rule", () => {
    const bounce = simulatedMailEvents(mail('bounce@simulator.amazonses.com'), 'us-east-1');
    expect(bounce.map((e) => e['detail-type'])).toEqual([SES_MAIL_EVENT.detailTypes.Bounce]);
    expect(bounce[0]!.detail).toMatchObject({
      eventType: 'Bounce',
      mail: { messageId: 'm1', tags: { 'ses:configuration-set': ['local-mail'], kind: ['candidate_invitation'], candidate_id: ['c1'] } },
      bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ diagnosticCode: 'smtp; 550 5.1.1 user unknown' }] },
    });
    const complaint = simulatedMailEvents(mail('complaint+x@simulator.amazonses.com'), 'us-east-1');
    expect(complaint.map((e) => e.detail.eventType)).toEqual(['Delivery', 'Complaint']);
    const delivered = simulatedMailEvents(mail('someone@example.com'), 'us-east-1');
    expect(delivered.map((e) => e.detail.eventType)).toEqual(['Delivery']);
    for (const event of [...bounce, ...complaint, ...delivered]) {
      expect(matchesPattern(rule, event)).toBe(true);
      expect(sesMailEventSchema.safeParse(event).success).toBe(true);
    }
  });
});
