import { Alert, Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../api/client';
import { paths } from '../../../config/paths';
import { createAccount, sendMagicCode } from '../api';
import { messages } from '../messages';
import { AuthCard } from './auth-card';

/** Spec §2/§5: e-mail and company name, both required; `tags` come from the query (comma-separated). */
const RegisterScreen = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tags = (params.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  const [email, setEmail] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; signIn?: boolean } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !companyName.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      await createAccount({ email: email.trim(), companyName: companyName.trim(), tags });
    } catch (e) {
      setError(
        e instanceof ApiError && e.code === 'already_exists'
          ? { message: messages.alreadyExists, signIn: true }
          : { message: errorMessage(e, messages.registerFailed) },
      );
      setBusy(false);
      return;
    }
    try {
      const sent = await sendMagicCode(email.trim());
      navigate(paths.magicCode.to({ email: sent.email }));
    } catch (e) {
      setError({ message: errorMessage(e, messages.sendCodeFailed) });
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Create your account" subtitle="Start with 3 free interview credits. No password needed: we e-mail you a sign-in code.">
      <form onSubmit={submit}>
        <Flex direction="column" gap="medium">
          <TextField
            label="E-mail"
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            isRequired
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Company name"
            name="companyName"
            autoComplete="organization"
            isRequired
            value={companyName}
            onChange={(e) => setCompanyName(e.target.value)}
          />
          {error && (
            <Alert variation={error.signIn ? 'info' : 'error'}>
              {error.message}
              {error.signIn && (
                <>
                  {' '}
                  <Link to={paths.signIn.to()}>Sign in</Link>
                </>
              )}
            </Alert>
          )}
          <Button
            type="submit"
            variation="primary"
            isDisabled={!email.trim() || !companyName.trim()}
            isLoading={busy}
            loadingText="Creating account..."
          >
            Create account
          </Button>
        </Flex>
      </form>
      <Text fontSize="small">
        Already have an account? <Link to={paths.signIn.to()}>Sign in</Link>
      </Text>
    </AuthCard>
  );
};
export default RegisterScreen;
