/** Fallback messages of the position page (spec §8), word for word. */
export const messages = {
  retrieveFailed: 'Unable to retrieve positions at this time. Please contact us.',
  saveFailed: 'Unable to save at this time. Please contact us.',
  closeFailed: 'Unable to close at this time. Please contact us.',
  reopenFailed: 'Unable to re-open at this time. Please contact us.',
  deleteFailed: 'Unable to delete at this time. Please contact us.',
  publicLinkFailed: 'Unable to create public link at this time. Please contact us.',
  closedBanner: 'The position is currently closed and needs to be re-opened before additional candidates can be invited.',
  nobodyHasAccess: "Nobody would have access. Changes can't be saved.",
  templatesFailed: 'Unable to retrieve message templates at this time. Please contact us.',
} as const;
