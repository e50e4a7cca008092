import * as operations from '../../operations/companies';
import { companyForMember } from '../../app/companies/company';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.getCompany, async ({ params, session }) => companyForMember(params.companyId, session.userId));
