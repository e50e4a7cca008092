import { getPublicCandidate as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { publicCandidate } from '../../app/sharing/public';
import { apiHandler } from '../../shared/http';

/** A shared candidate for anyone with the link: name, position, questions and answers, nothing else. */
export const handler = apiHandler(routes.getPublicCandidate, contract, async ({ params }) => publicCandidate(params.publicCandidateId));
