import { paths } from '../../contracts/app-paths';
import { DEFAULT_CANDIDATE_TIMING, type TimingRequestChoice } from '../../contracts/timing';
import { notificationRecipients } from '../../domain/candidates';
import { timingRequestEmail } from '../../domain/emails/candidate';
import { adjustmentForChoice, effectivePacing, isAdjusted, sameAdjustment } from '../../domain/timing';
import { sendMail } from '../../adapters/mail';
import { type Candidate } from '../../data/candidates/candidate';
import { chooseTiming, requestTiming, TimingLocked } from '../../data/candidates/timing';
import { getCompany } from '../../data/companies';
import { listMembers } from '../../data/members';
import { getPosition, positionFromItem, type Position } from '../../data/positions';
import { itemRead, type BatchRead } from '../../data/batch-get';
import { keys } from '../../data/keys';
import { appLink } from '../../platform/app-origin';
import { conflict } from '../../platform/errors';
import { describeError, type Logger } from '../../platform/logger';
import { requireInterviewWith } from '../access/interview';
import { emailBrand } from '../companies/branding';

/**
 * A candidate's timing on their side (issue 25, WCAG 2.2.1): the pacing they get (the interview's,
 * with their adjustment), and their own choice of no time limit or double time before their first
 * question, applied at once where the position lets them, otherwise asked of the team.
 */
export const TIMING_LOCKED = 'Your interview has started: its timing can no longer be changed.';

/** The pacing the candidate gets: the interview's as it was when they were invited, with their adjustment. */
export const candidatePacing = (candidate: Pick<Candidate, 'interview' | 'timing'>) => effectivePacing(candidate.interview.pacing, candidate.timing);

/** No question started yet (no recording attempt at all) and the interview still in progress. */
const notStarted = (candidate: Candidate) => candidate.currentStatus === 'invited' && Object.keys(candidate.attempts).length === 0;

/** What the interview page shows of the timing; the position's setting is its current one (a deleted position: the default). */
export const timingView = (candidate: Candidate, position: Pick<Position, 'candidateTiming'> | null) => ({
  adjusted: isAdjusted(candidate.timing),
  selfService: (position?.candidateTiming ?? DEFAULT_CANDIDATE_TIMING).selfService,
  canAsk: notStarted(candidate),
  request: candidate.timingRequest,
});

/** The position's notified members hear of the request (failures are logged: the request stands). */
const announceRequest = async (candidate: Candidate, position: Position, choice: TimingRequestChoice, log: Logger) => {
  try {
    const [company, { members }] = await Promise.all([getCompany(candidate.companyId), listMembers(candidate.companyId)]);
    if (!company) return;
    const recipients = notificationRecipients(position, members);
    if (recipients.length === 0) return;
    const [candidateHref, brand] = await Promise.all([
      appLink(paths.candidate.to(candidate.companyId, candidate.positionId, candidate.candidateId)),
      emailBrand(company),
    ]);
    for (const to of recipients) {
      await sendMail(timingRequestEmail({ to, candidateName: candidate.candidateName, jobTitle: position.jobTitle, choice, candidateHref, brand }));
    }
  } catch (error) {
    log.error('timing request not announced', { candidateId: candidate.candidateId, ...describeError(error) });
  }
};

/** The interview and its position (null once deleted): read with the candidate where the token names it, else after it. */
const openInterviewWithPosition = async (token: string) => {
  const { candidate, batched } = await requireInterviewWith(
    token,
    (_, positionId): BatchRead<Position | null | undefined> =>
      positionId ? itemRead(keys.position(positionId), positionFromItem) : { keys: [], collect: () => undefined },
    { open: true },
  );
  return { candidate, position: batched === undefined ? await getPosition(candidate.positionId) : batched };
};

/**
 * The candidate's choice, before their first question (409 after): where the position lets
 * candidates choose, it is their timing at once; otherwise it is kept as a request and the team is
 * e-mailed (a repeated request is answered the same, without a second e-mail). The current
 * position's setting counts (read with the candidate: the token names the position). Extra
 * retakes the team gave stay.
 */
export const requestInterviewTiming = async (token: string, choice: TimingRequestChoice, log: Logger) => {
  const { candidate, position } = await openInterviewWithPosition(token);
  if (!notStarted(candidate)) throw conflict(TIMING_LOCKED, 'timing_locked');
  const selfService = (position?.candidateTiming ?? DEFAULT_CANDIDATE_TIMING).selfService;
  const wanted = { ...adjustmentForChoice(choice), extraRetakes: candidate.timing.extraRetakes };
  try {
    if (selfService) {
      const current =
        sameAdjustment(candidate.timing, wanted) && !candidate.timingRequest ? candidate : await chooseTiming(candidate.candidateId, wanted);
      return { applied: true, pacing: candidatePacing(current) };
    }
    if (candidate.timingRequest?.choice === choice) return { applied: false, pacing: candidatePacing(candidate) };
    const requested = await requestTiming(candidate.candidateId, { choice, requestedAt: new Date().toISOString() });
    if (position) await announceRequest(requested, position, choice, log);
    log.info('timing requested', { candidateId: candidate.candidateId, choice });
    return { applied: false, pacing: candidatePacing(requested) };
  } catch (error) {
    if (error instanceof TimingLocked) throw conflict(TIMING_LOCKED, 'timing_locked');
    throw error;
  }
};
