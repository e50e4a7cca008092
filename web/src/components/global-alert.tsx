import { Alert } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { GLOBAL_ALERT_MS } from '../config/constants';
import { globalAlert } from '../lib/global-alert';

/** One navigation's alert: read from storage when mounted, cleared there, hidden after 5 seconds. */
const GlobalAlertBanner = () => {
  const [alert, setAlert] = useState(globalAlert.peek);
  useEffect(() => {
    if (!alert) return;
    globalAlert.clear();
    const timer = window.setTimeout(() => setAlert(null), GLOBAL_ALERT_MS);
    return () => window.clearTimeout(timer);
  }, [alert]);
  if (!alert) return null;
  return (
    <Alert variation={alert.severity} isDismissible onDismiss={() => setAlert(null)} role="alert">
      {alert.message}
    </Alert>
  );
};

/** Shows a stored global alert at the top for 5 seconds after a navigation (spec §2). */
export const GlobalAlert = () => {
  const location = useLocation();
  return <GlobalAlertBanner key={location.pathname} />;
};
