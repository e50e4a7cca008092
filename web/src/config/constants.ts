/** Business constants of the UI (spec §9), defined once. */
export const GLOBAL_ALERT_MS = 5_000;
export const SNACKBAR_MS = 6_000;
export const POLL_INTERVAL_MS = 5_000;
/** A candidate page looks again every 10 s for SES's report on an invitation mail sent in the last 10 minutes (issue 26). */
export const MAIL_REPORT_POLL_MS = 10_000;
export const MAIL_REPORT_WAIT_MS = 10 * 60_000;
export const CANDIDATE_PAGE_SIZE = 12;
export const SEARCH_MIN_CHARS = 3;
export const GRID_PAGE_SIZE = 5;
export const MAGIC_CODE_LENGTH = 6;
export const PRODUCT_NAME = 'Video Interviews';
