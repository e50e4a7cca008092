import type { TimingAdjustment, TimingRequest } from '../../contracts/timing';
import { DEFAULT_BRAND_COLORS } from '../../contracts/vocabulary';
import { timingAnswerEmail } from '../../domain/emails/candidate';
import { mailTags, mayRemind } from '../../domain/mail-delivery';
import { grantsRequest } from '../../domain/timing';
import { sendMail } from '../../adapters/mail';
import { itemRead } from '../../data/batch-get';
import type { Candidate } from '../../data/candidates/candidate';
import { setTiming, TimingLocked } from '../../data/candidates/timing';
import { companyFromItem, type Company } from '../../data/companies';
import { keys } from '../../data/keys';
import { interviewHref } from '../../platform/app-origin';
import { notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Caller } from '../access/caller';
import { requireCandidateAccess } from '../access/candidate';
import { emailBrand } from '../companies/branding';
import { deleteMyDataHref } from '../data-deletion/links';
import { recordNotSent } from '../mail/send-outcome';

/**
 * The candidate hears the team's answer to their request (issue 43: their screen says they can wait
 * for it by e-mail): granted when the new timing gives what they asked for, declined otherwise, with
 * the link back to their interview. Only while their interview is in progress, and only to an
 * address that has not complained (a candidate invited by link without one gets none). Tracked as
 * the invitation is: tagged for SES's events, and a send SES does not take is recorded as not sent;
 * the timing stands either way.
 */
const sendAnswer = async (candidate: Candidate, company: Company | null, request: TimingRequest, log: Logger) => {
  const to = candidate.email;
  if (!to || !company || candidate.currentStatus !== 'invited' || !mayRemind(candidate.mail)) return;
  const subject = { kind: 'candidate_invitation', candidateId: candidate.candidateId } as const;
  const granted = grantsRequest(request.choice, candidate.timing);
  try {
    const [link, brand, deleteHref] = await Promise.all([
      interviewHref(candidate.interviewToken),
      emailBrand(company),
      deleteMyDataHref(company.companyId, to),
    ]);
    await sendMail({
      ...timingAnswerEmail({
        to,
        candidateName: candidate.candidateName,
        companyName: company.companyName,
        jobTitle: candidate.jobTitle,
        choice: request.choice,
        granted,
        interviewHref: link,
        expiresAt: candidate.expiresAt,
        brandColor: company.theme.themeEnabled ? company.theme.themeDefinition.palette.primary.main : DEFAULT_BRAND_COLORS.primary,
        brand,
        deleteMyDataHref: deleteHref,
      }),
      tags: mailTags(subject),
    });
    log.info('timing request answered', { candidateId: candidate.candidateId, granted });
  } catch (error) {
    await recordNotSent(subject, to, error, log);
  }
};

/**
 * The team sets a candidate's timing (issue 25, WCAG 2.2.1): whoever may open the candidate, at any
 * time (the questions not answered yet get it); it answers the candidate's request, if any, and
 * e-mails them the answer. The company (for the mail) is read with the access check.
 */
export const setCandidateTiming = async (candidateId: string, caller: Caller, timing: TimingAdjustment, log: Logger) => {
  const { batched: company } = await requireCandidateAccess(candidateId, caller, undefined, {
    batch: (candidate) => itemRead(keys.company(candidate.companyId), companyFromItem),
  });
  try {
    const { candidate, answered } = await setTiming(candidateId, timing);
    log.info('candidate timing set', { candidateId, ...candidate.timing });
    if (answered) await sendAnswer(candidate, company, answered, log);
    return { timing: candidate.timing, timingRequest: null };
  } catch (error) {
    // Deleted meanwhile.
    if (error instanceof TimingLocked) throw notFound('Candidate not found.');
    throw error;
  }
};
