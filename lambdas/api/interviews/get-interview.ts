import { getInterview as contract } from '../../contracts/interview';
import { routes } from '../../routes';
import { candidateInterview } from '../../app/recording/interview';
import { apiHandler } from '../../shared/http';

/** The candidate's interview as it was when they were invited, with their progress. */
export const handler = apiHandler(routes.getInterview, contract, async ({ params }) => candidateInterview(params.token));
