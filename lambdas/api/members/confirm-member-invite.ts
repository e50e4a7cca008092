import { confirmMemberInvite } from '../../contracts/member';
import { routes } from '../../routes';
import { joinCompany } from '../../app/members/member-invites';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.confirmMemberInvite, confirmMemberInvite, async ({ body, log }) => joinCompany(body.nonce, log));
