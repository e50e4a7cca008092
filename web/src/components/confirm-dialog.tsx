import { Button, Flex } from '@aws-amplify/ui-react';
import { useState, type ReactNode } from 'react';
import { Dialog } from './dialog';

/**
 * Asks before an action with consequences: the dialog names the action as a question ("Close this
 * position?"), says what it will do, and runs it only on the confirm button, which carries the
 * action's own words. `tone="danger"` draws that button as destructive (something that cannot be
 * undone). While the action runs its button shows progress; the caller closes the dialog after.
 */
export const ConfirmDialog = ({
  title,
  open,
  confirmLabel,
  busyLabel,
  tone = 'neutral',
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  open: boolean;
  confirmLabel: string;
  busyLabel?: string;
  tone?: 'neutral' | 'danger';
  onConfirm: () => unknown;
  onCancel: () => void;
  children: ReactNode;
}) => {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={title}
      open={open}
      onClose={onCancel}
      width="480px"
      footer={
        <>
          <Button onClick={onCancel} isDisabled={busy}>
            Cancel
          </Button>
          <Button
            variation="primary"
            colorTheme={tone === 'danger' ? 'error' : undefined}
            isLoading={busy}
            loadingText={busyLabel}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Flex direction="column" gap="small">
        {children}
      </Flex>
    </Dialog>
  );
};
