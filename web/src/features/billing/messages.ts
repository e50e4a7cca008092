/** Texts of the confirm-checkout page (spec §2, §8). */
export const messages = {
  confirming: 'Confirming payment...',
  confirmed: 'Payment confirmed. Thank you!',
  expired: 'The payment was not completed, and nothing was charged. Please try again.',
  noReference: 'This address does not name a payment to confirm.',
} as const;
