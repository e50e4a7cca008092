/** Build-time settings (Vite `VITE_*` variables), read once. */
export const env = {
  helpCenterUrl: import.meta.env.VITE_HELP_CENTER_URL ?? 'mailto:support@example.com',
};

/** The support chat widget is third-party (spec §1); its menu item shows only when it is on the page. */
export const chatWidget = (): { open: () => void } | null => {
  const widget = (window as unknown as { $chatWidget?: { open?: () => void } }).$chatWidget;
  return widget?.open ? { open: () => widget.open!() } : null;
};
