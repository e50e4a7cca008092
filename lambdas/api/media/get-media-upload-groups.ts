import * as operations from '../../operations/media';
import { mediaGroups } from '../../app/media/uploads';
import { badRequest } from '../../platform/errors';
import { defineHandlerAlongsideAuth } from '../../platform/http';

const MAX_GROUPS = 20;

/** Groups the caller's companies own, named by a comma-separated list of ids; unknown or foreign ids are simply absent. */
export const handler = defineHandlerAlongsideAuth(operations.getMediaUploadGroups, async ({ params, session }) => {
  const ids = [
    ...new Set(
      params.mediaGroupIds
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MAX_GROUPS || ids.some((id) => !/^[A-Za-z0-9_-]{8,64}$/.test(id))) {
    throw badRequest(`Give up to ${MAX_GROUPS} comma-separated media group ids.`, 'invalid_media_group_ids');
  }
  return mediaGroups(ids, session);
});
