import * as operations from '../../operations/positions';
import { createPosition } from '../../app/positions/positions';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.createPosition, async ({ params, body, session, log }) =>
  createPosition(params.companyId, session.userId, body, log),
);
