import { candidateInviteEmail } from '../../domain/emails/candidate';
import { inviteExpiry, spendsCredits } from '../../domain/candidates';
import { interviewHref } from '../../platform/app-origin';
import { sendMail } from '../../adapters/mail';
import { CandidateEmailTaken, emailsTaken } from '../../data/candidates/emails';
import { createCandidates, INVITES_PER_TRANSACTION, NotEnoughCredits, PositionNotOpen, type NewCandidate } from '../../data/candidates/invites';
import { type Candidate } from '../../data/candidates/candidate';
import { getCompany, type Company } from '../../data/companies';
import type { Position } from '../../data/positions';
import { conflict, notFound, paymentRequired } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { emailBrand } from '../companies/branding';
import { deleteMyDataHref } from '../data-deletion/links';
import { sendPlannedMessages } from '../messages/planned-messages';
import { DEFAULT_BRAND_COLORS } from '../../contracts/vocabulary';
import { count, metricNames } from '../../platform/metrics';
import { mailTags } from '../../domain/mail-delivery';
import { recordNotSent, recordSentAgain } from '../mail/send-outcome';
import { webhookEvent } from '../../adapters/events';
import { candidateInvitedData } from '../../domain/webhook-payloads';
import { publishEvents, webhookLinks } from '../webhooks/publish-events';

/**
 * Inviting (spec §2 Candidates view, §6 Plan gating): the one use case behind single and bulk
 * invites, public applications and previews. Credits are checked up front for a clear message and
 * enforced again by the transaction that creates the candidates.
 */
export const messages = {
  closed: 'The position is currently closed and needs to be re-opened before additional candidates can be invited.',
  noCredits: 'You have no interview credits left. Select a plan to invite more candidates.',
  notEnoughCredits: (remaining: number) =>
    `You have ${remaining} interview credit${remaining === 1 ? '' : 's'} left, not enough for this many candidates. Select a plan to invite more.`,
};

const MAILS_IN_FLIGHT = 8;

const checkCredits = (company: Company, count: number) => {
  if (!spendsCredits(company.subscriptionStatus)) return;
  const remaining = Math.max(0, company.credits.allocated - company.credits.invited);
  if (remaining === 0) throw paymentRequired(messages.noCredits);
  if (remaining < count) throw paymentRequired(messages.notEnoughCredits(remaining));
};

const createChunk = async (position: Position, company: Company, people: NewCandidate[], preview: boolean, now: Date): Promise<Candidate[]> => {
  const expiresAt = inviteExpiry(position.invitesExpireAfter, now);
  // A credit purchase between the read and the write changes `allocated`: read again once and retry.
  for (let attempt = 0; ; attempt++) {
    try {
      return await createCandidates(position, company, spendsCredits(company.subscriptionStatus), people, expiresAt, { preview, now });
    } catch (error) {
      if (error instanceof PositionNotOpen) throw conflict(messages.closed, 'position_closed');
      if (error instanceof CandidateEmailTaken) throw conflict(`${error.email} is already a candidate for this position.`, 'already_invited');
      if (!(error instanceof NotEnoughCredits) || attempt > 0) {
        if (error instanceof NotEnoughCredits) throw paymentRequired(messages.noCredits);
        throw error;
      }
      const fresh = await getCompany(company.companyId);
      if (!fresh) throw notFound('Company not found.');
      checkCredits(fresh, people.length);
      company = fresh;
    }
  }
};

/**
 * Sends each invitation with an e-mail address, and returns the candidates with their mail as it
 * now stands. A send SES does not take (its retries spent) is recorded on the candidate as not sent
 * (issue 37, app/mail/send-outcome.ts) and the invite stands: the team sees "E-mail not sent" and
 * resends, or copies the link. A resend after one that was not puts `sent` back before it goes (as a
 * new invitation starts `sent`): SES's events for it may come before this function goes on, and a
 * delivery never replaces `not_sent`. A preview has nothing else to show, so its failure is the answer.
 */
