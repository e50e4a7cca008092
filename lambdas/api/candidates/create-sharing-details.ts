import * as operations from '../../operations/candidates';
import { shareCandidate } from '../../app/sharing/sharing';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.createSharingDetails, async ({ params, body, session }) =>
  shareCandidate(params.candidateId, session, body?.expiresInDays),
);
