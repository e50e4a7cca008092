import { applyThroughLink as contract } from '../../contracts/interview';
import { routes } from '../../routes';
import { applyThroughLink } from '../../app/recording/apply';
import { apiHandler } from '../../shared/http';

/** Applying through a public link: the candidate is created like an invite and gets the interview straight back. */
export const handler = apiHandler(routes.applyThroughLink, contract, async ({ params, body, log }) => applyThroughLink(params.linkId, body, log));
