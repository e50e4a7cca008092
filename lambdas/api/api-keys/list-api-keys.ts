import * as operations from '../../operations/api-keys';
import { apiKeysOf } from '../../app/api-keys/keys';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.listApiKeys, ({ params, membership }) => apiKeysOf(params.companyId, membership));
