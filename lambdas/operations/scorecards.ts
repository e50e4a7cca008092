import * as z from 'zod/mini';
import { idSchema } from '../contracts/common';
import { candidateScorecardsSchema, positionScorecardSchema, scorecardBodySchema, scorecardCriteriaBodySchema } from '../contracts/scorecard';
import { defineOperation } from './operation';

/** Scorecards (issue 27): a position's criteria, and each reviewer's scores of a candidate. */

export const getPositionScorecard = defineOperation({
  method: 'GET',
  path: '/positions/{positionId}/scorecard',
  auth: 'session',
  grants: ['table:read'],
  summary: "A position's scorecard criteria (none: the position has no scorecard, and reviewers rate answers as the spec describes).",
  params: z.object({ positionId: idSchema }),
  response: positionScorecardSchema,
});

export const updatePositionScorecard = defineOperation({
  method: 'PUT',
  path: '/positions/{positionId}/scorecard',
  auth: 'session',
  grants: ['table:write'],
  summary:
    "Replaces a position's scorecard criteria (at most 10, each a name and optional guides for a 1, a 3 and a 5). A criterion sent with its `criterion_id` keeps it, and its scores; scores of removed criteria stay readable on the candidates.",
  params: z.object({ positionId: idSchema }),
  body: scorecardCriteriaBodySchema,
  response: positionScorecardSchema,
});

export const getCandidateScorecards = defineOperation({
  method: 'GET',
  path: '/candidates/{candidateId}/scorecards',
  auth: 'session',
  grants: ['table:read'],
  summary:
    "A candidate's scorecards as the caller may see them: the criteria and the caller's own scorecard; everyone's scores with the means per criterion only once the caller has submitted theirs (before, only how many others have).",
  params: z.object({ candidateId: idSchema }),
  response: candidateScorecardsSchema,
});

export const submitScorecard = defineOperation({
  method: 'PUT',
  path: '/candidates/{candidateId}/scorecard',
  auth: 'session',
  grants: ['table:write'],
  summary:
    "Submits or changes the caller's scorecard of a responded candidate: every criterion of the position scored 1 to 5, an optional note. Answers as GET .../scorecards, now with everyone's scores.",
  params: z.object({ candidateId: idSchema }),
  body: scorecardBodySchema,
  response: candidateScorecardsSchema,
});
