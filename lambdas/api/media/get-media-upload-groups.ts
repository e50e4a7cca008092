import { getMediaUploadGroups } from '../../contracts/media';
import { routes } from '../../routes';
import { getGroupCompany, latestMediaOfGroup } from '../../shared/db/media';
import { getMembership } from '../../shared/db/memberships';
import { badRequest } from '../../shared/errors';
import { apiHandler } from '../../shared/http';
import { describeMedia } from '../../app/media/media';

const MAX_GROUPS = 20;

/** Groups the caller's companies own; unknown or foreign ids are simply absent (nothing leaks). */
export const handler = apiHandler(routes.getMediaUploadGroups, getMediaUploadGroups, async ({ params, session }) => {
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
  const groups = await Promise.all(
    ids.map(async (id) => {
      const companyId = await getGroupCompany(id);
      if (!companyId || !(await getMembership(companyId, session.userId))) return null;
      const media = await latestMediaOfGroup(id);
      return media ? describeMedia(media) : null;
    }),
  );
  return { mediaUploadGroups: await Promise.all(groups.filter((g): g is NonNullable<typeof g> => g !== null)) };
});
