import { getMemberInvite } from '../../contracts/member';
import { routes } from '../../routes';
import { describeMemberInvite } from '../../app/members/member-invites';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getMemberInvite, getMemberInvite, async ({ params }) => describeMemberInvite(params.nonce));
