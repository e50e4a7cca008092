import type * as z from 'zod/mini';
import { paths } from '../../contracts/app-paths';
import type { positionBodySchema } from '../../contracts/position';
import { appLink } from '../../platform/app-origin';
import { listMembers } from '../../data/members';
import {
  createPosition as storeNewPosition,
  deleteApplyLink as deleteApplyLinkItem,
  ensureApplyLink,
  listPositions as queryPositions,
  removeApplyLink,
  updatePosition as storePosition,
  VersionConflict,
  type Position,
} from '../../data/positions';
import { badRequest, conflict } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Caller } from '../access/caller';
import { requireMembership } from '../access/membership';
import { checkPlannedMessages } from '../messages/templates';
import { accessibleTo, canAccess, requirePositionAccess } from '../access/position';
import { type PositionStatus } from '../../contracts/vocabulary';
import { webhookEvent } from '../../adapters/events';
import { positionData } from '../../domain/webhook-payloads';
import { publishEvents, webhookLinks } from '../webhooks/publish-events';

/** Positions (spec §2, §4): the company's lists, the wizard's new position, the settings' saves and the public apply link. */
export type { Position };

type PositionBody = z.infer<typeof positionBodySchema>;

/**
 * The positions of a tab that the member may open (the rule of GET /positions/{id}), each with what
 * its card shows: the counts, the responses' figures, the apply link (to copy) and the pacing (for
 * the card's invite dialog), all from the position items the page's one Query reads.
 */
export const listPositions = async (companyId: string, userId: string, status: PositionStatus, cursor: string | undefined) => {
  const membership = await requireMembership(companyId, userId);
  const page = await queryPositions(companyId, status, cursor, accessibleTo(membership));
  const positions = await Promise.all(
    page.positions.map(async ({ applyLinkId, ...position }) => ({
      ...position,
      applyLink: applyLinkId ? { linkHref: await appLink(paths.apply.to(applyLinkId)) } : null,
      pacing: position.interview.pacing,
    })),
  );
  return { positions, cursor: page.cursor };
};

/** A new open position from the wizard (job title and interview). */
export const createPosition = async (companyId: string, userId: string, input: Pick<PositionBody, 'jobTitle' | 'interview'>, log: Logger) => {
  await requireMembership(companyId, userId);
  const positionId = await storeNewPosition(companyId, input);
  log.info('position created', { positionId });
  const created = { positionId, companyId, jobTitle: input.jobTitle, currentStatus: 'open' as const };
  await publishEvents([webhookEvent('position.created', companyId, positionData(created, await webhookLinks()))], log);
  return { positionId };
};

/**
 * Saves the full position body. Named members must belong to the company; notified members must
 * have access; planned messages must name a template. A stale `version` is a 409. The company's
 * members and the planned messages' templates are read alongside the access check.
 */
export const updatePosition = async (positionId: string, caller: Caller, body: PositionBody & { version: number }): Promise<Position> => {
  const {
    position,
    read: [{ members }, templatesRefused],
  } = await requirePositionAccess(positionId, caller, (p) =>
    Promise.all([
      listMembers(p.companyId),
      // Its refusal is answered after the members' (the order the checks had when they ran one by one).
      checkPlannedMessages(p.companyId, body.plannedMessages).then(
        () => null,
        (error: unknown) => ({ error }),
      ),
    ]),
  );
  const memberIds = new Set(members.map((m) => m.userId));
  for (const id of [...(body.sharing?.userIds ?? []), ...(body.notifying?.userIds ?? [])]) {
    if (!memberIds.has(id)) throw badRequest('Only members of the company can be given access or notifications.', 'unknown_member');
  }
  if (body.notifying) {
    const withAccess = new Set(
      members.filter((m) => canAccess({ sharing: body.sharing }, { userId: m.userId, role: m.userRole })).map((m) => m.userId),
    );
    if (body.notifying.userIds.some((id) => !withAccess.has(id)))
      throw badRequest('Only members with access can be notified.', 'notify_without_access');
  }
  if (templatesRefused) throw templatesRefused.error;
  // The public link switch: `applyLink: null` turns the link off (it stops working at once); any
  // other value keeps whatever link the position has (POST .../apply-links turns it on).
  const clearApplyLink = body.applyLink === null;
  try {
    const { version, applyLink: _link, ...rest } = body;
    const saved = await storePosition(position.positionId, rest, version, { clearApplyLink });
    if (clearApplyLink && position.applyLinkId) await deleteApplyLinkItem(position.applyLinkId);
    return saved;
  } catch (error) {
    if (error instanceof VersionConflict)
      throw conflict('This position was changed by someone else meanwhile. Reload it to see their changes, then save again.', 'version_conflict');
    throw error;
  }
};

/** Turns the position's public apply link off at once (spec §4: off clears it); nothing to do when it is off. */
export const deleteApplyLink = async (positionId: string, caller: Caller): Promise<void> => {
  const { position } = await requirePositionAccess(positionId, caller);
  await removeApplyLink(position);
};

/** Turns the position's public apply link on (or returns the one it has). */
export const createApplyLink = async (positionId: string, caller: Caller) => {
  const { position } = await requirePositionAccess(positionId, caller);
  const linkId = await ensureApplyLink(position);
  return { linkHref: await appLink(paths.apply.to(linkId)) };
};
