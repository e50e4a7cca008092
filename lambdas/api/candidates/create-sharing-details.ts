import { createSharingDetails as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { shareCandidate } from '../../app/sharing/sharing';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.createSharingDetails, contract, async ({ params, session }) =>
  shareCandidate(params.candidateId, session.userId),
);
