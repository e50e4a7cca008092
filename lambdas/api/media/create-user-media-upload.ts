import * as operations from '../../operations/media';
import { createUpload } from '../../app/media/uploads';
import { defineHandler } from '../../platform/http';

/** No file bytes pass through here: the browser PUTs straight to S3 with the returned URL. */
export const handler = defineHandler(operations.createUserMediaUpload, async ({ body, session }) =>
  createUpload(session.userId, {
    companyId: body.properties.companyId,
    size: body.properties.size,
    contentType: body.contentType,
    mediaGroupId: body.mediaGroupId,
  }),
);
