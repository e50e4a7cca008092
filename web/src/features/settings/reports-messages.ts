/** Texts of the Reports tab of Company settings (issue 40: the time zone reports count days in). */
export const reportsSettingsMessages = {
  heading: 'Reports',
  intro: 'Reports count candidates by the day they were invited. Choose the time zone those days are in, usually where your team works.',
  label: 'Time zone',
  note: 'A change counts candidates from now on by the new time zone; candidates already counted stay on their day.',
  loadFailed: 'Unable to retrieve the company’s time zone at this time. Please try again.',
  saveFailed: 'Unable to update the time zone at this time. Please try again.',
  saved: 'Time zone saved.',
} as const;
