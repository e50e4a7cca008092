import { publicLinkOf, sharePublicly, stopSharing } from '../../data/candidates/sharing';
import { notFound } from '../../platform/errors';
import { alongside } from '../access/alongside';
import { callerId, type Caller } from '../access/caller';
import { requireCandidateAccess, requireCandidateAccessAt } from '../access/candidate';
import { publicCandidateHref } from './links';

/** Sharing a candidate (spec §4): a public link anyone can open, until a member switches it off. */
export const shareCandidate = async (candidateId: string, caller: Caller) => {
  const { candidate } = await requireCandidateAccess(candidateId, caller);
  const publicCandidateId = await sharePublicly(candidate);
  return { publicCandidateId, publicCandidateHref: await publicCandidateHref(publicCandidateId) };
};

/** The candidate's public link; a 404 means sharing is off. */
export const sharingDetails = async (candidateId: string, caller: Caller) => {
  const { candidate } = await requireCandidateAccess(candidateId, caller);
  if (!candidate.publicCandidateId) throw notFound('Sharing is off for this candidate.', 'sharing_off');
  return { publicCandidateId: candidate.publicCandidateId, publicCandidateHref: await publicCandidateHref(candidate.publicCandidateId) };
};

/**
 * Revokes a public link: it stops working at once. The link is looked up alongside the session
 * check; it names the candidate, their position and company, so the candidate is read with the
 * position and the caller's membership (one BatchGetItem) before the one transaction.
 */
export const stopSharingCandidate = async (publicCandidateId: string, caller: Caller) => {
  const [userId, link] = await alongside(callerId(caller), publicLinkOf(publicCandidateId));
  if (!link) throw notFound('Sharing is already off.', 'sharing_off');
  await requireCandidateAccessAt(link, userId);
  await stopSharing(link.candidateId, publicCandidateId);
};
