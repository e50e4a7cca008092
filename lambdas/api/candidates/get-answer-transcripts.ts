import { getAnswerTranscripts as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { answerTranscripts } from '../../app/review/answers';
import { apiHandlerAlongsideAuth } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.getAnswerTranscripts, contract, async ({ params, session }) =>
  answerTranscripts(params.candidateId, session),
);
