import { setPositionStatus as storePositionStatus } from '../../data/positions';
import type { PositionAction, PositionStatus } from '../../contracts/vocabulary';
import type { Caller } from '../access/caller';
import { requirePositionAccess } from '../access/position';
import type { Logger } from '../../platform/logger';
import { webhookEvent } from '../../adapters/events';
import { positionData } from '../../domain/webhook-payloads';
import { publishEvents, webhookLinks } from '../webhooks/publish-events';

/** Spec §4: open → closed (close), closed → open (re-open). (Deleting is app/deletion/position.ts, a function of its own.) */
export const setPositionStatus = async (positionId: string, caller: Caller, action: PositionAction, log: Logger) => {
  const { position } = await requirePositionAccess(positionId, caller);
  const next: PositionStatus = action === 'close' ? 'closed' : 'open';
  if (position.currentStatus === next) return { positionId: position.positionId, currentStatus: next };
  await storePositionStatus(position, next);
  // `position.closed` (issue 38) when this request closed it; a re-opening is no event of the list.
  if (next === 'closed')
    await publishEvents(
      [webhookEvent('position.closed', position.companyId, positionData({ ...position, currentStatus: next }, await webhookLinks()))],
      log,
    );
  return { positionId: position.positionId, currentStatus: next };
};
