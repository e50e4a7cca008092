import * as operations from '../../operations/sso';
import { addDomain } from '../../app/sso/configure';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.createSsoDomain, ({ params, body }) => addDomain(params.companyId, body.domain));
