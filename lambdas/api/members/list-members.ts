import * as operations from '../../operations/members';
import { listCompanyMembers } from '../../app/members/members';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.listMembers, async ({ params, session }) => listCompanyMembers(params.companyId, session.userId));
