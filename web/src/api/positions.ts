import type { getPosition as getPositionContract, listPositions } from '../../../lambdas/operations/positions';
import type { listMessageTemplates } from '../../../lambdas/operations/messages';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type * as z from 'zod/mini';
import { apiPath, callApi, type ApiBody } from './client';
import { useApi, usePagedApi } from './use-api';
import { type PositionAction, type PositionStatus } from '../../../lambdas/contracts/vocabulary';

export type PositionsPage = z.infer<typeof listPositions.response>;
export type PositionSummary = PositionsPage['positions'][number];
export type Position = z.infer<typeof getPositionContract.response>;
export type Interview = Position['interview'];
export type CreatePositionBody = ApiBody<'createPosition'>;

/**
 * Fetched again each time a screen using it mounts, even right after the last fetch (no deduping
 * window): its candidate counts change on other screens (a candidate moved on the detail page), so
 * coming back must not keep showing the cached counts.
 */
const FRESH_ON_MOUNT = { dedupingInterval: 0 } as const;

const positionsPath = (companyId: string, status: PositionStatus, cursor?: string) =>
  apiPath('listPositions', { companyId }, cursor ? { status, cursor } : { status });

/** One tab of the positions list, a page (50) at a time: "Load more" asks for the page after the cursor. */
export const usePositionPages = (companyId: string, status: PositionStatus) =>
  usePagedApi(
    (previous: PositionsPage | null) => (previous && !previous.cursor ? null : positionsPath(companyId, status, previous?.cursor ?? undefined)),
    FRESH_ON_MOUNT, // the cards' counts too
  );
/** Whether a tab has any position (its first page only). */
export const usePositionsExist = (companyId: string, status: PositionStatus, ask: boolean) => useApi(ask ? positionsPath(companyId, status) : null);

const positionPath = (positionId: string) => apiPath('getPosition', { positionId });
export const usePosition = (positionId: string | undefined) => useApi(positionId ? positionPath(positionId) : null, FRESH_ON_MOUNT);

/**
 * After a change of its counts made elsewhere (a candidate moved on the detail page): fetches the
 * position again where it is on screen, even if the page went back to it before the change was
 * saved; otherwise its next mount fetches it.
 */
export const useRefreshPosition = () => {
  const { mutate } = useSWRConfig();
  return useCallback((positionId: string) => void mutate(positionPath(positionId)), [mutate]);
};

export const createPosition = (companyId: string, body: CreatePositionBody) => callApi('createPosition', { params: { companyId }, body });

export const savePosition = (position: Position) => {
  const {
    positionId,
    companyId: _company,
    currentStatus: _status,
    candidates: _counts,
    createdAt: _created,
    newToReview: _new,
    lastResponseAt: _last,
    ...body
  } = position;
  return callApi('updatePosition', { params: { positionId }, body });
};

/** The settings view's third action beside close and re-open. */
export const DELETE = 'delete' as const;
export const setPositionStatus = (positionId: string, status: PositionAction | typeof DELETE) =>
  status === DELETE ? callApi('deletePosition', { params: { positionId } }) : callApi('setPositionStatus', { params: { positionId, status } });

export interface LabelledValue {
  label: string;
  value: string;
}
export const useInviteExpiryOffsets = () => useApi(apiPath('getInviteExpiryOffsets'));
export type MessageTemplate = z.infer<typeof listMessageTemplates.response>['messageTemplates'][number];
export type PlannedMessage = Position['plannedMessages'][number];
export const useMessageTriggers = () => useApi(apiPath('getMessageTriggers'));
export const createApplyLink = (positionId: string) => callApi('createApplyLink', { params: { positionId } });
/** The public link switch, off: the link stops admitting applicants at once. */
export const deleteApplyLink = (positionId: string) => callApi('deleteApplyLink', { params: { positionId } });
