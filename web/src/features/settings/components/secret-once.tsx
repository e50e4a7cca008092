import { Alert, Button, Flex, TextField } from '@aws-amplify/ui-react';
import { CopyButton } from '../../../components/copy-button';
import type { ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';

const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/**
 * A secret the server answers this once (a new API key, a webhook endpoint's signing secret): shown
 * read-only (focus selects it), with Copy and a plain warning that it will not be shown again, and
 * Done. Whatever else the moment needs to say (a rotation's overlap) comes as children.
 */
export const SecretOnceDialog = ({
  title,
  label,
  secret,
  copyLabel,
  warning,
  onClose,
  children,
}: {
  title: string;
  label: string;
  secret: string;
  copyLabel: string;
  warning: string;
  onClose: () => void;
  children?: ReactNode;
}) => (
  <Dialog
    title={title}
    open
    onClose={onClose}
    width="560px"
    footer={
      <Button variation="primary" onClick={onClose}>
        Done
      </Button>
    }
  >
    <Flex direction="column" gap="small">
      <TextField label={label} value={secret} isReadOnly fontFamily={MONOSPACE} onFocus={(e) => e.target.select()} />
      <Flex>
        <CopyButton text={secret} label={copyLabel} />
      </Flex>
      <Alert variation="warning">{warning}</Alert>
      {children}
    </Flex>
  </Dialog>
);
