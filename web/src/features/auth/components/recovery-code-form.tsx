import { Alert, Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { fieldErrors, noFieldErrors, type FieldErrors } from '../../../api/field-errors';
import { paths } from '../../../config/paths';
import { session } from '../../../lib/session';
import { createRecoverySession } from '../api';
import { ssoMessages } from '../messages';

const FIELDS = ['email', 'recoveryCode'] as const;
type Field = (typeof FIELDS)[number];

/**
 * "Use a recovery code" (issue 42): an owner's way in when single sign-on is required and the
 * identity provider is broken: e-mail address and the company's recovery code, then signed in as
 * the code screen signs in. Refusals show beside the field they name, or under the form. The
 * screen around it gives the title (ssoMessages.recoveryTitle).
 */
export const RecoveryCodeForm = ({ initialEmail, returnToPath, onBack }: { initialEmail: string; returnToPath?: string; onBack: () => void }) => {
  const navigate = useNavigate();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>(noFieldErrors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !email.trim() || !code.trim()) return;
    setBusy(true);
    setErrors(noFieldErrors);
    try {
      const result = await createRecoverySession(email.trim(), code.trim());
      session.set(result.sessionId);
      navigate(returnToPath ?? paths.companies.to(), { replace: true });
    } catch (e) {
      setErrors(fieldErrors(e, FIELDS, ssoMessages.recoveryFailed));
      setBusy(false);
    }
  };

  return (
    <>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Flex direction="column" gap="medium">
          <TextField
            label="E-mail"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            hasError={errors.fields.email !== undefined}
            errorMessage={errors.fields.email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label={ssoMessages.recoveryCodeLabel}
            descriptiveText={ssoMessages.recoveryCodeHelp}
            name="recoveryCode"
            autoComplete="off"
            autoFocus
            spellCheck={false}
            value={code}
            hasError={errors.fields.recoveryCode !== undefined}
            errorMessage={errors.fields.recoveryCode}
            onChange={(e) => setCode(e.target.value)}
            inputStyles={{ fontFamily: 'monospace', textTransform: 'uppercase' }}
          />
          {errors.form && <Alert variation="error">{errors.form}</Alert>}
          <Button type="submit" variation="primary" isDisabled={!email.trim() || !code.trim()} isLoading={busy} loadingText={ssoMessages.recoverySigningIn}>
            {ssoMessages.recoverySubmit}
          </Button>
        </Flex>
      </form>
      <Text fontSize="small">
        <Button variation="link" size="small" onClick={onBack}>
          {ssoMessages.recoveryBack}
        </Button>
      </Text>
    </>
  );
};
