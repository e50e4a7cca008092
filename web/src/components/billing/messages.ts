/** Texts of the plan picker and the plan dialogs (spec §2 Other dialogs, §6, §8), word for word where the spec quotes them. */
export const billingMessages = {
  selectPlanTitle: 'Select a plan',
  selectPlanIntro: 'Select a plan to invite additional candidates:',
  selectPlanIntroNarrow: 'Select a plan:',
  planRequiredTitle: 'Plan required',
  planRequiredBody: "Please contact your company's account owner to purchase a plan.",
  checkoutFailed: 'Unable to start the payment at this time. Please contact us.',
  portalFailed: 'Unable to open the billing portal at this time. Please contact us.',
  nothingOnSale: 'No plans are on sale at the moment. Please contact us.',
  changeInPortal: 'Your company has a subscription. To change it, open the billing portal.',
  complimentary: 'Your company has a complimentary plan with unlimited candidates.',
} as const;
