import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { keys } from '../keys';
import type { Candidate } from './candidate';
import { type PackageStatus } from '../../contracts/vocabulary';

/**
 * The candidate's answer package, an attribute of the profile item (`answerPackage`). A build is
 * started, completed and failed by conditional writes on its `buildId`, so two clicks start one
 * build, and a build that was replaced (a stale one restarted) can no longer record its result.
 */
export interface LeftOutAnswer {
  answerId: string;
  questionIndex: number;
}

export interface AnswerPackageRecord {
  packageStatus: PackageStatus;
  /** The build (its execution's name); null for packages made before builds left the request path. */
  buildId: string | null;
  /** The zip in the media bucket. */
  key: string;
  /** The answers the package covers: those it holds and those left out (it is stale once they change). */
  answerIds: string[];
  /** Answers whose video failed to process: not in the zip, named on the page. */
  leftOut: LeftOutAnswer[];
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * The package as stored. Items written before packages were built off the request path hold only
 * `{ key, answerIds }`: a completed package of every answer. (The profile's own type declares just
 * those two fields, which every stored package has.)
 */
export const answerPackageOf = (candidate: Pick<Candidate, 'answerPackage'>): AnswerPackageRecord | null => {
  const stored = candidate.answerPackage as (Partial<AnswerPackageRecord> & { key: string; answerIds: string[] }) | null;
  if (!stored) return null;
  return {
    packageStatus: stored.packageStatus ?? 'completed',
    buildId: stored.buildId ?? null,
    key: stored.key,
    answerIds: stored.answerIds,
    leftOut: stored.leftOut ?? [],
    startedAt: stored.startedAt ?? null,
    finishedAt: stored.finishedAt ?? null,
  };
};

/** Another build of the package started first, or the build was replaced: nothing was written. */
export class PackageBuildTaken extends Error {
  constructor() {
    super('Another build of this answer package was recorded first');
    this.name = 'PackageBuildTaken';
  }
}

const conditional = async (command: UpdateCommand) => {
  try {
    await db.send(command);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new PackageBuildTaken();
    throw error;
  }
};

/**
 * Records a new build as `generating`, only if the package is still the one the caller read
 * (`replacing`: its build id, or null when there was none): of two racing starts, one wins.
 */
export const startPackageBuild = (
  candidateId: string,
  build: { buildId: string; key: string; answerIds: string[]; startedAt: string },
  replacing: string | null,
) =>
  conditional(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.candidate(candidateId),
      UpdateExpression: 'SET answerPackage = :package',
      ConditionExpression: `attribute_exists(PK) AND ${replacing === null ? 'attribute_not_exists(answerPackage.buildId)' : 'answerPackage.buildId = :replacing'}`,
      ExpressionAttributeValues: {
        ':package': { packageStatus: 'generating', leftOut: [], finishedAt: null, ...build } satisfies AnswerPackageRecord,
        ...(replacing === null ? {} : { ':replacing': replacing }),
      },
    }),
  );

/** Ends a build that is still the package's and still generating: completed with what it holds, or failed. */
export const finishPackageBuild = (
  candidateId: string,
  buildId: string,
  result: { packageStatus: 'completed'; answerIds: string[]; leftOut: LeftOutAnswer[] } | { packageStatus: 'failed' },
  finishedAt: string,
) =>
  conditional(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.candidate(candidateId),
      UpdateExpression:
        result.packageStatus === 'completed'
          ? 'SET answerPackage.packageStatus = :status, answerPackage.answerIds = :answerIds, answerPackage.leftOut = :leftOut, answerPackage.finishedAt = :at'
          : 'SET answerPackage.packageStatus = :status, answerPackage.finishedAt = :at',
      ConditionExpression: 'answerPackage.buildId = :buildId AND answerPackage.packageStatus = :generating',
      ExpressionAttributeValues: {
        ':status': result.packageStatus,
        ':buildId': buildId,
        ':generating': 'generating',
        ':at': finishedAt,
        ...(result.packageStatus === 'completed' ? { ':answerIds': result.answerIds, ':leftOut': result.leftOut } : {}),
      },
    }),
  );
