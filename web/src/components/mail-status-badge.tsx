import type * as z from 'zod/mini';
import type { mailDeliverySchema } from '../../../lambdas/contracts/candidate';
import type { MailStatus } from '../../../lambdas/contracts/vocabulary';
import './mail-status-badge.css';

/** What became of an invitation mail (issue 26), as the card, the candidate page and the team list get it. */
export type MailDelivery = z.infer<typeof mailDeliverySchema>;

/**
 * The statuses the team must hear about, with their words: a mail that was not sent at all (SES did
 * not take it, issue 37), a bounce (the address is wrong) and a spam complaint.
 */
export const MAIL_PROBLEMS: Partial<Record<MailStatus, string>> = {
  not_sent: 'E-mail not sent',
  bounced: 'E-mail bounced',
  complained: 'Marked as spam',
};

/** An envelope with a cross (bounced), a bar (not sent) or an exclamation mark (marked as spam), drawn. */
const MailIcon = ({ status }: { status: MailStatus }) => (
  <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="mail-status-badge__icon">
    <rect x="1.5" y="3.5" width="13" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
    <path d="M2 4.5l6 4.2 6-4.2" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
    {status === 'bounced' ? (
      <path d="M10.6 9.6l3.2 3.2m0-3.2l-3.2 3.2" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    ) : status === 'not_sent' ? (
      <path d="M10.4 11.2h3.6" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    ) : (
      <path d="M12.2 8.6v2.2m0 1.8v.1" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    )}
  </svg>
);

/**
 * "E-mail not sent", "E-mail bounced" or "Marked as spam" as a small tinted pill with its envelope
 * (red for a mail not sent or bounced, amber for a complaint); nothing for a mail that was sent or
 * delivered, or none at all. The
 * reason, when SES gave one, is the pill's tooltip; the screens that have room show it as text.
 */
export const MailStatusBadge = ({ mail, className }: { mail: MailDelivery | null; className?: string }) => {
  const label = mail ? MAIL_PROBLEMS[mail.status] : undefined;
  if (!mail || !label) return null;
  return (
    <span
      className={['mail-status-badge', `mail-status-badge--${mail.status}`, className].filter(Boolean).join(' ')}
      title={mail.reason ?? undefined}
      data-testid="mail-status-badge"
    >
      <MailIcon status={mail.status} />
      {label}
    </span>
  );
};
