import * as operations from '../../operations/positions';
import { deleteApplyLink } from '../../app/positions/positions';
import { defineHandlerAlongsideAuth, Reply } from '../../platform/http';

/** The settings' public link switch, off: the link stops admitting applicants at once. */
export const handler = defineHandlerAlongsideAuth(operations.deleteApplyLink, async ({ params, session }) => {
  await deleteApplyLink(params.positionId, session);
  return new Reply(204, undefined);
});
