/** Texts of the Reports screen (issue 40). */
export const reportMessages = {
  allPositions: 'All positions',
  controls: 'Report',
  keyFigures: 'Key figures',
  loading: 'Loading the report…',
  daysIn: (timeZone: string) => `Days are in ${timeZone}.`,
  showing: (range: string) => `Showing ${range},`,
  comparedWith: (range: string) => `compared with ${range}.`,
  noneInvited: 'No candidates were invited on these days.',
  noCandidates: 'No candidates.',
  durationsNote:
    'Time to complete runs from a candidate’s first start to their last answer; time to first review from completion to the first time someone on your team opened them. Durations are counted in steps, so each figure is the step it falls within.',
  dropOffNote: 'How many candidates got to each question and how many answered it: where the two part, candidates gave up.',
  pickPositionForQuestions: 'Pick a position to see drop-off and retakes per question.',
  positionsFailed: 'Unable to retrieve the positions at this time.',
  noPosition: 'This position does not exist or you have no access to it.',
  loadFailed: 'Unable to retrieve the report at this time. Please try again.',
} as const;
