/** Fallback messages of the company settings dialog (spec §8), word for word. */
export const messages = {
  membersFailed: 'Unable to retrieve members at this time. Please contact us.',
  inviteFailed: 'Unable to invite team member at this time. Please contact us.',
} as const;
