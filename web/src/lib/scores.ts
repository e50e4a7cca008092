/** How the hiring app writes scorecard figures (issue 27, 43): the scores table, the candidate cards sorted by score. */

/** A mean to at most two decimals, without trailing zeros: 3, 3.5, 3.25. */
export const formatMean = (mean: number) => mean.toFixed(2).replace(/\.?0+$/, '');

/**
 * A reviewer as the scores table and its notes name them (issue 43): "You" for the member, else
 * as the team's member list names them, by their whole e-mail address (members have no other name).
 */
export const reviewerLabel = (card: { reviewerId: string; reviewerName: string }, myId: string | undefined) =>
  card.reviewerId === myId ? 'You' : card.reviewerName.trim() || 'A former member';
