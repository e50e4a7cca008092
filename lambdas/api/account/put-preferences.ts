import * as operations from '../../operations/account';
import { savePreferences } from '../../app/accounts/account';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.putPreferences, async ({ session, body }) => savePreferences(session.userId, body));
