import * as operations from '../../operations/sso';
import { redeemTicket } from '../../app/sso/sign-in';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.createSsoSession, ({ body }) => redeemTicket(body.ticket));
