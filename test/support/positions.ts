import { expect } from 'vitest';
import { call } from './api';

/**
 * GETs the position and PUTs it back with `changes` (what the settings view's Save does): the
 * response of the PUT, for the caller to check.
 */
export const savePosition = async (sessionId: string, positionId: string, changes: Record<string, unknown> = {}) => {
  const read = await call('getPosition', { params: { positionId }, session: sessionId });
  expect(read.status).toBe(200);
  const { position_id: _p, company_id: _c, current_status: _s, candidates: _n, created_at: _t, ...body } = read.body;
  return call('updatePosition', { params: { positionId }, session: sessionId, body: { ...body, ...changes } });
};
