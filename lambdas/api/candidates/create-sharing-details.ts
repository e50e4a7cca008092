import { createSharingDetails as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { shareCandidate } from '../../app/sharing/sharing';
import { apiHandlerAlongsideAuth } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.createSharingDetails, contract, async ({ params, session }) =>
  shareCandidate(params.candidateId, session),
);
