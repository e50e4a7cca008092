import type * as z from 'zod';
import type {
  createPosition as createPositionContract,
  getPosition as getPositionContract,
  listMessageTemplates,
  listPositions,
  setPositionStatus as setPositionStatusContract,
} from '../../../lambdas/contracts/position';
import { api } from './client';
import { useApi } from './use-api';

export type PositionsPage = z.infer<typeof listPositions.response>;
export type PositionSummary = PositionsPage['positions'][number];
export type Position = z.infer<typeof getPositionContract.response>;
export type Interview = Position['interview'];
export type CreatePositionBody = z.input<typeof createPositionContract.body>;

export const usePositions = (companyId: string, status: 'open' | 'closed') =>
  useApi<PositionsPage>(`/companies/${companyId}/positions?status=${status}`);
export const usePosition = (positionId: string | undefined) => useApi<Position>(positionId ? `/positions/${positionId}` : null);

export const createPosition = (companyId: string, body: CreatePositionBody) =>
  api.post<z.infer<typeof createPositionContract.response>>(`/companies/${companyId}/positions`, body);

export const savePosition = (position: Position) => {
  const { positionId, companyId: _company, currentStatus: _status, candidates: _counts, createdAt: _created, ...body } = position;
  return api.put<Position>(`/positions/${positionId}`, body);
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
