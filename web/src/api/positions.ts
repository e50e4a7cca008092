import type * as z from 'zod';
import type { listPositions } from '../../../lambdas/contracts/position';
import { useApi } from './use-api';

export type PositionsPage = z.infer<typeof listPositions.response>;
export type PositionSummary = PositionsPage['positions'][number];

export const usePositions = (companyId: string, status: 'open' | 'closed') =>
  useApi<PositionsPage>(`/companies/${companyId}/positions?status=${status}`);
