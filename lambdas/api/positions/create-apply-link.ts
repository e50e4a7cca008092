import { paths } from '../../contracts/app-paths';
import { createApplyLink } from '../../contracts/position';
import { routes } from '../../routes';
import { appLink } from '../../shared/app-origin';
import { ensureApplyLink } from '../../shared/db/positions';
import { apiHandler } from '../../shared/http';
import { requirePositionAccess } from '../../app/access/position';

export const handler = apiHandler(routes.createApplyLink, createApplyLink, async ({ params, session }) => {
  const { position } = await requirePositionAccess(params.positionId, session.userId);
  const linkId = await ensureApplyLink(position);
  return { linkHref: await appLink(paths.apply.to(linkId)) };
});
