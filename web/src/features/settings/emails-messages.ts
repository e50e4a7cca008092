/** Fallback messages of the company settings' Emails tab (spec §8), word for word. */
export const emailsMessages = {
  templatesFailed: 'Unable to retrieve message templates at this time. Please contact us.',
  templateFailed: 'Unable to retrieve message template at this time. Please contact us.',
  saveFailed: 'Unable to save changes at this time. Please contact us.',
  testFailed: 'Unable to send the test e-mail at this time. Please contact us.',
} as const;
