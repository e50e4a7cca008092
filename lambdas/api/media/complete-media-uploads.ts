import { completeMediaUploads } from '../../contracts/media';
import { routes } from '../../routes';
import { completeUploads } from '../../app/media/uploads';
import { apiHandlerAlongsideAuth } from '../../shared/http';

/** Completion: checks the object arrived whole, then starts its processing (once, however often it is called). */
export const handler = apiHandlerAlongsideAuth(routes.completeMediaUploads, completeMediaUploads, async ({ body, session }) =>
  completeUploads(body.mediaIds, session),
);
