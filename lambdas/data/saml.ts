import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { sha256 } from '../platform/crypto';
import { db, tableName } from './client';
import { writeIf } from './conditional-write';
import { epochSeconds, samlKeys } from './keys';

/**
 * SAML sign-ins' records (issue 42): the AuthnRequests of ours awaiting an answer (so a response's
 * InResponseTo must name one, for the same provider, within 10 minutes) and the assertions already
 * accepted (so the same assertion posted twice signs in once). Both expire by TTL; a read checks the
 * TTL itself, since DynamoDB deletes expired items only eventually.
 */
export const SAML_REQUEST_TTL_SECONDS = 10 * 60;

/** The store of one provider's outstanding request ids, in the shape @node-saml/node-saml's cacheProvider takes. */
export interface SamlRequestStore {
  saveAsync(requestId: string, value: string): Promise<{ value: string; createdAt: number } | null>;
  getAsync(requestId: string): Promise<string | null>;
  removeAsync(requestId: string | null): Promise<string | null>;
}

/**
 * `bindingHash`: the hash of the browser's binding cookie (domain/sso.ts ssoBindingCookie), kept with a
 * request when it is made and required to match when the answer names it, so an answer to a request
 * another browser started is unknown here (login CSRF).
 */
export const samlRequestStore = (providerId: string, now: () => Date = () => new Date(), bindingHash: string | null = null): SamlRequestStore => {
  const key = (requestId: string) => samlKeys.request(providerId, sha256(requestId));
  return {
    saveAsync: async (requestId, value) => {
      const at = now();
      await db.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...key(requestId),
            type: 'samlRequest',
            providerId,
            value,
            ...(bindingHash ? { bindingHash } : {}),
            ttl: epochSeconds(at) + SAML_REQUEST_TTL_SECONDS,
          },
        }),
      );
      return { value, createdAt: at.getTime() };
    },
    getAsync: async (requestId) => {
      const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key(requestId), ConsistentRead: true }));
      if (!Item || Number(Item.ttl) <= epochSeconds(now())) return null;
      if ((Item.bindingHash ?? null) !== bindingHash) return null;
      return String(Item.value);
    },
    removeAsync: async (requestId) => {
      if (!requestId) return null;
      const { Attributes } = await db.send(new DeleteCommand({ TableName: tableName(), Key: key(requestId), ReturnValues: 'ALL_OLD' }));
      return Attributes ? String(Attributes.value) : null;
    },
  };
};

/**
 * Records an accepted assertion until it expires (`notOnOrAfterEpoch`, seconds): true the first time,
 * false when it was accepted before (a replay). One conditional put, so two posts of the same
 * assertion at once cannot both pass.
 */
export const rememberAssertion = async (providerId: string, assertionId: string, notOnOrAfterEpoch: number, now = new Date()): Promise<boolean> =>
  writeIf(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...samlKeys.assertion(providerId, sha256(assertionId)),
        type: 'samlAssertion',
        providerId,
        ttl: Math.max(notOnOrAfterEpoch, epochSeconds(now) + 1),
      },
      ConditionExpression: 'attribute_not_exists(PK) OR #ttl <= :now',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':now': epochSeconds(now) },
    }),
  );
