import * as operations from '../../operations/candidates';
import { sharingDetails } from '../../app/sharing/sharing';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** 404 means sharing is off (spec §4). */
export const handler = defineHandlerAlongsideAuth(operations.getMySharingDetails, async ({ params, session }) =>
  sharingDetails(params.candidateId, session),
);