export const sendInvitations = async (
  candidates: Candidate[],
  company: Pick<Company, 'companyId' | 'companyName' | 'theme'>,
  jobTitle: string,
  log: Logger,
  to?: string,
): Promise<Candidate[]> => {
  const brand = candidates.length > 0 ? await emailBrand(company) : null;
  let sent = 0;
  const sendOne = async (candidate: Candidate): Promise<Candidate> => {
    const recipient = to ?? candidate.email;
    if (!recipient) return candidate;
    const subject = { kind: 'candidate_invitation', candidateId: candidate.candidateId } as const;
    const again = !candidate.preview && candidate.mail.status === 'not_sent' ? await recordSentAgain(subject, recipient, log) : null;
    try {
      await sendMail({
        ...candidateInviteEmail({
          to: recipient,
          candidateName: candidate.candidateName,
          companyName: company.companyName,
          jobTitle,
          interviewHref: await interviewHref(candidate.interviewToken),
          expiresAt: candidate.expiresAt,
          brandColor: company.theme.themeEnabled ? company.theme.themeDefinition.palette.primary.main : DEFAULT_BRAND_COLORS.primary,
          brand,
          preview: candidate.preview,
          deleteMyDataHref: await deleteMyDataHref(company.companyId, recipient),
        }),
        // Its delivery events find the candidate by these (issue 26); a preview's are not recorded.
        ...(candidate.preview ? {} : { tags: mailTags(subject) }),
      });
    } catch (error) {
      if (candidate.preview) throw error;
      const mail = await recordNotSent(subject, recipient, error, log);
      return mail ? { ...candidate, mail } : candidate;
    }
    if (!candidate.preview) sent += 1;
    return again ? { ...candidate, mail: again } : candidate;
  };
  // A few at a time: a bulk import of hundreds stays within the function's time and SES's send rate.
  const mailed: Candidate[] = [];
  for (let i = 0; i < candidates.length; i += MAILS_IN_FLIGHT)
    mailed.push(...(await Promise.all(candidates.slice(i, i + MAILS_IN_FLIGHT).map(sendOne))));
  if (sent > 0) count(metricNames.invitesSent, sent);
  return mailed;
};

/**
 * Invites people to a position of `company` (read by the caller alongside its other reads; null
 * when it is gone): creates them in transactions of INVITES_PER_TRANSACTION, then sends the invitations and the
 * position's `invite` messages.
 */
export const invite = async (
  position: Position,
  company: Company | null,
  people: NewCandidate[],
  log: Logger,
  options: { preview?: boolean; sendTo?: string; now?: Date } = {},
): Promise<Candidate[]> => {
  if (position.currentStatus !== 'open') throw conflict(messages.closed, 'position_closed');
  if (!company) throw notFound('Company not found.');
  const preview = options.preview === true;
  if (!preview) checkCredits(company, people.length);
  const now = options.now ?? new Date();
  // A list longer than one transaction is written in several: check every address first, so a
  // taken one refuses the whole list before any of it is created (and charged).
  if (!preview && people.length > INVITES_PER_TRANSACTION) {
    const addresses = people.flatMap((person) => (person.email ? [person.email.trim().toLowerCase()] : []));
    const repeated = addresses.find((email, i) => addresses.indexOf(email) !== i);
    const [taken] = repeated ? [repeated] : await emailsTaken(position.positionId, addresses);
    if (taken) throw conflict(`${taken} is already a candidate for this position.`, 'already_invited');
  }
  const created: Candidate[] = [];
  for (let i = 0; i < people.length; i += INVITES_PER_TRANSACTION) {
    created.push(...(await createChunk(position, company, people.slice(i, i + INVITES_PER_TRANSACTION), preview, now)));
  }
  log.info('candidates invited', { positionId: position.positionId, count: created.length, preview });
  // A template the position plans for the invite is the invitation (it carries the link: the
  // planning rule requires {interviewLink}); without one, the standard invitation goes out.
  // A preview always shows the standard invitation with its practice note.
  const invitationIsPlanned = position.plannedMessages.some((message) => message.sendTrigger === 'invite');
  const mailed = preview || !invitationIsPlanned ? await sendInvitations(created, company, position.jobTitle, log, options.sendTo) : created;
  const notSent = await sendPlannedMessages('invite', mailed, position, company, log);
  // `candidate.invited` for each (issue 38), the candidates created: a preview is nobody's candidate.
  if (!preview) {
    const link = await webhookLinks();
    await publishEvents(
      created.map((candidate) => webhookEvent('candidate.invited', candidate.companyId, candidateInvitedData(candidate, link), { now })),
      log,
    );
  }
  return mailed.map((candidate) => {
    const mail = notSent.get(candidate.candidateId);
    return mail ? { ...candidate, mail } : candidate;
  });
};
