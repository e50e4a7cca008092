import '../contracts/zod-locale';
import { sesMailEventSchema } from '../contracts/mail-events';
import { recordMailEvent } from '../app/mail/record-delivery';
import { logger, withLogContext } from '../platform/logger';

/**
 * EventBridge: SES delivered, bounced or had a complaint about a mail sent with the stage's
 * configuration set (lambdas/event-rules.ts). The invitation the mail was about records it. Events may
 * repeat or come late; recording is idempotent and ignores addresses changed since.
 */
export const handler = withLogContext('mail-event-received', async (event: unknown) => {
  const parsed = sesMailEventSchema.safeParse(event);
  if (!parsed.success) {
    logger.warn('not an SES mail event', { issues: parsed.error.issues.length });
    return;
  }
  await recordMailEvent(parsed.data.detail, logger.child({ messageId: parsed.data.detail.mail.messageId }));
});
