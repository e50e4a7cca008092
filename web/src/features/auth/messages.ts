/** The auth screens' fallback messages (spec §8), word for word. */
export const messages = {
  sendCodeFailed: 'Unable to send a magic code at this time. Please contact us.',
  signInFailed: 'Unable to sign in at this time. Please contact us.',
  registerFailed: 'Unable to register at this time. Please contact us.',
  alreadyExists: 'You already have an account and can sign in.',
  companiesFailed: 'Unable to retrieve companies at this time. Please contact us.',
} as const;

/** The single sign-on texts of the auth screens (issue 42). The server's own messages (sso_required, sso_not_configured) come first where it gives one. */
export const ssoMessages = {
  ssoButton: 'Sign in with single sign-on',
  ssoStarting: 'Opening your sign-in page...',
  ssoStartFailed: 'Unable to start single sign-on at this time. Please contact us.',
  ssoNeedsEmail: 'Enter your work e-mail address first.',
  ssoRequired: 'Your company signs you in through its identity provider. Use single sign-on.',
  or: 'or',
  recoveryLink: 'Use a recovery code',
  recoveryTitle: 'Sign in with a recovery code',
  recoverySubtitle:
    'For owners, when single sign-on is required and your identity provider does not work. Every use is written in the audit log.',
  recoveryCodeLabel: 'Recovery code',
  recoveryCodeHelp: 'It starts with VIR-. Dashes and case do not matter.',
  recoverySubmit: 'Sign in',
  recoverySigningIn: 'Signing in...',
  recoveryFailed: 'Unable to sign in at this time. Please contact us.',
  recoveryBack: 'Back to sign-in',
  ssoTitle: 'Single sign-on',
  ssoSigningIn: 'Signing you in...',
  ssoSignInFailed: 'Unable to sign in at this time. Please contact us.',
  ssoMissing: 'This sign-in link is incomplete. Start again from the sign-in page.',
  ssoBack: 'Back to sign-in',
} as const;
