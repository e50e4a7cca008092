/** Texts of the candidate detail page, its share dialog and its integration panel (spec §2, §8), word for word where the spec gives them. */
export const messages = {
  updateFailed: (name: string) => `Unable to update ${name}. Please contact us.`,
  ratingFailed: 'Unable to save rating. Please contact us.',
  sharingRetrieveFailed: 'Unable to retrieve sharing details at this time. Please contact us.',
  sharingUpdateFailed: 'Unable to update sharing details at this time. Please contact us.',
  // The integration panel: what was written back to the candidate's profile in the ATS.
  writeBack: {
    pending: (name: string) => `Sending the result to ${name}…`,
    retrying: (name: string, tries: number) => `Couldn't reach ${name} yet (${tries} ${tries === 1 ? 'try' : 'tries'} so far); trying again shortly.`,
    delivered: (name: string) => `Result sent to ${name}.`,
    failed: (name: string, lastError: string | null) => `Couldn't send the result to ${name}: ${lastError ?? 'no reason was given'}`,
  },
  openProfile: 'Open profile',
  openProfileHint: (name: string) => `The candidate's profile in ${name}, in a new tab`,
} as const;
