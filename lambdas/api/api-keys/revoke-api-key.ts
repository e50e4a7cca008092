import * as operations from '../../operations/api-keys';
import { revokeApiKey } from '../../app/api-keys/keys';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.revokeApiKey, ({ params, membership }) =>
  revokeApiKey(params.companyId, membership, params.keyId),
);
