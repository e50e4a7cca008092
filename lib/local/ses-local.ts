import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import sesModule from 'aws-ses-v2-local';
import { getStoreReadonly, saveEmail, type StoredEmail } from 'aws-ses-v2-local/dist/store.js';
import { freePort } from './net';

/**
 * aws-ses-v2-local stands in for SES (v2 API). Its store is in memory, so sent mail is mirrored to
 * `mailFile` and reloaded at start: the mailbox survives restarts like the rest of `.local/`.
 */
export interface MailMessage {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

export interface SesLocal {
  endpoint: string;
  messages(): MailMessage[];
  stop(): Promise<void>;
}

const toMessage = (email: StoredEmail): MailMessage => ({
  messageId: email.messageId,
  from: email.from,
  to: [...email.destination.to, ...email.destination.cc, ...email.destination.bcc],
  subject: email.subject,
  text: email.body.text ?? '',
  html: email.body.html ?? '',
  sentAt: new Date(email.at * 1000).toISOString(),
});

/** The account aws-ses-v2-local reports to GetAccount (it reads it from AWS_SES_ACCOUNT). */
const localAccount = {
  DedicatedIpAutoWarmupEnabled: false,
  Details: {
    AdditionalContactEmailAddresses: [],
    ContactLanguage: 'EN',
    MailType: 'TRANSACTIONAL',
    ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
    UseCaseDescription: 'Local development',
    WebsiteURL: 'http://localhost',
  },
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: true,
  SendingEnabled: true,
  SendQuota: { Max24HourSend: 100000, MaxSendRate: 100, SentLast24Hours: 0 },
  SuppressionAttributes: { SuppressedReasons: [] },
};

export const startSesLocal = async (options: { mailFile: string }): Promise<SesLocal> => {
  process.env.AWS_SES_ACCOUNT ??= JSON.stringify(localAccount);
  if (getStoreReadonly().emails.length === 0 && existsSync(options.mailFile)) {
    const saved = JSON.parse(readFileSync(options.mailFile, 'utf8')) as StoredEmail[];
    saved.forEach(saveEmail);
  }
  const port = await freePort();
  // A CommonJS module compiled from ESM: the server is its `default` export under either interop.
  const sesServer = ((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule;
  const server = await sesServer({ host: '127.0.0.1', port });
  let persisted = getStoreReadonly().emails.length;
  const persist = () => {
    const { emails } = getStoreReadonly();
    if (emails.length === persisted) return;
    writeFileSync(options.mailFile, JSON.stringify(emails));
    persisted = emails.length;
  };
  const timer = setInterval(persist, 500);
  timer.unref();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    messages: () => {
      persist();
      // The store appends in sending order; newest first is its reverse.
      return getStoreReadonly().emails.map(toMessage).reverse();
    },
    stop: async () => {
      clearInterval(timer);
      persist();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
