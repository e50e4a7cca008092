import { createUserMediaUpload } from '../../contracts/media';
import { maxBytesFor } from '../../domain/media';
import { mediaKeys } from '../../shared/storage-definition';
import { routes } from '../../routes';
import { requireMembership } from '../../app/access/membership';
import { presignUpload } from '../../shared/clients/storage';
import { newId } from '../../shared/crypto';
import { createMedia, GroupOwnedElsewhere } from '../../shared/db/media';
import { badRequest, conflict } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

/** No file bytes pass through here: the browser PUTs straight to S3 with the returned URL. */
export const handler = apiHandler(routes.createUserMediaUpload, createUserMediaUpload, async ({ body, session }) => {
  const { companyId, size } = body.properties;
  await requireMembership(companyId, session.userId);
  const limit = maxBytesFor(body.contentType);
  if (size > limit) throw badRequest(`The file is too large: the limit is ${Math.round(limit / 1024 / 1024)} MB.`, 'file_too_large');
  const mediaId = newId();
  try {
    await createMedia({ mediaId, mediaGroupId: body.mediaGroupId, companyId, contentType: body.contentType, size });
  } catch (error) {
    if (error instanceof GroupOwnedElsewhere) throw conflict('That media group id is taken. Use a new one.', 'media_group_taken');
    throw error;
  }
  return { mediaId, uploadUrl: await presignUpload(mediaKeys(mediaId).source, body.contentType, size) };
});
