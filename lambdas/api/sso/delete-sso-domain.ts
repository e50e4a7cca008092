import * as operations from '../../operations/sso';
import { removeDomain } from '../../app/sso/configure';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.deleteSsoDomain, ({ params }) => removeDomain(params.companyId, params.domain));
