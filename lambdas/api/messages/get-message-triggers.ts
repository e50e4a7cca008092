import { getMessageTriggers } from '../../contracts/position';
import { messageTriggers } from '../../contracts/message-options';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getMessageTriggers, getMessageTriggers, async () => ({ messageTriggers: [...messageTriggers] }));
