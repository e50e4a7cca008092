import { Alert, Button, Flex, Loader, Text, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, apiPath, errorMessage } from '../../../api/client';
import { usePublicApi } from '../../../api/use-api';
import { paths } from '../../../config/paths';
import { applyCall } from '../api';
import { BrandedPage } from './branded-page';
import { PageTitle } from '../../../components/page-title';

/** A position's public apply link: full name and e-mail (both required), then straight into the interview. */
const ApplyScreen = () => {
  const { linkId = '' } = useParams();
  const navigate = useNavigate();
  const page = usePublicApi(apiPath('getApplyLink', { linkId }), { revalidateOnFocus: false, shouldRetryOnError: false });
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (page.error) {
    return (
      <BrandedPage branding={null}>
        <PageTitle visuallyHidden>Apply</PageTitle>
        <Alert variation="warning">
          {page.error instanceof ApiError && page.error.status === 404 ? page.error.message : 'Unable to load this page. Please reload it.'}
        </Alert>
      </BrandedPage>
    );
  }
  if (!page.data) return <Loader variation="linear" />;
  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      const { interviewToken } = await applyCall(linkId, name.trim(), email.trim());
      navigate(paths.interview.to(interviewToken));
    } catch (e) {
      setError(errorMessage(e, 'Unable to apply at this time. Please try again.'));
      setBusy(false);
    }
  };
  return (
    <BrandedPage branding={page.data}>
      <PageTitle>Apply for {page.data.jobTitle}</PageTitle>
      {page.data.open ? (
        <Flex
          as="form"
          direction="column"
          gap="medium"
          marginTop="medium"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() && email.trim() && !busy) void apply();
          }}
        >
          <Text>
            {page.data.companyName} interviews by video: after this form you record short answers to a few questions, right here in your browser.
          </Text>
          <TextField label="Full name" value={name} onChange={(e) => setName(e.target.value)} isRequired autoComplete="name" maxLength={100} />
          <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} isRequired autoComplete="email" />
          {error && <Alert variation="error">{error}</Alert>}
          <Button
            type="submit"
            variation="primary"
            alignSelf="flex-start"
            isDisabled={!name.trim() || !email.trim()}
            isLoading={busy}
            loadingText="Starting..."
          >
            Start the interview
          </Button>
        </Flex>
      ) : (
        <Alert variation="info" marginTop="medium">
          This position is not taking applications at the moment.
        </Alert>
      )}
    </BrandedPage>
  );
};

export default ApplyScreen;
