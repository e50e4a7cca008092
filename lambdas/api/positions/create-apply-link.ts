import * as operations from '../../operations/positions';
import { createApplyLink } from '../../app/positions/positions';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.createApplyLink, async ({ params, session }) =>
  createApplyLink(params.positionId, session),
);
