import { storage } from './storage';

/** The global alert (spec §2): message and severity kept in local storage, shown after navigation. */
export type AlertSeverity = 'info' | 'success' | 'warning' | 'error';
export interface GlobalAlertValue {
  message: string;
  severity: AlertSeverity;
}

const ALERT_KEY = 'global_alert';

export const globalAlert = {
  set: (value: GlobalAlertValue) => storage.setJson(ALERT_KEY, value),
  peek(): GlobalAlertValue | null {
    const value = storage.getJson<GlobalAlertValue>(ALERT_KEY);
    return value && typeof value.message === 'string' ? value : null;
  },
  /** Once shown, an alert is cleared: it appears after one navigation only. */
  clear: () => storage.remove(ALERT_KEY),
};
