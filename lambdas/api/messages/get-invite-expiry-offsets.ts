import { getInviteExpiryOffsets } from '../../contracts/position';
import { inviteExpiryOffsets } from '../../domain/messages';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getInviteExpiryOffsets, getInviteExpiryOffsets, async () => ({
  inviteExpiryOffsets: [...inviteExpiryOffsets],
}));
