import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { readEnv } from '../platform/env';
import { ses } from './aws';

/** One outgoing e-mail: always both an HTML and a plain-text part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is about, as SES EmailTags (domain/mail-delivery.ts `mailTags`): its delivery events find the invitation by them. */
  tags?: readonly { Name: string; Value: string }[];
}

/**
 * A value fit for a mail header: CR, LF and the other control characters become one space, so
 * no text that reaches a subject (a job title, a company or candidate name) can end the header
 * or add another. The contracts refuse such text already; this holds whatever gets here.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const headerSafe = (value: string): string => value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();

/**
 * Sends through SES (aws-ses-v2-local in the local stack) from MAIL_FROM, with the stage's
 * configuration set (MAIL_CONFIGURATION_SET), whose event destination reports deliveries, bounces
 * and complaints (issue 26), and the message's tags.
 */
export const sendMail = async (message: MailMessage): Promise<void> => {
  const { MAIL_FROM, MAIL_CONFIGURATION_SET } = readEnv('MAIL_FROM', 'MAIL_CONFIGURATION_SET');
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: headerSafe(MAIL_FROM),
      ConfigurationSetName: MAIL_CONFIGURATION_SET,
      ...(message.tags && message.tags.length > 0 ? { EmailTags: message.tags.map((tag) => ({ Name: tag.Name, Value: tag.Value })) } : {}),
      Destination: { ToAddresses: [headerSafe(message.to)] },
      Content: {
        Simple: {
          Subject: { Data: headerSafe(message.subject), Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
};
