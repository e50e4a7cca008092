import { useState } from 'react';
import { errorMessage } from '../api/client';

/**
 * An action a confirmation dialog asks for first (Remove, Revoke): whether the dialog is open, the
 * failure to show in it (the server's words, else `failure`), and its handlers. On success the dialog
 * closes, then `after` runs (the list takes the item out).
 */
export const useConfirmedAction = (action: () => Promise<void>, failure: string, after: () => Promise<void> | void = () => undefined) => {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    confirming,
    error,
    ask: () => setConfirming(true),
    cancel: () => {
      setConfirming(false);
      setError(null);
    },
    confirm: async () => {
      setError(null);
      try {
        await action();
      } catch (e) {
        setError(errorMessage(e, failure));
        return;
      }
      setConfirming(false);
      await after();
    },
  };
};
