import { getInviteExpiryOffsets } from '../../contracts/position';
import { inviteExpiryOffsets } from '../../contracts/message-options';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getInviteExpiryOffsets, getInviteExpiryOffsets, async () => ({
  inviteExpiryOffsets: [...inviteExpiryOffsets],
}));
