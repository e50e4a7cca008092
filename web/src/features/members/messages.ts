/** Fallback messages of the team and invitation screens (spec §8), word for word. */
export const messages = {
  membersFailed: 'Unable to retrieve members at this time. Please contact us.',
  inviteFailed: 'Unable to invite team member at this time. Please contact us.',
  retrieveInviteFailed: 'Unable to retrieve invite at this time. Please contact us.',
  acceptFailed: 'Unable to accept at this time. Please contact us.',
} as const;
