import type { TimingAdjustment } from '../../contracts/timing';
import { setTiming, TimingLocked } from '../../data/candidates/timing';
import { notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Caller } from '../access/caller';
import { requireCandidateAccess } from '../access/candidate';

/**
 * The team sets a candidate's timing (issue 25, WCAG 2.2.1): whoever may open the candidate, at any
 * time (the questions not answered yet get it); it answers the candidate's request, if any.
 */
export const setCandidateTiming = async (candidateId: string, caller: Caller, timing: TimingAdjustment, log: Logger) => {
  await requireCandidateAccess(candidateId, caller);
  try {
    const saved = await setTiming(candidateId, timing);
    log.info('candidate timing set', { candidateId, ...saved.timing });
    return { timing: saved.timing, timingRequest: null };
  } catch (error) {
    // Deleted meanwhile.
    if (error instanceof TimingLocked) throw notFound('Candidate not found.');
    throw error;
  }
};
