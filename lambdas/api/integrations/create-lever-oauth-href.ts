import * as operations from '../../operations/integrations';
import { startLeverConsent } from '../../app/integrations/lever';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.createLeverOAuthHref, ({ body, session }) => startLeverConsent(body.companyId, session.userId));
