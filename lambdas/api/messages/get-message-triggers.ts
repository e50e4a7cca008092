import * as operations from '../../operations/messages';
import { messageTriggers } from '../../contracts/message-options';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.getMessageTriggers, async () => ({ messageTriggers: [...messageTriggers] }));
