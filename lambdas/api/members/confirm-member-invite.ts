import * as operations from '../../operations/members';
import { joinCompany } from '../../app/members/member-invites';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.confirmMemberInvite, async ({ body, log }) => joinCompany(body.nonce, log));
