import { listMessageTemplates } from '../../contracts/position';
import { standardTemplates } from '../../domain/messages';
import { routes } from '../../routes';
import { requireMembership } from '../../app/access/membership';
import { allPositions } from '../../shared/db/positions';
import { apiHandler } from '../../shared/http';
import { accessibleTo } from '../../app/access/position';

/**
 * The standard templates, each marked in use when a position the member can open plans a message
 * with it (positions hidden from them tell them nothing, not even this).
 */
export const handler = apiHandler(routes.listMessageTemplates, listMessageTemplates, async ({ params, session }) => {
  const membership = await requireMembership(params.companyId, session.userId);
  const positions = (await allPositions(params.companyId)).filter(accessibleTo(membership));
  const used = new Set(positions.flatMap((p) => p.plannedMessages.map((m) => m.templateId)));
  return { messageTemplates: standardTemplates.map((t) => ({ ...t, inUse: used.has(t.templateId) })) };
});
