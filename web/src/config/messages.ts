/** Texts more than one screen shows (spec §2, §8), word for word; each slice's own texts live in its `messages.ts`. */
export const commonMessages = {
  retrieveDataFailed: 'Unable to retrieve data at this time. Please contact us.',
  retrieveIntegrationsFailed: 'Unable to retrieve integrations at this time. Please contact us.',
  retrieveBillingFailed: 'Unable to retrieve billing information at this time. Please contact us.',
  /** In place of a candidate's missing e-mail. */
  notAvailable: 'Not available',
} as const;
