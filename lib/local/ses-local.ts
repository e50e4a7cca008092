import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import sesModule from 'aws-ses-v2-local';
import { getStoreReadonly, saveEmail, type StoredEmail } from 'aws-ses-v2-local/dist/store.js';
import { SES_MAIL_EVENT } from '../../lambdas/contracts/mail-events';
import type { EventBridgeEvent } from './events';
import { freePort } from './net';

/**
 * aws-ses-v2-local stands in for SES (v2 API). Its store is in memory, so sent mail is mirrored to
 * `mailFile` and reloaded at start: the mailbox survives restarts like the rest of `.local/`.
 *
 * It keeps neither a mail's ConfigurationSetName nor its EmailTags, so a small proxy in front of it
 * reads them from each SendEmail and, for a mail sent with a configuration set, puts on the local
 * EventBridge (`deliverEvent`) the events SES's event destination would (issue 26), for SES's
 * mailbox simulator: `bounce@simulator.amazonses.com` bounces (Permanent, General, "smtp; 550 5.1.1
 * user unknown"), `complaint@simulator.amazonses.com` is delivered and then complains, any other
 * address is delivered (labels such as `bounce+one@…` too, as SES allows).
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

const SIMULATOR = /^(bounce|complaint)(\+[^@]*)?@simulator\.amazonses\.com$/i;
const LOCAL_ACCOUNT_ID = '000000000000';

interface SentMail {
  messageId: string;
  from: string;
  to: string[];
  configurationSet: string;
  tags: { Name: string; Value: string }[];
}

/** The events SES would publish for one mail, per recipient, in the order they would come. */
export const simulatedMailEvents = (mail: SentMail, region: string, now = new Date()): EventBridgeEvent[] => {
  const timestamp = now.toISOString();
  const domain = mail.from.replace(/^.*@/, '').replace(/>.*$/, '');
  const common = {
    timestamp,
    source: mail.from,
    sendingAccountId: LOCAL_ACCOUNT_ID,
    messageId: mail.messageId,
    destination: mail.to,
    headersTruncated: false,
    tags: {
      [SES_MAIL_EVENT.configurationSetTag]: [mail.configurationSet],
      'ses:source-ip': ['127.0.0.1'],
      'ses:from-domain': [domain],
      'ses:caller-identity': ['local'],
      ...Object.fromEntries(mail.tags.map((tag) => [tag.Name, [tag.Value]])),
    },
  };
  const event = (eventType: keyof typeof SES_MAIL_EVENT.detailTypes, detail: Record<string, unknown>): EventBridgeEvent => ({
    version: '0',
    id: randomUUID(),
    'detail-type': SES_MAIL_EVENT.detailTypes[eventType],
    source: SES_MAIL_EVENT.source,
    account: LOCAL_ACCOUNT_ID,
    time: timestamp,
    region,
    resources: [`arn:aws:ses:${region}:${LOCAL_ACCOUNT_ID}:configuration-set/${mail.configurationSet}`],
    detail: { eventType, mail: common, ...detail },
  });
  const delivery = (recipient: string) =>
    event('Delivery', {
      delivery: {
        timestamp,
        processingTimeMillis: 12,
        recipients: [recipient],
        smtpResponse: '250 2.6.0 Message received',
        reportingMTA: 'localhost',
      },
    });
  return mail.to.flatMap((recipient) => {
    const simulated = SIMULATOR.exec(recipient)?.[1]?.toLowerCase();
    if (simulated === 'bounce')
      return [
        event('Bounce', {
          bounce: {
            bounceType: 'Permanent',
            bounceSubType: 'General',
            bouncedRecipients: [{ emailAddress: recipient, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
            timestamp,
            feedbackId: randomUUID(),
            reportingMTA: 'dns; localhost',
          },
        }),
      ];
    if (simulated === 'complaint')
      return [
        delivery(recipient),
        event('Complaint', {
          complaint: {
            complainedRecipients: [{ emailAddress: recipient }],
            timestamp,
            feedbackId: randomUUID(),
            complaintFeedbackType: 'abuse',
            userAgent: 'Amazon SES Mailbox Simulator',
            arrivalDate: timestamp,
          },
        }),
      ];
    return [delivery(recipient)];
  });
};

/** What a SendEmail request names (SES v2 REST JSON), when it is one. */
const sentMailOf = (body: string, responseBody: string): SentMail | null => {
  try {
    const input = JSON.parse(body) as {
      FromEmailAddress?: string;
      ConfigurationSetName?: string;
      EmailTags?: { Name: string; Value: string }[];
      Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
    };
    const { MessageId } = JSON.parse(responseBody) as { MessageId?: string };
    if (!input.ConfigurationSetName || !MessageId) return null;
    return {
      messageId: MessageId,
      from: input.FromEmailAddress ?? '',
      to: [...(input.Destination?.ToAddresses ?? []), ...(input.Destination?.CcAddresses ?? []), ...(input.Destination?.BccAddresses ?? [])],
      configurationSet: input.ConfigurationSetName,
      tags: input.EmailTags ?? [],
    };
  } catch {
    return null;
  }
};

const readBody = (stream: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

export const startSesLocal = async (options: {
  mailFile: string;
  /** Where SES's delivery events go (the local EventBridge); none, no events. */
  deliverEvent?: (event: EventBridgeEvent) => void;
  region?: string;
}): Promise<SesLocal> => {
  process.env.AWS_SES_ACCOUNT ??= JSON.stringify(localAccount);
  if (getStoreReadonly().emails.length === 0 && existsSync(options.mailFile)) {
    const saved = JSON.parse(readFileSync(options.mailFile, 'utf8')) as StoredEmail[];
    saved.forEach(saveEmail);
  }
  const innerPort = await freePort();
  // A CommonJS module compiled from ESM: the server is its `default` export under either interop.
  const sesServer = ((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule;
  const inner = await sesServer({ host: '127.0.0.1', port: innerPort });
  // The proxy the SDK talks to: every call goes to aws-ses-v2-local as it came; a sent mail's events follow its answer.
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const answer = await new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      const upstream = request(
        { host: '127.0.0.1', port: innerPort, method: req.method, path: req.url, headers: { ...req.headers, 'content-length': String(body.length) } },
        (response) => {
          readBody(response)
            .then((data) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: data }))
            .catch(reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });
    const headers = { ...answer.headers, 'content-length': String(answer.body.length) };
    delete headers['transfer-encoding'];
    res.writeHead(answer.status, headers).end(answer.body);
    if (req.method === 'POST' && req.url?.split('?')[0] === '/v2/email/outbound-emails' && answer.status === 200 && options.deliverEvent) {
      const mail = sentMailOf(body.toString('utf8'), answer.body.toString('utf8'));
      if (mail) for (const event of simulatedMailEvents(mail, options.region ?? 'us-east-1')) options.deliverEvent(event);
    }
  };
  const server = createServer((req, res) => {
    forward(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `SES stand-in: ${String(error)}` }));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
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
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await new Promise<void>((resolve) => {
        inner.close(() => resolve());
        (inner as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
    },
  };
};
