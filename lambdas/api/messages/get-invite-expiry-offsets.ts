import * as operations from '../../operations/messages';
import { inviteExpiryOffsets } from '../../contracts/message-options';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.getInviteExpiryOffsets, async () => ({
  inviteExpiryOffsets: [...inviteExpiryOffsets],
}));
