import * as operations from '../../operations/positions';
import { contentLibrary } from '../../app/positions/content-library';
import { defineHandler } from '../../platform/http';

/** Reusable intros, questions and outros from the positions the user can access. */
export const handler = defineHandler(operations.getContentLibrary, async ({ params, session }) => contentLibrary(params.companyId, session.userId));
