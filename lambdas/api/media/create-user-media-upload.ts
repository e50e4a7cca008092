import { createUserMediaUpload } from '../../contracts/media';
import { routes } from '../../routes';
import { createUpload } from '../../app/media/uploads';
import { apiHandler } from '../../shared/http';

/** No file bytes pass through here: the browser PUTs straight to S3 with the returned URL. */
export const handler = apiHandler(routes.createUserMediaUpload, createUserMediaUpload, async ({ body, session }) =>
  createUpload(session.userId, {
    companyId: body.properties.companyId,
    size: body.properties.size,
    contentType: body.contentType,
    mediaGroupId: body.mediaGroupId,
  }),
);
