/** How the hiring app writes scorecard figures (issue 27, 43): the scores table, the candidate cards sorted by score. */

/** A mean to at most two decimals, without trailing zeros: 3, 3.5, 3.25. */
export const formatMean = (mean: number) => mean.toFixed(2).replace(/\.?0+$/, '');

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A candidate's score on their card in a list sorted by score: the mean and how many scorecards
 * make it, or, before the member has submitted theirs, only how many there are.
 */
export const listedScoreText = (score: { count: number; mean: number | null }) =>
  score.mean === null
    ? `${plural(score.count, 'scorecard', 'scorecards')} · submit yours to see the mean`
    : `Mean score ${formatMean(score.mean)} · ${plural(score.count, 'scorecard', 'scorecards')}`;

/**
 * A reviewer as the scores table and its notes name them (issue 43): "You" for the member, else
 * as the team's member list names them, by their whole e-mail address (members have no other name).
 */
export const reviewerLabel = (card: { reviewerId: string; reviewerName: string }, myId: string | undefined) =>
  card.reviewerId === myId ? 'You' : card.reviewerName.trim() || 'A former member';
