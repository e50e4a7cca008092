import { Alert } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { GLOBAL_ALERT_MS } from '../config/constants';
import { globalAlert, type GlobalAlertValue } from '../lib/global-alert';

/**
 * Shows a stored global alert at the top for 5 seconds after a navigation (spec §2). The stored
 * alert is picked up when the path changes (derived during render, React's pattern for state that
 * follows a prop), cleared from storage once shown, and survives further navigations meanwhile.
 */
export const GlobalAlert = () => {
  const { pathname } = useLocation();
  const [state, setState] = useState<{ path: string | null; alert: GlobalAlertValue | null }>({ path: null, alert: null });
  if (state.path !== pathname) setState({ path: pathname, alert: globalAlert.peek() ?? state.alert });

  const { alert } = state;
  useEffect(() => {
    if (!alert) return;
    globalAlert.clear();
    const timer = window.setTimeout(() => setState((current) => ({ ...current, alert: null })), GLOBAL_ALERT_MS);
    return () => window.clearTimeout(timer);
  }, [alert]);

  if (!alert) return null;
  return (
    <Alert variation={alert.severity} isDismissible onDismiss={() => setState((current) => ({ ...current, alert: null }))} role="alert">
      {alert.message}
    </Alert>
  );
};
