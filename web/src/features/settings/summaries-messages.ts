/** Texts of the Summaries tab (issue 41: grounded, machine-written summaries of answers). */
export const summariesMessages = {
  heading: 'Summaries',
  intro:
    'Short, machine-written notes on each transcribed answer, every point quoting the answer and the second it comes from, with a button that plays that moment.',
  sentWhere:
    "When on, each answer's transcript and its question's title are sent to Amazon Bedrock (an AI model run by AWS in this product's region) to write short notes that cite the moment they come from. Candidates are told on their welcome screen. Summaries never score, rank or recommend: a person decides.",
  enabled: 'Write summaries of answers',
  enabledHint: 'Off by default. Answers transcribed while this is on are summarised; each reviewer can hide summaries for themselves.',
  share: 'Show summaries on shared candidate pages',
  shareHint: 'Anyone with a shared link to a candidate then reads their summaries too.',
  usageHeading: 'This month',
  usage: (used: string, budget: string, month: string) => `${used} of ${budget} tokens used in ${month}.`,
  paused: "Summaries are paused for this month: the company's token budget is used.",
  loadFailed: 'Unable to retrieve the summaries setting at this time. Please try again.',
  saveFailed: 'Unable to update the summaries setting at this time. Please try again.',
  saved: 'Summaries setting saved.',
} as const;
