import { EVALUATED_STATUSES } from '../contracts/vocabulary';
import type { Criterion, CriterionInput, GivenScore } from '../contracts/scorecard';

/**
 * Scorecards (issue 27), the pure rules: which criteria a save keeps, whether a reviewer's scores
 * fit the position's criteria, and the means the candidate page, the export and the list order show.
 */

/** The statuses in which a candidate can be scored: they have responded (the evaluated statuses). */
export const SCORABLE_STATUSES = EVALUATED_STATUSES;
export const isScorable = (status: string) => (SCORABLE_STATUSES as readonly string[]).includes(status);

/**
 * The criteria a save stores: an input naming an existing criterion keeps its id (its scores stay
 * its own, under its new name); anything else is a new criterion with a new id. Two criteria of
 * the same name are refused (a reviewer could not tell them apart): the message, or the criteria.
 */
export const savedCriteria = (inputs: CriterionInput[], existing: Criterion[], newId: () => string): Criterion[] | string => {
  const names = new Set<string>();
  const kept = new Set<string>();
  const known = new Set(existing.map((c) => c.criterionId));
  const criteria: Criterion[] = [];
  for (const input of inputs) {
    const folded = input.name.toLocaleLowerCase();
    if (names.has(folded)) return `Two criteria are named "${input.name}". Give each its own name.`;
    names.add(folded);
    const id = input.criterionId && known.has(input.criterionId) && !kept.has(input.criterionId) ? input.criterionId : newId();
    kept.add(id);
    criteria.push({ criterionId: id, name: input.name, guide1: input.guide1 || null, guide3: input.guide3 || null, guide5: input.guide5 || null });
  }
  return criteria;
};

/**
 * A reviewer's scores against the position's criteria: every criterion scored once, none other.
 * The scores come back in the criteria's order with each criterion's name as it is now (kept with
 * the scores, so a later rename or removal leaves them readable), or the message of what is wrong.
 */
export const checkedScores = (criteria: Criterion[], scores: { criterionId: string; score: number }[]): GivenScore[] | string => {
  if (criteria.length === 0) return 'This position has no scorecard.';
  const byId = new Map<string, number>();
  for (const { criterionId, score } of scores) {
    if (byId.has(criterionId)) return 'Score each criterion once.';
    if (!criteria.some((c) => c.criterionId === criterionId)) return 'A score names a criterion the position does not have. Reload and try again.';
    byId.set(criterionId, score);
  }
  const missing = criteria.filter((c) => !byId.has(c.criterionId));
  if (missing.length > 0) return `Score every criterion: ${missing.map((c) => c.name).join(', ')}.`;
  return criteria.map((c) => ({ criterionId: c.criterionId, name: c.name, score: byId.get(c.criterionId)! }));
};

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
/** Two decimals, as the page and the export show them. */
export const rounded = (value: number) => Math.round(value * 100) / 100;

export const scorecardMean = (scores: GivenScore[]): number => rounded(mean(scores.map((s) => s.score)));

export interface CriterionMean {
  criterionId: string;
  name: string;
  mean: number;
  count: number;
  /** Still one of the position's criteria. */
  current: boolean;
}

export interface ScoreSummary {
  /** Scorecards submitted. */
  count: number;
  /** The mean of the reviewers' means (each reviewer weighs the same), or null before any. */
  mean: number | null;
  /** Per criterion: the position's current ones first (in their order, with their current name), then removed ones (by the name last given). */
  criteria: CriterionMean[];
}

/** The means over the submitted scorecards, per criterion and overall. */
export const scoreSummary = (scorecards: { scores: GivenScore[]; submittedAt: string }[], criteria: Criterion[]): ScoreSummary => {
  const given = new Map<string, { name: string; at: string; scores: number[] }>();
  for (const card of scorecards) {
    for (const s of card.scores) {
      const entry = given.get(s.criterionId) ?? { name: s.name, at: card.submittedAt, scores: [] };
      if (card.submittedAt >= entry.at) Object.assign(entry, { name: s.name, at: card.submittedAt });
      entry.scores.push(s.score);
      given.set(s.criterionId, entry);
    }
  }
  const current = criteria.flatMap((c) => {
    const entry = given.get(c.criterionId);
    return entry ? [{ criterionId: c.criterionId, name: c.name, mean: rounded(mean(entry.scores)), count: entry.scores.length, current: true }] : [];
  });
  const removed = [...given.entries()]
    .filter(([id]) => !criteria.some((c) => c.criterionId === id))
    .map(([criterionId, entry]) => ({ criterionId, name: entry.name, mean: rounded(mean(entry.scores)), count: entry.scores.length, current: false }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const means = scorecards.filter((c) => c.scores.length > 0).map((c) => mean(c.scores.map((s) => s.score)));
  return { count: scorecards.length, mean: means.length > 0 ? rounded(mean(means)) : null, criteria: [...current, ...removed] };
};

/**
 * The list order of a scored candidate (highest first when read backwards): the mean with three
 * decimals (1.000 to 5.000 sort as text), then the id.
 */
export const scoreSortKey = (score: number, candidateId: string) => `${score.toFixed(3)}#${candidateId}`;

/**
 * A candidate's score as a list sorted by score shows it to a member (issue 43): the number of
 * scorecards, and the mean only once the member has submitted theirs (others' scores stay hidden
 * until then, as on the candidate page).
 */
export const listedScore = (score: Pick<ScoreSummary, 'count' | 'mean'> | null, submittedByMember: boolean) => ({
  count: score?.count ?? 0,
  mean: submittedByMember ? (score?.mean ?? null) : null,
});
