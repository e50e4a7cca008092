import * as operations from '../../operations/media';
import { completeUploads } from '../../app/media/uploads';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Completion: checks the object arrived whole, then starts its processing (once, however often it is called). */
export const handler = defineHandlerAlongsideAuth(operations.completeMediaUploads, async ({ body, session }) =>
  completeUploads(body.mediaIds, session),
);
