import { standardTemplates } from '../../domain/messages';
import { allPositions } from '../../shared/db/positions';
import { alongside } from '../access/alongside';
import { requireMembership } from '../access/membership';
import { accessibleTo } from '../access/position';

/**
 * The standard templates, each marked in use when a position the member can open plans a message
 * with it (positions hidden from them tell them nothing, not even this). The company's positions
 * are read alongside the membership check.
 */
export const messageTemplatesFor = async (companyId: string, userId: string) => {
  const [membership, positions] = await alongside(requireMembership(companyId, userId), allPositions(companyId));
  const used = new Set(positions.filter(accessibleTo(membership)).flatMap((p) => p.plannedMessages.map((m) => m.templateId)));
  return { messageTemplates: standardTemplates.map((t) => ({ ...t, inUse: used.has(t.templateId) })) };
};
