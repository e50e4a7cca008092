/** Texts of the page Lever's consent returns to (spec §2 `/complete-lever-integration`, §8), word for word where the spec gives them. */
export const messages = {
  completed: 'Lever is connected.',
  completeFailed: 'Unable to complete the integration. Please contact us.',
  completing: 'Connecting Lever...',
  completingHelp: 'This takes a few seconds. You will be taken back to your company once it is done.',
} as const;
