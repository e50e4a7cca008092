/** Fallback messages of the candidate detail page and its share dialog (spec §8), word for word. */
export const messages = {
  updateFailed: (name: string) => `Unable to update ${name}. Please contact us.`,
  ratingFailed: 'Unable to save rating. Please contact us.',
  sharingRetrieveFailed: 'Unable to retrieve sharing details at this time. Please contact us.',
  sharingUpdateFailed: 'Unable to update sharing details at this time. Please contact us.',
} as const;
