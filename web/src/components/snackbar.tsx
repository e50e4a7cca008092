import { Alert } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { SNACKBAR_MS } from '../config/constants';

export interface Notice {
  message: string;
  variation: 'success' | 'error' | 'info';
}

/** A toast at the bottom of the screen that hides itself after 6 seconds (spec §9). */
export const Snackbar = ({ notice, onClose }: { notice: Notice | null; onClose: () => void }) => {
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(onClose, SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [notice, onClose]);
  if (!notice) return null;
  return (
    <div role="status" style={{ position: 'fixed', bottom: 24, left: '50%', transform: 'translateX(-50%)', zIndex: 1000, minWidth: 280 }}>
      <Alert variation={notice.variation} isDismissible onDismiss={onClose} boxShadow="medium">
        {notice.message}
      </Alert>
    </div>
  );
};
