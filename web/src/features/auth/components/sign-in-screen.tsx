import { Alert, Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/client';
import { paths, safeReturnPath } from '../../../config/paths';
import { session } from '../../../lib/session';
import { sendMagicCode } from '../api';
import { messages } from '../messages';
import { AuthCard } from './auth-card';

const SignInScreen = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnToPath = safeReturnPath(params.get('returnToPath')) ?? undefined;
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (session.get()) return <Navigate to={returnToPath ?? paths.companies.to()} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || busy) return;
    setBusy(true);
    setError(null);
    try {
      const sent = await sendMagicCode(address);
      navigate(paths.magicCode.to({ email: sent.email, returnToPath }));
    } catch (e) {
      setError(errorMessage(e, messages.sendCodeFailed));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign in" subtitle="Enter your e-mail address and we'll send you a sign-in code.">
      <form onSubmit={submit}>
        <Flex direction="column" gap="medium">
          <TextField
            label="E-mail"
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {error && <Alert variation="error">{error}</Alert>}
          <Button type="submit" variation="primary" isDisabled={email.trim() === ''} isLoading={busy} loadingText="Sending code...">
            Continue
          </Button>
        </Flex>
      </form>
      <Text fontSize="small">
        New here? <Link to={paths.register.to()}>Create an account</Link>
      </Text>
    </AuthCard>
  );
};
export default SignInScreen;
