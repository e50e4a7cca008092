import * as operations from '../../operations/integrations';
import { completeLeverConsent } from '../../app/integrations/lever';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.completeLeverOAuth, ({ body, session, log }) =>
  completeLeverConsent({ state: body.state, code: body.code, userId: session.userId }, log),
);
