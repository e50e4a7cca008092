import { deleteSharing as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { requireCandidateAccess } from '../../app/access/candidate';
import { candidateIdOfPublicId, stopSharing } from '../../shared/db/candidates';
import { notFound } from '../../shared/errors';
import { apiHandler, Reply } from '../../shared/http';

/** Revokes a public link: it stops working at once. */
export const handler = apiHandler(routes.deleteSharing, contract, async ({ params, session }) => {
  const candidateId = await candidateIdOfPublicId(params.publicCandidateId);
  if (!candidateId) throw notFound('Sharing is already off.', 'sharing_off');
  await requireCandidateAccess(candidateId, session.userId);
  await stopSharing(candidateId, params.publicCandidateId);
  return new Reply(204, undefined);
});
