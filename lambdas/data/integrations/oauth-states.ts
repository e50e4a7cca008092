import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { IntegrationType } from '../../contracts/integrations';
import { db, tableName } from '../client';
import { epochSeconds, keys } from '../keys';

/** OAuth consents in flight: single use, bound to the company and the user who started them. */
export interface OAuthState {
  companyId: string;
  userId: string;
  integrationType: IntegrationType;
  expiresAt: number;
}

export const putOAuthState = (stateHash: string, state: OAuthState) =>
  db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.oauthState(stateHash), type: 'oauthState', ...state, ttl: state.expiresAt },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );

/** Uses up a state (deleted whatever else happens); null when unknown, used, expired or another user's. */
export const consumeOAuthState = async (stateHash: string, userId: string, now = new Date()): Promise<OAuthState | null> => {
  const { Attributes } = await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.oauthState(stateHash), ReturnValues: 'ALL_OLD' }));
  if (!Attributes || Attributes.userId !== userId || Number(Attributes.expiresAt) <= epochSeconds(now)) return null;
  return {
    companyId: Attributes.companyId,
    userId: Attributes.userId,
    integrationType: Attributes.integrationType,
    expiresAt: Number(Attributes.expiresAt),
  };
};
