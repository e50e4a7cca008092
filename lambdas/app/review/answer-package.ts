import { readEnv } from '../../platform/env';
import { randomUUID } from 'node:crypto';
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { sfn } from '../../adapters/aws';
import { answerPackageOf, PackageBuildTaken, startPackageBuild, type AnswerPackageRecord } from '../../data/candidates/packages';
import { answersOf } from '../../data/candidates/answers';
import { getCandidate } from '../../data/candidates/candidate';
import { getMediaItems } from '../../data/media';
import { conflict, notFound } from '../../platform/errors';
import { describeError, type Logger } from '../../platform/logger';
import { packageKey } from '../../adapters/storage-layout';
import { requireCandidateAccess, type Candidate } from '../access/candidate';
import type { Position } from '../../data/positions';
import { recordAudit } from '../audit/record';
import { packageContents } from './answer-package-contents';
import { recordPackageFailure } from './answer-package-failure';
import { packageView } from './answer-package-view';

/** The answer-package builder (lambdas/pipeline/answer-package.asl.ts), which the `package:start` grant names. */
const builderArn = (): string => readEnv('ANSWER_PACKAGE_STATE_MACHINE_ARN').ANSWER_PACKAGE_STATE_MACHINE_ARN;

/**
 * "Export videos" (spec §4): starts building the package off the request path and answers at once
 * with `generating`; the page polls the candidate until it is completed. Answers still being
 * processed must finish first; answers whose processing failed are left out (the package names
 * them) and the rest export. One build at a time: while one runs, or once the current answers are
 * packaged, asking again answers with that package; of two racing clicks, one starts the build
 * (a conditional write on the package), the other answers with it.
 */
export const exportAnswerVideos = async (candidateId: string, userId: string, log: Logger, now = new Date()) => {
  const { candidate, position, read: answers } = await requireCandidateAccess(candidateId, userId, (c) => answersOf(c.candidateId));
  if (answers.length === 0) throw conflict('This candidate has no answers to export yet.', 'no_answers');
  const { included, pending, typed } = packageContents(answers, await getMediaItems(answers.flatMap((a) => (a.mediaId ? [a.mediaId] : []))));
  if (pending.length > 0) throw conflict('The answers are still being processed. Export the videos once they are ready.', 'answers_processing');
  // Text and choice answers (issue 39) are always there to export.
  if (included.length === 0 && typed.length === 0) throw conflict('None of the answer videos could be processed, so there is nothing to export.', 'no_processed_answers');
  // The member takes the answers' videos: recorded in the audit log alongside the rest (it never fails).
  const audited = recordAudit({
    companyId: candidate.companyId,
    action: 'downloaded',
    actor: { userId },
    candidateId: candidate.candidateId,
    positionId: candidate.positionId,
  });
  try {
    return await packageFor(candidate, position, answers, included.length + typed.length, log, now);
  } finally {
    await audited;
  }
};

const packageFor = async (
  candidate: Candidate,
  position: Position,
  answers: Awaited<ReturnType<typeof answersOf>>,
  includedCount: number,
  log: Logger,
  now: Date,
) => {
  const candidateId = candidate.candidateId;
  const names = { candidateName: candidate.candidateName, jobTitle: position.jobTitle };
  const view = (record: AnswerPackageRecord | null) => packageView(record, answers, names, now);
  const current = answerPackageOf(candidate);
  const shown = await view(current);
  if (shown.packageStatus === 'generating' || shown.packageStatus === 'completed') return shown;

  const buildId = randomUUID();
  const build = { buildId, key: packageKey(candidateId, buildId), answerIds: answers.map((a) => a.answerId), startedAt: now.toISOString() };
  try {
    await startPackageBuild(candidateId, build, current?.buildId ?? null);
  } catch (error) {
    if (!(error instanceof PackageBuildTaken)) throw error;
    // Another request started a build first: answer with that one.
    const latest = await getCandidate(candidateId);
    if (!latest) throw notFound('Candidate not found.');
    return view(answerPackageOf(latest));
  }
  try {
    await sfn.send(
      new StartExecutionCommand({
        stateMachineArn: builderArn(),
        name: build.buildId,
        input: JSON.stringify({ candidateId, buildId: build.buildId }),
      }),
    );
  } catch (error) {
    // Nothing will build it: record the failure, so the page offers the export again.
    await recordPackageFailure(candidateId, build.buildId, 'the build could not be started', log);
    log.error('answer package build not started', { candidateId, buildId: build.buildId, ...describeError(error) });
    throw error;
  }
  log.info('answer package build started', { candidateId, buildId: build.buildId, answers: answers.length, included: includedCount });
  return view({ ...build, packageStatus: 'generating', leftOut: [], finishedAt: null });
};
