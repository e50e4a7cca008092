import * as operations from '../../operations/sso';
import { ssoConfiguration } from '../../app/sso/configure';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.getSsoConfiguration, ({ params }) => ssoConfiguration(params.companyId));
