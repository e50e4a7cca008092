/** Texts of the positions list and the position page with its candidates view (spec §2, §6, §8), word for word where the spec quotes them. */
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
  // The candidates view.
  sendInvitesFailed: 'Unable to send invites at this time. Please contact us.',
  sendInviteFailed: 'Unable to send invite at this time. Please contact us.',
  previewFailed: 'Unable to send a preview at this time. Please contact us.',
  previewSent: "We've emailed you a preview invite",
  reinviteFailed: (name: string) => `Unable to reinvite ${name}. Please contact us.`,
  // The invitation's mail that SES did not take (issue 37): the invite stands, its card says "E-mail not sent".
  inviteNotSent: (email: string) =>
    `The invitation to ${email} was not sent: the mail service did not take it. Resend it later from the candidate's card, or send them the link yourself.`,
  deleteCandidateFailed: (name: string) => `Unable to delete ${name}. Please contact us.`,
  moveFailed: (name: string) => `Unable to move ${name}. Please contact us.`,
  creditsUsedUp: 'All your interview credits are used.',
  downloadFailed: 'Unable to download candidates at this time. Please contact us.',
  checkDownloads: 'Check your downloads folder',
} as const;
