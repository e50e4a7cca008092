import { updatePosition as contract } from '../../contracts/position';
import { isStandardTemplateId } from '../../domain/messages';
import { routes } from '../../routes';
import { listMembers } from '../../shared/db/members';
import { deleteApplyLink, updatePosition, VersionConflict } from '../../shared/db/positions';
import { badRequest, conflict } from '../../shared/errors';
import { apiHandler } from '../../shared/http';
import { canAccess, requirePositionAccess } from '../../app/access/position';
import { positionView } from './position-view';

/**
 * Saves the full position body. Named members must belong to the company; notified members must
 * have access; planned messages must name a template. A stale `version` is a 409.
 */
export const handler = apiHandler(routes.updatePosition, contract, async ({ params, body, session }) => {
  const { position } = await requirePositionAccess(params.positionId, session.userId);
  const { members } = await listMembers(position.companyId);
  const memberIds = new Set(members.map((m) => m.userId));
  for (const userId of [...(body.sharing?.userIds ?? []), ...(body.notifying?.userIds ?? [])]) {
    if (!memberIds.has(userId)) throw badRequest('Only members of the company can be given access or notifications.', 'unknown_member');
  }
  if (body.notifying) {
    const withAccess = new Set(
      members.filter((m) => canAccess({ sharing: body.sharing }, { userId: m.userId, role: m.userRole })).map((m) => m.userId),
    );
    if (body.notifying.userIds.some((id) => !withAccess.has(id)))
      throw badRequest('Only members with access can be notified.', 'notify_without_access');
  }
  if (body.plannedMessages.some((m) => !isStandardTemplateId(m.templateId)))
    throw badRequest('Choose a message template from the list.', 'unknown_template');
  // The public link switch: `applyLink: null` turns the link off (it stops working at once); any
  // other value keeps whatever link the position has (POST .../apply-links turns it on).
  const clearApplyLink = body.applyLink === null;
  try {
    const { version, applyLink: _link, ...rest } = body;
    const saved = await updatePosition(position.positionId, rest, version, { clearApplyLink });
    if (clearApplyLink && position.applyLinkId) await deleteApplyLink(position.applyLinkId);
    return positionView(saved);
  } catch (error) {
    if (error instanceof VersionConflict)
      throw conflict('This position was changed by someone else meanwhile. Reload it to see their changes, then save again.', 'version_conflict');
    throw error;
  }
});
