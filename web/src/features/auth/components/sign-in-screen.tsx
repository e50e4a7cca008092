import { Alert, Button, Divider, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/client';
import { paths, safeReturnPath } from '../../../config/paths';
import { session } from '../../../lib/session';
import { sendMagicCode } from '../api';
import { messages, ssoMessages } from '../messages';
import { isSsoRequired } from '../sso';
import { AuthCard } from './auth-card';
import { RecoveryCodeForm } from './recovery-code-form';
import { useSsoStart } from './use-sso-start';

/**
 * Sign-in (spec §5): the e-mail address, then a code by e-mail ("Continue") or, for a team whose
 * company uses single sign-on, "Sign in with single sign-on" (issue 42), which goes to the company's
 * identity provider. When the company requires single sign-on for the address, the code is refused
 * (403 sso_required) and the screen says so with the single sign-on button. "Use a recovery code"
 * is the owners' way in when the provider is broken.
 */
const SignInScreen = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnToPath = safeReturnPath(params.get('returnToPath')) ?? undefined;
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ssoRequired, setSsoRequired] = useState<string | null>(null);
  const [recovery, setRecovery] = useState(false);
  const sso = useSsoStart();

  if (session.get()) return <Navigate to={returnToPath ?? paths.companies.to()} replace />;

  if (recovery)
    return (
      <AuthCard title={ssoMessages.recoveryTitle} subtitle={ssoMessages.recoverySubtitle}>
        <RecoveryCodeForm initialEmail={email.trim()} returnToPath={returnToPath} onBack={() => setRecovery(false)} />
      </AuthCard>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || busy) return;
    setBusy(true);
    setError(null);
    setSsoRequired(null);
    sso.clearError();
    try {
      const sent = await sendMagicCode(address);
      navigate(paths.magicCode.to({ email: sent.email, returnToPath }));
    } catch (e) {
      if (isSsoRequired(e)) setSsoRequired(errorMessage(e, ssoMessages.ssoRequired));
      else setError(errorMessage(e, messages.sendCodeFailed));
      setBusy(false);
    }
  };

  const ssoButton = (
    <Button
      variation={ssoRequired ? 'primary' : undefined}
      isLoading={sso.busy}
      loadingText={ssoMessages.ssoStarting}
      onClick={() => {
        setError(null);
        void sso.start(email, returnToPath);
      }}
    >
      {ssoMessages.ssoButton}
    </Button>
  );

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
            hasError={sso.error !== null}
            errorMessage={sso.error ?? undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              sso.clearError();
              setSsoRequired(null);
            }}
          />
          {error && <Alert variation="error">{error}</Alert>}
          {ssoRequired ? (
            <>
              <Alert variation="info">{ssoRequired}</Alert>
              {ssoButton}
            </>
          ) : (
            <>
              <Button type="submit" variation="primary" isDisabled={email.trim() === ''} isLoading={busy} loadingText="Sending code...">
                Continue
              </Button>
              <Divider label={ssoMessages.or} size="small" />
              {ssoButton}
            </>
          )}
        </Flex>
      </form>
      <Text fontSize="small">
        New here? <Link to={paths.register.to()}>Create an account</Link>
      </Text>
      <Text fontSize="small">
        <Button variation="link" size="small" onClick={() => setRecovery(true)}>
          {ssoMessages.recoveryLink}
        </Button>
      </Text>
    </AuthCard>
  );
};
export default SignInScreen;
