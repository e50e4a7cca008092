import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { readEnv } from '../env';
import { ses } from './aws';

/** One outgoing e-mail: always both an HTML and a plain-text part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends through SES (aws-ses-v2-local in the local stack) from MAIL_FROM. */
export const sendMail = async (message: MailMessage): Promise<void> => {
  const { MAIL_FROM } = readEnv('MAIL_FROM');
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: MAIL_FROM,
      Destination: { ToAddresses: [message.to] },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
};
