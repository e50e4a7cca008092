import * as z from 'zod/mini';

/**
 * SES's delivery events (issue 26) as EventBridge delivers them from the stage's configuration set:
 * the source, the detail types this product records, and the part of SES's event-publishing detail
 * it reads. The rule (lambdas/event-rules.ts), the handler and the local SES stand-in share them.
 */
export const SES_MAIL_EVENT = {
  source: 'aws.ses',
  detailTypes: { Delivery: 'Email Delivered', Bounce: 'Email Bounced', Complaint: 'Email Complaint Received' },
  /** The tag SES adds to every mail sent with a configuration set. */
  configurationSetTag: 'ses:configuration-set',
} as const;

const recipients = z.array(z.object({ emailAddress: z.string() }));

export const sesMailEventSchema = z.object({
  source: z.literal(SES_MAIL_EVENT.source),
  detail: z.object({
    eventType: z.enum(['Delivery', 'Bounce', 'Complaint']),
    mail: z.object({
      messageId: z.string(),
      timestamp: z.optional(z.string()),
      destination: z.array(z.string()),
      tags: z._default(z.record(z.string(), z.array(z.string())), {}),
    }),
    bounce: z.optional(
      z.object({
        bounceType: z.optional(z.string()),
        bounceSubType: z.optional(z.string()),
        timestamp: z.optional(z.string()),
        bouncedRecipients: z.array(z.object({ emailAddress: z.string(), diagnosticCode: z.optional(z.string()) })),
      }),
    ),
    complaint: z.optional(z.object({ timestamp: z.optional(z.string()), complainedRecipients: recipients })),
    delivery: z.optional(z.object({ timestamp: z.optional(z.string()), recipients: z.array(z.string()) })),
  }),
});
export type SesMailEvent = z.infer<typeof sesMailEventSchema>;
