import * as operations from '../../operations/api-keys';
import { createApiKey } from '../../app/api-keys/keys';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.createApiKey, ({ params, membership, body }) =>
  createApiKey(params.companyId, membership, body),
);
