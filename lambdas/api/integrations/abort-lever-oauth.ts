import { abortLeverOAuth as contract } from '../../contracts/integrations';
import { abortLeverConsent } from '../../app/integrations/lever';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.abortLeverOAuth, contract, ({ body, session, log }) =>
  abortLeverConsent({ state: body.state, userId: session.userId, error: body.error, errorDescription: body.errorDescription }, log),
);
