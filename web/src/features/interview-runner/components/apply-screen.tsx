import { useId, useState } from 'react';
import { ApiError, apiPath, errorMessage } from '../../../api/client';
import { applyCall } from '../api';
import { usePublicRead } from '../use-public-read';
import { BrandedPage } from './branded-page';
import { Alert, Button, Loader, Title } from './ui';

/**
 * A position's public apply link: full name and e-mail (both required), then straight into the
 * interview (`onApplied` with the new candidate's interview token).
 */
export const ApplyScreen = ({ linkId, onApplied }: { linkId: string; onApplied: (interviewToken: string) => void }) => {
  const page = usePublicRead(apiPath('getApplyLink', { linkId }));
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const emailId = useId();

  if (page.error) {
    return (
      <BrandedPage branding={null}>
        <Title visuallyHidden>Apply</Title>
        <Alert variation="warning">
          {page.error instanceof ApiError && page.error.status === 404 ? page.error.message : 'Unable to load this page. Please reload it.'}
        </Alert>
      </BrandedPage>
    );
  }
  if (!page.data)
    return (
      <BrandedPage branding={null}>
        <Loader />
      </BrandedPage>
    );
  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      const { interviewToken } = await applyCall(linkId, name.trim(), email.trim());
      onApplied(interviewToken);
    } catch (e) {
      setError(errorMessage(e, 'Unable to apply at this time. Please try again.'));
      setBusy(false);
    }
  };
  return (
    <BrandedPage branding={page.data}>
      <Title>Apply for {page.data.jobTitle}</Title>
      {page.data.open ? (
        <form
          className="ir-stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() && email.trim() && !busy) void apply();
          }}
        >
          <p>{page.data.companyName} interviews by video: after this form you record short answers to a few questions, right here in your browser.</p>
          <div className="ir-field">
            <label htmlFor={nameId}>Full name</label>
            <input id={nameId} value={name} onChange={(e) => setName(e.target.value)} required autoComplete="name" maxLength={100} />
          </div>
          <div className="ir-field">
            <label htmlFor={emailId}>Email</label>
            <input id={emailId} type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="email" />
          </div>
          {error && <Alert variation="error">{error}</Alert>}
          <Button type="submit" variation="primary" disabled={!name.trim() || !email.trim()} isLoading={busy} loadingText="Starting...">
            Start the interview
          </Button>
        </form>
      ) : (
        <Alert variation="info">This position is not taking applications at the moment.</Alert>
      )}
    </BrandedPage>
  );
};
