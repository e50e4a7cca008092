import { getContentLibrary } from '../../contracts/position';
import { routes } from '../../routes';
import { contentLibrary } from '../../app/positions/content-library';
import { apiHandler } from '../../shared/http';

/** Reusable intros, questions and outros from the positions the user can access. */
export const handler = apiHandler(routes.getContentLibrary, getContentLibrary, async ({ params, session }) =>
  contentLibrary(params.companyId, session.userId),
);
