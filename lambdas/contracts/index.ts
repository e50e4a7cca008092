/**
 * Every route's contract keyed by its operation id in the route table. A test checks that the
 * two key sets match, so a route cannot exist without a contract.
 */
import type { OperationId } from '../routes';
import type { Contract } from './contract';
import * as system from './system';

export const contracts = {
  getHealth: system.getHealth,
  getOpenApi: system.getOpenApi,
} satisfies Record<OperationId, Contract>;
