import { Alert, Button } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useRefreshCandidateLists, type CandidateDetail } from '../../../api/candidates';
import { MAIL_PROBLEMS } from '../../../components/mail-status-badge';
import { messages } from '../messages';
import { FixEmailDialog } from './fix-email-dialog';
import './mail-delivery-notice.css';

const text = messages.mailDelivery;

type MailCandidate = Pick<CandidateDetail, 'candidateId' | 'candidateName' | 'email' | 'currentStatus' | 'mail'>;

/** The envelope with a cross (bounced) or with an exclamation mark (spam), drawn large for the notice. */
const Envelope = ({ bounced }: { bounced: boolean }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <rect x="2.5" y="5" width="19" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path d="M3.5 6.5l8.5 6 8.5-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    {bounced ? (
      <path d="M16 14.5l4 4m0-4l-4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
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
 * a note that reminders to the address are stopped. Nothing once they responded, or while the mail is fine.
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
  // The address the invitation was last sent to from here (a new object each time: each fix takes the focus).
  const [sent, setSent] = useState<{ email: string } | null>(null);
  const said = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) said.current?.focus();
  }, [sent]);
  return (
    <>
      {sent && (
        <Alert ref={said} tabIndex={-1} role="status" variation="success" data-testid="mail-sent">
          {text.sent(sent.email)}
        </Alert>
      )}
      <MailProblemNotice
        candidate={candidate}
        positionId={positionId}
        onFixed={async (email) => {
          await onFixed();
          setSent({ email });
        }}
      />
    </>
  );
};

/** The bounce's alert or the complaint's note; `onFixed` gets the address the invitation was sent to. */
const MailProblemNotice = ({
  candidate,
  positionId,
  onFixed,
}: {
  candidate: MailCandidate;
  positionId: string;
  onFixed: (email: string) => Promise<unknown>;
}) => {
  const headingId = useId();
  const [fixing, setFixing] = useState(false);
  const refreshLists = useRefreshCandidateLists();
  const mail = candidate.mail;
  if (candidate.currentStatus !== 'invited' || !mail || !MAIL_PROBLEMS[mail.status]) return null;
  const email = candidate.email ?? '';

  if (mail.status === 'complained') {
    return (
      <section className="mail-notice mail-notice--complained" aria-labelledby={headingId}>
        <span className="mail-notice__icon">
          <Envelope bounced={false} />
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

  return (
    <section className="mail-notice mail-notice--bounced" aria-labelledby={headingId} data-testid="mail-bounced">
      <span className="mail-notice__icon">
        <Envelope bounced />
      </span>
      <div className="mail-notice__body">
        <h2 id={headingId} className="mail-notice__heading">
          {text.bouncedHeading}
          {mail.at && <span className="mail-notice__when">{mail.at.relativeTime}</span>}
        </h2>
        <p className="mail-notice__text">{text.bounced(email, candidate.candidateName)}</p>
        {mail.reason ? (
          <figure className="mail-notice__reason">
            <figcaption>{text.reasonLabel}</figcaption>
            <blockquote>{mail.reason}</blockquote>
          </figure>
        ) : (
          <p className="mail-notice__text">{text.noReason}</p>
        )}
        <Button size="small" variation="primary" className="mail-notice__action" onClick={() => setFixing(true)}>
          {text.fix}
        </Button>
      </div>
      <FixEmailDialog
        candidate={candidate}
        open={fixing}
        onClose={() => setFixing(false)}
        onFixed={async (summary) => {
          setFixing(false);
          refreshLists(positionId, summary);
          await onFixed(summary.email ?? '');
        }}
      />
    </section>
  );
};
