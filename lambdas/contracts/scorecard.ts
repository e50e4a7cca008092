import * as z from 'zod/mini';
import { idSchema, multiLineText, singleLineText, trimmedLine } from './common';

/**
 * Scorecards (issue 27): a position's criteria, each scored 1–5 by every reviewer of a candidate.
 * Ids travel in arrays, never as object keys (keys change case on the wire, ids do not).
 */
export const MAX_CRITERIA = 10;
export const CRITERION_NAME_MAX = 60;
export const CRITERION_GUIDE_MAX = 200;
export const SCORECARD_NOTE_MAX = 500;
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;

const guideSchema = z.nullable(
  singleLineText(z.trim(), z.maxLength(CRITERION_GUIDE_MAX, `Keep a guide to at most ${CRITERION_GUIDE_MAX} characters.`)),
);

/** A criterion as it is stored and shown: its stable id, its name, and what a 1, a 3 and a 5 mean. */
export const criterionSchema = z.object({
  criterionId: z.string(),
  name: z.string(),
  guide1: z.nullable(z.string()),
  guide3: z.nullable(z.string()),
  guide5: z.nullable(z.string()),
});

/** A criterion as the team saves it: an existing one keeps its id (its scores stay its own), a new one has none. */
export const criterionInputSchema = z.object({
  criterionId: z.optional(z.nullable(idSchema)),
  name: trimmedLine(CRITERION_NAME_MAX, 'Name every criterion.', `Keep a criterion's name to at most ${CRITERION_NAME_MAX} characters.`),
  guide1: z._default(guideSchema, null),
  guide3: z._default(guideSchema, null),
  guide5: z._default(guideSchema, null),
});

export const scorecardCriteriaBodySchema = z.object({
  criteria: z.array(criterionInputSchema).check(z.maxLength(MAX_CRITERIA, `Use at most ${MAX_CRITERIA} criteria.`)),
});

export const positionScorecardSchema = z.object({ positionId: z.string(), criteria: z.array(criterionSchema) });

const scoreValue = z.int().check(z.minimum(SCORE_MIN, 'Choose a score from 1 to 5.'), z.maximum(SCORE_MAX, 'Choose a score from 1 to 5.'));

export const scorecardBodySchema = z.object({
  scores: z.array(z.object({ criterionId: idSchema, score: scoreValue })).check(z.maxLength(MAX_CRITERIA * 2, 'Too many scores.')),
  note: z._default(
    z.nullable(multiLineText(z.trim(), z.maxLength(SCORECARD_NOTE_MAX, `Keep the note to at most ${SCORECARD_NOTE_MAX} characters.`))),
    null,
  ),
});

/** One score as it was given: the criterion's name then (a later rename or removal leaves it readable). */
export const givenScoreSchema = z.object({ criterionId: z.string(), name: z.string(), score: z.int() });

export const scorecardSchema = z.object({
  reviewerId: z.string(),
  reviewerName: z.string(),
  scores: z.array(givenScoreSchema),
  note: z.nullable(z.string()),
  /** The mean of this reviewer's scores. */
  mean: z.number(),
  submittedAt: z.string(),
});

/** The mean of a criterion over the scorecards that scored it; `current` false for a criterion since removed from the position. */
export const criterionMeanSchema = z.object({ criterionId: z.string(), name: z.string(), mean: z.number(), count: z.int(), current: z.boolean() });

/**
 * A candidate's scorecards as the caller may see them: the position's criteria, the caller's own
 * scorecard, and everyone's (with the means) only once the caller has submitted theirs; before,
 * only how many others have.
 */
export const candidateScorecardsSchema = z.object({
  candidateId: z.string(),
  criteria: z.array(criterionSchema),
  mine: z.nullable(scorecardSchema),
  othersSubmitted: z.int(),
  /** Null until the caller has submitted: other reviewers' scores stay hidden (anchoring bias). */
  revealed: z.nullable(
    z.object({
      scorecards: z.array(scorecardSchema),
      criteria: z.array(criterionMeanSchema),
      mean: z.nullable(z.number()),
    }),
  ),
});

export type Criterion = z.infer<typeof criterionSchema>;
export type CriterionInput = z.infer<typeof criterionInputSchema>;
export type GivenScore = z.infer<typeof givenScoreSchema>;
export type CandidateScorecards = z.infer<typeof candidateScorecardsSchema>;
