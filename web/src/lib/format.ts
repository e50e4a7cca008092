/** Money and dates as the app shows them (English only, spec §1). */

/**
 * An amount in minor units (cents, pence, as Stripe counts) in its currency: "$90", "€4.50". Whole
 * amounts drop their zeros.
 */
export const formatMoney = (minorUnits: number, currency: string): string => {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase(), trailingZeroDisplay: 'stripIfInteger' });
  return format.format(minorUnits / 10 ** format.resolvedOptions().maximumFractionDigits!);
};

/** A calendar date, e.g. "5 June 2026". */
export const formatDate = (iso: string): string => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(iso));

/** A moment, e.g. "5 Jun 2026, 14:05" (in the viewer's time zone). */
export const formatDateTime = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
