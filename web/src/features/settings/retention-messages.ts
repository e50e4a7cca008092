/** Texts of the Retention tab (issue 28: the company's retention policy). */
export const retentionMessages = {
  heading: 'Data retention',
  intro:
    'Candidate videos, transcripts, captions, answer packages and personal details are deleted automatically, so your team keeps them no longer than it needs them.',
  label: 'Delete candidate data',
  never: 'Never delete automatically',
  months: (months: number) => (months === 1 ? 'After 1 month' : `After ${months} months`),
  /** The one sentence of what is deleted and when, for the chosen policy. */
  explain: (months: number | null) =>
    months === null
      ? 'Candidate data is kept until someone on your team deletes the candidate or the position, or the candidate asks for deletion.'
      : `A candidate's data is deleted ${months === 1 ? '1 month' : `${months} months`} after the position closes or the candidate was last active, whichever is later.`,
  note: 'Each candidate’s page shows the date their data is due for deletion. Deletion can’t be undone.',
  loadFailed: 'Unable to retrieve the retention policy at this time. Please try again.',
  saveFailed: 'Unable to update the retention policy at this time. Please try again.',
  saved: 'Retention policy saved.',
} as const;
