import { getPublicAnswerTranscripts as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { publicTranscripts } from '../../app/sharing/public';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getPublicAnswerTranscripts, contract, async ({ params }) => publicTranscripts(params.publicCandidateId));
