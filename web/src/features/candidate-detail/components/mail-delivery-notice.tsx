import { Alert, Button } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState } from 'react';
import { reinviteCandidate, useRefreshCandidateLists, type CandidateDetail, type CandidateSummary } from '../../../api/candidates';
import { errorMessage } from '../../../api/client';
import { MAIL_PROBLEMS } from '../../../components/mail-status-badge';
import { messages } from '../messages';
import { FixEmailDialog } from './fix-email-dialog';
import './mail-delivery-notice.css';

const text = messages.mailDelivery;

type MailCandidate = Pick<CandidateDetail, 'candidateId' | 'candidateName' | 'email' | 'currentStatus' | 'mail'>;

/** The envelope with a cross (bounced), a bar (not sent) or an exclamation mark (spam), drawn large for the notice. */
const Envelope = ({ mark }: { mark: 'cross' | 'bar' | 'exclamation' }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <rect x="2.5" y="5" width="19" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path d="M3.5 6.5l8.5 6 8.5-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    {mark === 'cross' ? (
      <path d="M16 14.5l4 4m0-4l-4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    ) : mark === 'bar' ? (
      <path d="M15.5 16.5h5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    ) : (
      <path d="M18 13.5v3m0 2.6v.1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    )}
  </svg>
);

/**
 * What became of an invited candidate's invitation mail (issue 26), under their name. A bounce is
 * an alert: the reason the recipient's server gave and "Fix e-mail and resend", which corrects the
 * address and sends the invitation again without a second credit (the position's card lists are
 * updated with it; `onFixed` reloads the candidate). The alert goes, and with it the button that
 * had the focus: "Invitation sent to …" appears above where it was and takes the focus, a polite
 * status that stays (above the alert again should the new address bounce too). A spam complaint is
 * a note that reminders to the address are stopped. A mail that was not sent at all (issue 37: SES
 * did not take it) is an alert like a bounce's, with the mail service's reason, "Resend" (the same
 * address, as the card's Resend invite) and "Fix e-mail and resend"; should the new send fail too,
 * the alert stays with its new time and a note says so. Nothing once they responded, or while the mail is fine.
 */
export const MailDeliveryNotice = ({
  candidate,
  positionId,
  onFixed,
}: {
  candidate: MailCandidate;
  positionId: string;
  onFixed: () => Promise<unknown>;
}) => {
  // The address the invitation was last sent to from here, and whether SES took it (a new object each time: each send takes the focus).
  const [sent, setSent] = useState<{ email: string; taken: boolean } | null>(null);
  const said = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) said.current?.focus();
  }, [sent]);
  return (
    <>
      {sent && (
        <Alert ref={said} tabIndex={-1} role="status" variation={sent.taken ? 'success' : 'warning'} data-testid="mail-sent">
          {sent.taken ? text.sent(sent.email) : text.notSentAgain(sent.email)}
        </Alert>
      )}
      <MailProblemNotice
        candidate={candidate}
        positionId={positionId}
        onFixed={async (summary) => {
          await onFixed();
          setSent({ email: summary.email ?? '', taken: summary.mail?.status !== 'not_sent' });
        }}
      />
    </>
  );
};

/** The bounce's or the failed send's alert, or the complaint's note; `onFixed` gets the candidate as the invitation sent again left them. */
const MailProblemNotice = ({
  candidate,
  positionId,
  onFixed,
}: {
  candidate: MailCandidate;
  positionId: string;
  onFixed: (summary: CandidateSummary) => Promise<unknown>;
}) => {
  const headingId = useId();
  const [fixing, setFixing] = useState(false);
  const [resending, setResending] = useState(false);
  const [resendError, setResendError] = useState<string | null>(null);
  const refreshLists = useRefreshCandidateLists();
  const mail = candidate.mail;
  if (candidate.currentStatus !== 'invited' || !mail || !MAIL_PROBLEMS[mail.status]) return null;
  const email = candidate.email ?? '';

  if (mail.status === 'complained') {
    return (
      <section className="mail-notice mail-notice--complained" aria-labelledby={headingId}>
        <span className="mail-notice__icon">
          <Envelope mark="exclamation" />
        </span>
        <div className="mail-notice__body">
          <h2 id={headingId} className="mail-notice__heading">
            {text.complainedHeading}
          </h2>
          <p className="mail-notice__text">{text.complained(email)}</p>
        </div>
      </section>
    );
  }

  const notSent = mail.status === 'not_sent';
  const sent = async (summary: CandidateSummary) => {
    refreshLists(positionId, summary);
    await onFixed(summary);
  };
  // "Resend" (not sent only): the same address again, as the card's Resend invite, with a fresh deadline.
  const resend = async () => {
    if (resending) return;
    setResending(true);
    setResendError(null);
    try {
      await sent(await reinviteCandidate(candidate.candidateId));
    } catch (e) {
      setResendError(errorMessage(e, text.resendFailed));
    } finally {
      setResending(false);
    }
  };

  return (
    <section
      className={`mail-notice mail-notice--${notSent ? 'not-sent' : 'bounced'}`}
      aria-labelledby={headingId}
      data-testid={notSent ? 'mail-not-sent' : 'mail-bounced'}
    >
      <span className="mail-notice__icon">
        <Envelope mark={notSent ? 'bar' : 'cross'} />
      </span>
      <div className="mail-notice__body">
        <h2 id={headingId} className="mail-notice__heading">
          {notSent ? text.notSentHeading : text.bouncedHeading}
          {mail.at && <span className="mail-notice__when">{mail.at.relativeTime}</span>}
        </h2>
        <p className="mail-notice__text">{(notSent ? text.notSent : text.bounced)(email, candidate.candidateName)}</p>
        {mail.reason ? (
          <figure className="mail-notice__reason">
            <figcaption>{notSent ? text.notSentReasonLabel : text.reasonLabel}</figcaption>
            <blockquote>{mail.reason}</blockquote>
          </figure>
        ) : (
          !notSent && <p className="mail-notice__text">{text.noReason}</p>
        )}
        {resendError && (
          <Alert variation="error" className="mail-notice__action">
            {resendError}
          </Alert>
        )}
        <div className="mail-notice__actions">
          {notSent && (
            <Button size="small" variation="primary" isLoading={resending} loadingText={text.resending} onClick={() => void resend()}>
              {text.resend}
            </Button>
          )}
          <Button size="small" variation={notSent ? undefined : 'primary'} onClick={() => setFixing(true)}>
            {text.fix}
          </Button>
        </div>
      </div>
      <FixEmailDialog
        candidate={candidate}
        notSent={notSent}
        open={fixing}
        onClose={() => setFixing(false)}
        onFixed={async (summary) => {
          setFixing(false);
          await sent(summary);
        }}
      />
    </section>
  );
};
