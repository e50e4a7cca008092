import { Button, Flex, Heading, View } from '@aws-amplify/ui-react';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native <dialog> element (focus trapping, Esc and the backdrop come from the
 * browser); Amplify UI has no dialog primitive.
 */
export const Dialog = ({
  title,
  open,
  onClose,
  children,
  width = '640px',
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  width?: string;
}) => {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      style={{ width: `min(${width}, calc(100vw - 32px))`, border: 'none', borderRadius: '8px', padding: 0 }}
    >
      {open && (
        <View padding="large">
          <Flex justifyContent="space-between" alignItems="center" marginBottom="medium">
            <Heading level={4}>{title}</Heading>
            <Button variation="link" size="small" aria-label="Close" onClick={onClose}>
              ✕
            </Button>
          </Flex>
          {children}
        </View>
      )}
    </dialog>
  );
};
