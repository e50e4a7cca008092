import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import type {
  createPosition as createPositionContract,
  getPosition as getPositionContract,
  listMessageTemplates,
  listPositions,
  setPositionStatus as setPositionStatusContract,
} from '../../../lambdas/contracts/position';
import { api } from './client';
import { useApi, usePagedApi } from './use-api';

export type PositionsPage = z.infer<typeof listPositions.response>;
export type PositionSummary = PositionsPage['positions'][number];
export type Position = z.infer<typeof getPositionContract.response>;
export type Interview = Position['interview'];
export type CreatePositionBody = z.input<typeof createPositionContract.body>;

/**
 * Fetched again each time a screen using it mounts, even right after the last fetch (no deduping
 * window): its candidate counts change on other screens (a candidate moved on the detail page), so
 * coming back must not keep showing the cached counts.
 */
const FRESH_ON_MOUNT = { dedupingInterval: 0 } as const;

const positionsPath = (companyId: string, status: 'open' | 'closed', cursor?: string) =>
  `/companies/${companyId}/positions?${new URLSearchParams(cursor ? { status, cursor } : { status }).toString()}`;

/** One tab of the positions list, a page (50) at a time: "Load more" asks for the page after the cursor. */
export const usePositionPages = (companyId: string, status: 'open' | 'closed') =>
  usePagedApi<PositionsPage>(
    (previous) => (previous && !previous.cursor ? null : positionsPath(companyId, status, previous?.cursor ?? undefined)),
    FRESH_ON_MOUNT, // the cards' counts too
  );
/** Whether a tab has any position (its first page only). */
export const usePositionsExist = (companyId: string, status: 'open' | 'closed', ask: boolean) =>
  useApi<PositionsPage>(ask ? positionsPath(companyId, status) : null);

const positionPath = (positionId: string) => `/positions/${positionId}`;
export const usePosition = (positionId: string | undefined) => useApi<Position>(positionId ? positionPath(positionId) : null, FRESH_ON_MOUNT);

/**
 * After a change of its counts made elsewhere (a candidate moved on the detail page): fetches the
 * position again where it is on screen, even if the page went back to it before the change was
 * saved; otherwise its next mount fetches it.
 */
export const useRefreshPosition = () => {
  const { mutate } = useSWRConfig();
  return useCallback((positionId: string) => void mutate(positionPath(positionId)), [mutate]);
};

export const createPosition = (companyId: string, body: CreatePositionBody) =>
  api.post<z.infer<typeof createPositionContract.response>>(`/companies/${companyId}/positions`, body);

export const savePosition = (position: Position) => {
  const { positionId, companyId: _company, currentStatus: _status, candidates: _counts, createdAt: _created, ...body } = position;
  return api.put<Position>(positionPath(positionId), body);
};

export const setPositionStatus = (positionId: string, status: 'close' | 'open' | 'delete') =>
  api.put<z.infer<typeof setPositionStatusContract.response>>(`/positions/${positionId}/${status}`);

export interface LabelledValue {
  label: string;
  value: string;
}
export const useInviteExpiryOffsets = () => useApi<{ inviteExpiryOffsets: LabelledValue[] }>('/available-invite-expiry-offsets');
export type MessageTemplate = z.infer<typeof listMessageTemplates.response>['messageTemplates'][number];
export type PlannedMessage = Position['plannedMessages'][number];
export const useMessageTemplates = (companyId: string) =>
  useApi<{ messageTemplates: MessageTemplate[] }>(`/companies/${companyId}/message-templates`);
export const useMessageTriggers = () => useApi<{ messageTriggers: LabelledValue[] }>('/available-message-triggers');
export const createApplyLink = (positionId: string) => api.post<{ linkHref: string }>(`/positions/${positionId}/apply-links`);
