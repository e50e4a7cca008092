import { createSharingDetails as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { requireCandidateAccess } from '../../app/access/candidate';
import { sharePublicly } from '../../shared/db/candidates';
import { apiHandler } from '../../shared/http';
import { publicCandidateHref } from '../../app/sharing/links';

export const handler = apiHandler(routes.createSharingDetails, contract, async ({ params, session }) => {
  const { candidate } = await requireCandidateAccess(params.candidateId, session.userId);
  const publicCandidateId = await sharePublicly(candidate);
  return { publicCandidateId, publicCandidateHref: await publicCandidateHref(publicCandidateId) };
});
