/** Texts of the candidates view (spec §2, §6, §8), word for word where the spec quotes them. */
export const messages = {
  sendInvitesFailed: 'Unable to send invites at this time. Please contact us.',
  sendInviteFailed: 'Unable to send invite at this time. Please contact us.',
  previewFailed: 'Unable to send a preview at this time. Please contact us.',
  previewSent: "We've emailed you a preview invite",
  reinviteFailed: (name: string) => `Unable to reinvite ${name}. Please contact us.`,
  deleteFailed: (name: string) => `Unable to delete ${name}. Please contact us.`,
  retrieveFailed: 'Unable to retrieve data at this time. Please contact us.',
  planRequiredTitle: 'Plan required',
  planRequiredBody: "Please contact your company's account owner to purchase a plan.",
  ownerPlanBody: 'You have used all your interview credits. Please contact us to purchase a plan or more credits.',
  creditsUsedUp: 'All your interview credits are used.',
  notAvailable: 'Not available',
} as const;
