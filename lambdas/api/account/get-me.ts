import * as operations from '../../operations/account';
import { currentUser } from '../../app/accounts/account';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.getMe, async ({ session }) => currentUser(session.userId));
