import { finishPackageBuild, PackageBuildTaken } from '../../data/candidates/packages';
import type { Logger } from '../../platform/logger';

/**
 * Marks a build failed (the builder's failure path, or a build that could not be started), so the
 * page shows the failure and offers the export again. A build that was replaced meanwhile is left alone.
 */
export const recordPackageFailure = async (candidateId: string, buildId: string, reason: string, log: Logger) => {
  try {
    await finishPackageBuild(candidateId, buildId, { packageStatus: 'failed' }, new Date().toISOString());
    log.warn('answer package failed', { candidateId, buildId, reason });
    return { recorded: true };
  } catch (error) {
    if (!(error instanceof PackageBuildTaken)) throw error;
    log.info('answer package build was replaced; its failure is not recorded', { candidateId, buildId, reason });
    return { recorded: false };
  }
};
