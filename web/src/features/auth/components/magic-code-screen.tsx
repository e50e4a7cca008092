import { Alert, Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/client';
import { MAGIC_CODE_LENGTH } from '../../../config/constants';
import { paths, safeReturnPath } from '../../../config/paths';
import { session } from '../../../lib/session';
import { createMagicCodeSession, sendMagicCode } from '../api';
import { messages, ssoMessages } from '../messages';
import { isSsoRequired } from '../sso';
import { AuthCard } from './auth-card';
import { useSsoStart } from './use-sso-start';

/** Spec §5: max 6 characters, upper-cased, submitted automatically at 6. */
const MagicCodeScreen = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  const returnToPath = safeReturnPath(params.get('returnToPath')) ?? undefined;
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const submitted = useRef<string | null>(null);
  // Issue 42: the company requires single sign-on for this address, so the code is refused (403 sso_required).
  const [ssoRequired, setSsoRequired] = useState<string | null>(null);
  const sso = useSsoStart();

  if (!email) return <Navigate to={paths.signIn.to({ returnToPath })} replace />;

  const submit = async (value: string) => {
    if (value.length !== MAGIC_CODE_LENGTH || submitted.current === value) return;
    submitted.current = value;
    setBusy(true);
    setError(null);
    setNotice(null);
    setSsoRequired(null);
    try {
      const result = await createMagicCodeSession(email, value);
      session.set(result.sessionId);
      navigate(returnToPath ?? paths.companies.to(), { replace: true });
    } catch (e) {
      if (isSsoRequired(e)) setSsoRequired(errorMessage(e, ssoMessages.ssoRequired));
      else setError(errorMessage(e, messages.signInFailed));
      setBusy(false);
    }
  };

  const onChange = (raw: string) => {
    const value = raw.toUpperCase().replace(/\s/g, '').slice(0, MAGIC_CODE_LENGTH);
    setCode(value);
    if (value.length < MAGIC_CODE_LENGTH) submitted.current = null;
    void submit(value);
  };

  const resend = async () => {
    setError(null);
    setNotice(null);
    try {
      await sendMagicCode(email);
      setCode('');
      submitted.current = null;
      setNotice(`We sent a new code to ${email}.`);
    } catch (e) {
      setError(errorMessage(e, messages.sendCodeFailed));
    }
  };

  return (
    <AuthCard
      title="Check your e-mail"
      subtitle={
        <>
          We sent a {MAGIC_CODE_LENGTH}-character code to <strong>{email}</strong>. It expires shortly.
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted.current = null;
          void submit(code);
        }}
      >
        <Flex direction="column" gap="medium">
          <TextField
            label="Code"
            name="code"
            autoComplete="one-time-code"
            autoFocus
            maxLength={MAGIC_CODE_LENGTH}
            value={code}
            onChange={(e) => onChange(e.target.value)}
            inputStyles={{ fontSize: '1.5rem', letterSpacing: '0.4em', textTransform: 'uppercase', fontFamily: 'monospace' }}
          />
          {error && <Alert variation="error">{error}</Alert>}
          {notice && <Alert variation="success">{notice}</Alert>}
          {ssoRequired && (
            <>
              <Alert variation="info">{ssoRequired}</Alert>
              <Button variation="primary" isLoading={sso.busy} loadingText={ssoMessages.ssoStarting} onClick={() => void sso.start(email, returnToPath)}>
                {ssoMessages.ssoButton}
              </Button>
              {sso.error && <Alert variation="error">{sso.error}</Alert>}
            </>
          )}
          <Button type="submit" variation={ssoRequired ? undefined : 'primary'} isDisabled={code.length !== MAGIC_CODE_LENGTH} isLoading={busy} loadingText="Signing in...">
            Sign in
          </Button>
        </Flex>
      </form>
      <Text fontSize="small">
        No e-mail?{' '}
        <Button variation="link" size="small" onClick={() => void resend()}>
          Send a new code
        </Button>
      </Text>
    </AuthCard>
  );
};
export default MagicCodeScreen;
