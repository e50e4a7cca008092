import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { startSsoSignIn } from '../api';
import { ssoMessages } from '../messages';
import { ssoReturnPath } from '../sso';

/**
 * "Sign in with single sign-on": posts the address, then sends the browser to the identity
 * provider's page. A refusal (no single sign-on for that address: 404 sso_not_configured, with the
 * server's message) is `error`, for the screen to show beside the address.
 */
export const useSsoStart = () => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Back from the provider's page by the browser's back button, the page may come from the back-forward
  // cache as it was left (busy): it is usable again.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);
  const start = async (email: string, returnToPath?: string) => {
    const address = email.trim();
    if (busy) return;
    if (!address) {
      setError(ssoMessages.ssoNeedsEmail);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { redirectUrl } = await startSsoSignIn(address);
      ssoReturnPath.keep(returnToPath);
      window.location.assign(redirectUrl);
      // Busy until the browser has left.
    } catch (e) {
      setError(errorMessage(e, ssoMessages.ssoStartFailed));
      setBusy(false);
    }
  };
  return { start, busy, error, clearError: () => setError(null) };
};
