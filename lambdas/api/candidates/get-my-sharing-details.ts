import { getMySharingDetails as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { requireCandidateAccess } from '../../app/access/candidate';
import { notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';
import { publicCandidateHref } from '../../app/sharing/links';

/** 404 means sharing is off (spec §4). */
export const handler = apiHandler(routes.getMySharingDetails, contract, async ({ params, session }) => {
  const { candidate } = await requireCandidateAccess(params.candidateId, session.userId);
  if (!candidate.publicCandidateId) throw notFound('Sharing is off for this candidate.', 'sharing_off');
  return { publicCandidateId: candidate.publicCandidateId, publicCandidateHref: await publicCandidateHref(candidate.publicCandidateId) };
});
