/** Texts of the candidate detail page, its share dialog and its integration panel (spec §2, §8), word for word where the spec gives them. */
export const messages = {
  updateFailed: (name: string) => `Unable to update ${name}. Please contact us.`,
  ratingFailed: 'Unable to save rating. Please contact us.',
  // Issue 41: the reviewer's "Hide summaries".
  preferenceFailed: 'Unable to save whether summaries are hidden at this time. Please try again.',
  sharingRetrieveFailed: 'Unable to retrieve sharing details at this time. Please contact us.',
  sharingUpdateFailed: 'Unable to update sharing details at this time. Please contact us.',
  // The retention policy (issue 28): when the candidate's data is deleted, and the owner's way to the policy.
  dueForDeletion: (date: string) => `Due for deletion on ${date}`,
  retentionPolicy: 'Retention policy',
  // The integration panel: what was written back to the candidate's profile in the ATS.
  writeBack: {
    pending: (name: string) => `Sending the result to ${name}…`,
    retrying: (name: string, tries: number) => `Couldn't reach ${name} yet (${tries} ${tries === 1 ? 'try' : 'tries'} so far); trying again shortly.`,
    delivered: (name: string) => `Result sent to ${name}.`,
    failed: (name: string, lastError: string | null) => `Couldn't send the result to ${name}: ${lastError ?? 'no reason was given'}`,
  },
  // Export videos (spec §4 Answer package).
  exportVideos: {
    title: 'Export videos',
    description: 'All answer videos in one zip file, named by question.',
    start: 'Export videos',
    generating: 'Generating package...',
    download: 'Download package',
    waitForProcessing: 'Available once every answer is processed.',
    nothingToExport: 'None of the answer videos could be processed, so there is nothing to export.',
    someFailed: 'Answers whose video failed to process will be left out.',
    leftOut: (questionNumber: number) => `Question ${questionNumber} could not be included: its video failed to process.`,
    failed: 'The package could not be generated. Please try again.',
    startFailed: 'Unable to export the videos at this time. Please contact us.',
  },
  // The same package of a candidate asked more than videos (issue 39): recordings, files and a text of every answer.
  exportAnswers: {
    title: 'Export answers',
    description: 'All answers in one zip file, named by question: recordings and files as they are, written and chosen answers as text.',
    start: 'Export answers',
    nothingToExport: 'None of the answers could be processed, so there is nothing to export.',
    startFailed: 'Unable to export the answers at this time. Please contact us.',
  },
  // A candidate's timing (issue 25).
  timing: {
    requestHeading: 'Request for more time',
    requested: (name: string, choice: string, date: string) => `${name} asked for ${choice} on ${date}.`,
    granted: (name: string) => `${name}'s request is granted.`,
    saved: (name: string) => `${name}'s timing is saved.`,
    saveFailed: 'Unable to save the timing at this time. Please contact us.',
    explainer: 'An adjusted timing can make answers longer than the position allows; that is expected.',
    appliesTo: 'Questions not answered yet get the new timing.',
  },
  // The invitation mail's delivery (issue 26): a bounce and its fix, a spam complaint.
  mailDelivery: {
    bouncedHeading: 'E-mail bounced',
    bounced: (email: string, name: string) => `The invitation to ${email} could not be delivered, so ${name} has not received it.`,
    reasonLabel: "The recipient's mail server said",
    noReason: "The recipient's mail server gave no reason.",
    fix: 'Fix e-mail and resend',
    complainedHeading: 'Marked as spam',
    complained: (email: string) => `The invitation was marked as spam at ${email}. Reminders to this address are stopped.`,
    fixTitle: (name: string) => `Fix ${name}'s e-mail`,
    fixExplainer: (name: string) => `Correct the address and ${name} gets the invitation again, with a fresh deadline. No interview credit is used.`,
    emailMissing: 'Enter an e-mail address.',
    emailInvalid: 'Enter a valid e-mail address.',
    emailTooLong: 'That e-mail address is too long.',
    emailUnchanged: 'This is the address that bounced. Enter the corrected one.',
    fixFailed: 'Unable to resend the invitation at this time. Please contact us.',
    sent: (email: string) => `Invitation sent to ${email}.`,
    // Not sent at all (issue 37): SES did not take the mail, its retries spent.
    notSentHeading: 'E-mail not sent',
    notSent: (email: string, name: string) => `The invitation to ${email} was not sent, so ${name} has not received it.`,
    notSentReasonLabel: 'The mail service said',
    resend: 'Resend',
    resending: 'Sending...',
    resendFailed: 'Unable to resend the invitation at this time. Please contact us.',
    notSentAgain: (email: string) => `The invitation to ${email} was not sent this time either. Try again later.`,
    emailNotChanged: 'This is the address the invitation was not sent to. Enter another one, or close this and use Resend.',
  },
  // An answer whose video failed to process (issue 37): processed again from the candidate's kept upload.
  processAgain: {
    button: 'Process again',
    starting: 'Starting...',
    explainer: "The candidate's recording is kept: it is processed again from the start.",
    failed: 'Unable to process the answer again at this time. Please contact us.',
  },
  openProfile: 'Open profile',
  openProfileHint: (name: string) => `The candidate's profile in ${name}, in a new tab`,
} as const;
