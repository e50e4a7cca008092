/** The auth screens' fallback messages (spec §8), word for word. */
export const messages = {
  sendCodeFailed: 'Unable to send a magic code at this time. Please contact us.',
  signInFailed: 'Unable to sign in at this time. Please contact us.',
  registerFailed: 'Unable to register at this time. Please contact us.',
  alreadyExists: 'You already have an account and can sign in.',
  companiesFailed: 'Unable to retrieve companies at this time. Please contact us.',
} as const;
