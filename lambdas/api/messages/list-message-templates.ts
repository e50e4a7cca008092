import { listMessageTemplates } from '../../contracts/position';
import { standardTemplates } from '../../domain/messages';
import { routes } from '../../routes';
import { requireMembership } from '../../shared/access';
import { allPositions } from '../../shared/db/positions';
import { apiHandler } from '../../shared/http';

/** The standard templates, each marked in use when a position of the company plans a message with it. */
export const handler = apiHandler(routes.listMessageTemplates, listMessageTemplates, async ({ params, session }) => {
  await requireMembership(params.companyId, session!.userId);
  const used = new Set((await allPositions(params.companyId)).flatMap((p) => p.plannedMessages.map((m) => m.templateId)));
  return { messageTemplates: standardTemplates.map((t) => ({ ...t, inUse: used.has(t.templateId) })) };
});
