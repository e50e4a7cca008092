import { useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { requestDataDeletionCall } from '../api';
import { useDeletionCompany } from '../use-deletion-company';
import { BrandedPage } from './branded-page';
import { DeletionKinds } from './deletion-kinds';
import { Alert, Button, Loader, Title } from './ui';

/**
 * "Delete my data" (issue 28): the candidate gives their address (prefilled from their mail's link)
 * and the company mails it a confirmation link. The answer is the same whatever the company holds.
 * The page names the company (issue 43): a candidate of several sees which one they ask.
 */
export const DeleteMyDataScreen = ({ companyId, email: prefilled }: { companyId: string; email: string }) => {
  const [email, setEmail] = useState(prefilled);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const emailId = useId();
  const hintId = useId();
  const company = useDeletionCompany(companyId);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      setSent((await requestDataDeletionCall(companyId, email.trim())).message);
    } catch (e) {
      setError(errorMessage(e, 'Unable to send your request at this time. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <BrandedPage branding={null}>
        <div className="ir-stack" role="status">
          <Title focus>Check your inbox</Title>
          <p>{sent}</p>
          <p className="ir-secondary">Open the link in that e-mail to confirm. Nothing is deleted until you do. No e-mail? Check your spam folder.</p>
        </div>
      </BrandedPage>
    );
  }
  if (!company.settled)
    return (
      <BrandedPage branding={null}>
        <Title>Delete my data</Title>
        <Loader />
      </BrandedPage>
    );
  const name = company.name ?? 'this company';
  return (
    <BrandedPage branding={null}>
      <Title>Delete my data</Title>
      <form
        className="ir-stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (email.trim() && !busy) void send();
        }}
      >
        <p>Ask {name} to delete everything it holds about you from its video interviews, for every position you applied to or were invited to:</p>
        <DeletionKinds />
        <p>We&apos;ll e-mail a link to your address to make sure it&apos;s you. Nothing is deleted until you open it and confirm.</p>
        <div className="ir-field">
          <label htmlFor={emailId}>Your e-mail address</label>
          <input
            id={emailId}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            autoComplete="email"
            aria-describedby={hintId}
          />
          <p id={hintId} className="ir-small ir-secondary">
            The address {name} invited you with.
          </p>
        </div>
        {error && <Alert variation="error">{error}</Alert>}
        <Button type="submit" variation="primary" disabled={!email.trim()} isLoading={busy} loadingText="Sending...">
          E-mail me a confirmation link
        </Button>
      </form>
    </BrandedPage>
  );
};
