import { getMySharingDetails as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { sharingDetails } from '../../app/sharing/sharing';
import { apiHandlerAlongsideAuth } from '../../shared/http';

/** 404 means sharing is off (spec §4). */
export const handler = apiHandlerAlongsideAuth(routes.getMySharingDetails, contract, async ({ params, session }) =>
  sharingDetails(params.candidateId, session),
);
