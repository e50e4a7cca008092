import * as operations from '../../operations/members';
import { describeMemberInvite } from '../../app/members/member-invites';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.getMemberInvite, async ({ params }) => describeMemberInvite(params.nonce));
