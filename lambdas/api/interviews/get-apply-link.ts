import { getApplyLink as contract } from '../../contracts/interview';
import { routes } from '../../routes';
import { applyLinkPage } from '../../app/recording/apply';
import { apiHandler } from '../../shared/http';

/** The public apply page: the company's branding, the position's title, and whether it takes applications. */
export const handler = apiHandler(routes.getApplyLink, contract, async ({ params }) => applyLinkPage(params.linkId));
