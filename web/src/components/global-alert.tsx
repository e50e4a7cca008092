import { Alert } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { GLOBAL_ALERT_MS } from '../config/constants';
import { globalAlert, type GlobalAlertValue } from '../lib/global-alert';

/** Shows a stored global alert at the top for 5 seconds after a navigation (spec §2). */
export const GlobalAlert = () => {
  const location = useLocation();
  const [alert, setAlert] = useState<GlobalAlertValue | null>(null);

  useEffect(() => {
    const next = globalAlert.take();
    if (!next) return;
    setAlert(next);
    const timer = window.setTimeout(() => setAlert(null), GLOBAL_ALERT_MS);
    return () => window.clearTimeout(timer);
  }, [location.pathname]);

  if (!alert) return null;
  return (
    <Alert variation={alert.severity} isDismissible onDismiss={() => setAlert(null)} role="alert">
      {alert.message}
    </Alert>
  );
};
