/**
 * Candidates' data access, one module per entity of the candidate's partition (the partition and
 * its index keys are described in `candidate.ts`):
 *
 * - `candidate.ts`: the profile item (its shape and `fromItem`), reads, deletion and evaluation;
 *   every other module builds on it, and it imports none of them but `emails.ts` and `search.ts`
 * - `invites.ts`: creating candidates (credits, counts and addresses in one transaction) and renewing an invite
 * - `emails.ts`: an address is a candidate of a position once (one item per position and address);
 *   it imports none of the others
 * - `search.ts`: a candidate's search items (one per token of their name and e-mail) and the one
 *   Query that finds the candidates a search text matches; it imports none of the others
 * - `lists.ts`: status tabs, the done tab, search (its order and pages), neighbours, all of a position, expired invites
 * - `attempts.ts`: recording attempts in flight
 * - `answers.ts`: submitting an attempt as the answer, answers and their ratings
 * - `sharing.ts`: the public id of a shared candidate
 * - `packages.ts`: the candidate's answer package
 *
 * Importers use this index only.
 */
export { answersOf, findAnswer, rateAnswer, submitAttempt, type AnswerRecord } from './answers';
export { AttemptRefused, deleteAttempt, getAttempt, openAttemptsOf, replaceAbandonedAttempt, startAttempt, type Attempt } from './attempts';
export {
  AnswerRefused,
  CandidateGone,
  deleteCandidate,
  fromItem as candidateFromItem,
  getCandidate,
  getCandidateByToken,
  questionKey,
  readCandidatePartition,
  setEvaluation,
  StatusChanged,
  submittedAnswers,
  type Candidate,
  type CandidatePartition,
  type SubmittedAnswer,
} from './candidate';
export {
  createCandidates,
  INVITES_PER_TRANSACTION,
  NotEnoughCredits,
  PositionNotOpen,
  PREVIEW_TTL_SECONDS,
  renewInvite,
  type NewCandidate,
} from './invites';
export { CandidateEmailTaken, claimEmailStep, emailsTaken } from './emails';
export {
  allCandidatesOfPosition,
  candidatesForExport,
  expiredInvites,
  listCandidates,
  listDone,
  neighboursOf,
  searchCandidates,
  type ExportedCandidate,
} from './lists';
export { putSearchTokenSteps, tokensOf } from './search';
export { answerPackageOf, finishPackageBuild, PackageBuildTaken, startPackageBuild, type AnswerPackageRecord, type LeftOutAnswer } from './packages';
export { candidateIdOfPublicId, publicLinkOf, sharePublicly, stopSharing, type PublicLink } from './sharing';
