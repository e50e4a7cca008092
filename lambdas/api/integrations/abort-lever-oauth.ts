import * as operations from '../../operations/integrations';
import { abortLeverConsent } from '../../app/integrations/lever';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.abortLeverOAuth, ({ body, session, log }) =>
  abortLeverConsent({ state: body.state, userId: session.userId, error: body.error, errorDescription: body.errorDescription }, log),
);
