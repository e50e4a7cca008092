/**
 * Opening the owner's Company settings dialog from anywhere in the app (a candidate page's
 * retention note opens its Retention tab): the signed-in bar, which owns the dialog, listens.
 */
const EVENT = 'app:open-company-settings';

/** What the tab opens on: the audit log's candidate filter (a candidate page's "Audit log" link). */
export interface CompanySettingsOptions {
  candidateId?: string;
}

export const openCompanySettings = (tab: string, options: CompanySettingsOptions = {}): void => {
  window.dispatchEvent(new CustomEvent<{ tab: string; options: CompanySettingsOptions }>(EVENT, { detail: { tab, options } }));
};

/** Calls `open` with the tab asked for; returns the unsubscribe. */
export const onOpenCompanySettings = (open: (tab: string, options: CompanySettingsOptions) => void): (() => void) => {
  const listener = (event: Event) => {
    const { tab, options } = (event as CustomEvent<{ tab: string; options: CompanySettingsOptions }>).detail;
    open(tab, options);
  };
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
};
