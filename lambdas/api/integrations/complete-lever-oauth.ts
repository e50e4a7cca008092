import { completeLeverOAuth as contract } from '../../contracts/integrations';
import { completeLeverConsent } from '../../app/integrations/lever';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.completeLeverOAuth, contract, ({ body, session, log }) =>
  completeLeverConsent({ state: body.state, code: body.code, userId: session.userId }, log),
);
