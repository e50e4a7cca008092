import * as operations from '../../operations/messages';
import { messageTriggers } from '../../contracts/message-options';
import { defineHandler } from '../../shared/http';

export const handler = defineHandler(operations.getMessageTriggers, async () => ({ messageTriggers: [...messageTriggers] }));
