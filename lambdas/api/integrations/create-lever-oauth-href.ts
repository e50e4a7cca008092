import { createLeverOAuthHref as contract } from '../../contracts/integrations';
import { startLeverConsent } from '../../app/integrations/lever';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.createLeverOAuthHref, contract, ({ body, session }) => startLeverConsent(body.companyId, session.userId));
