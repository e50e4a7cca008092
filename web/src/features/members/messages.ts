/** Fallback messages of the member invitation screen (spec §8), word for word. */
export const messages = {
  retrieveInviteFailed: 'Unable to retrieve invite at this time. Please contact us.',
  acceptFailed: 'Unable to accept at this time. Please contact us.',
} as const;
