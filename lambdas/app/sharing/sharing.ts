import { publicLinkOf, setShareExpiry, sharePublicly, stopSharing, type PublicLink } from '../../data/candidates/sharing';
import { getCompany } from '../../data/companies';
import { auditRetentionRead } from '../../data/audit';
import { shareExpiresAt } from '../../domain/sharing';
import { notFound } from '../../platform/errors';
import { alongside } from '../access/alongside';
import { callerId, type Caller } from '../access/caller';
import { requireCandidateAccess, requireCandidateAccessAt } from '../access/candidate';
import { recordAudit } from '../audit/record';
import { publicCandidateHref } from './links';

const SHARING_IS_OFF = 'Sharing is off for this candidate.';

type LinkDetails = Pick<PublicLink, 'expiresAt' | 'expiresInDays' | 'lastOpenedAt'>;

const detailsOf = async (publicCandidateId: string, link: LinkDetails) => ({
  publicCandidateId,
  publicCandidateHref: await publicCandidateHref(publicCandidateId),
  expiresAt: link.expiresAt,
  expiresInDays: link.expiresInDays,
  lastOpenedAt: link.lastOpenedAt,
});

/**
 * Sharing a candidate (spec §4): a public link anyone can open, until a member switches it off or
 * (issue 28) it expires. `expiresInDays` undefined: a new link never expires, a link that is on
 * keeps its expiry; a number or null sets it anew from now. Recorded in the audit log (the
 * company's retention months read in the access check's BatchGetItem).
 */
export const shareCandidate = async (candidateId: string, caller: Caller, expiresInDays: number | null | undefined, now = new Date()) => {
  const {
    candidate,
    membership,
    batched: retentionMonths,
  } = await requireCandidateAccess(candidateId, caller, undefined, { batch: (c) => auditRetentionRead(c.companyId) });
  const expiresAt = expiresInDays === undefined ? null : shareExpiresAt(now, expiresInDays);
  const expiry = { expiresAt, expiresInDays: expiresAt === null ? null : (expiresInDays ?? null) };
  const { publicCandidateId, created } = await sharePublicly(candidate, expiry, now);
  const link: LinkDetails | null = created
    ? { ...expiry, lastOpenedAt: null }
    : expiresInDays === undefined
      ? await publicLinkOf(publicCandidateId)
      : await setShareExpiry(publicCandidateId, expiry);
  if (!link) throw notFound(SHARING_IS_OFF, 'sharing_off');
  const [details] = await Promise.all([
    detailsOf(publicCandidateId, link),
    created || expiresInDays !== undefined
      ? recordAudit({
          companyId: candidate.companyId,
          action: 'shared',
          actor: { userId: membership.userId },
          candidateId: candidate.candidateId,
          positionId: candidate.positionId,
          detail: link.expiresAt ? `link on until ${link.expiresAt}` : 'link on, no expiry',
          retentionMonths,
        })
      : undefined,
  ]);
  return details;
};

/** The candidate's public link with its expiry and last opening; a 404 means sharing is off. */
export const sharingDetails = async (candidateId: string, caller: Caller) => {
  const { candidate } = await requireCandidateAccess(candidateId, caller);
  const link = candidate.publicCandidateId ? await publicLinkOf(candidate.publicCandidateId) : null;
  if (!candidate.publicCandidateId || !link) throw notFound(SHARING_IS_OFF, 'sharing_off');
  return detailsOf(candidate.publicCandidateId, link);
};

/**
 * Revokes a public link: it stops working at once. The link is looked up alongside the session
 * check; it names the candidate, their position and company, so the candidate is read with the
 * position and the caller's membership (one BatchGetItem) before the one transaction.
 */
export const stopSharingCandidate = async (publicCandidateId: string, caller: Caller) => {
  const [userId, link] = await alongside(callerId(caller), publicLinkOf(publicCandidateId));
  if (!link) throw notFound('Sharing is already off.', 'sharing_off');
  const { candidate, read: company } = await requireCandidateAccessAt(link, userId, getCompany);
  await stopSharing(link.candidateId, publicCandidateId);
  await recordAudit({
    companyId: candidate.companyId,
    action: 'shared',
    actor: { userId },
    candidateId: candidate.candidateId,
    positionId: candidate.positionId,
    detail: 'link off',
    retentionMonths: company?.retentionMonths ?? null,
  });
};
