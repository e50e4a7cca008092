import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomToken } from '../../platform/crypto';
import { db, tableName } from '../client';
import { keys } from '../keys';
import { transact } from '../transaction';
import { getCandidate, type Candidate } from './candidate';

/**
 * Sharing on: one public id per candidate while it stays on (a second call returns the same). The
 * public id's item names the candidate, their position and company, so revoking it can check the
 * caller's access without reading the candidate first (items put before it name the candidate only).
 * A new link records when it expires (`expiresAt`, issue 28; absent: never) and the days chosen for
 * it (`expiresInDays`, issue 43: what the share dialog shows as chosen); `created` says whether this
 * call made the link (false: it was on already, its expiry as it was).
 */
export const sharePublicly = async (
  candidate: Candidate,
  expiry: ShareExpiry = NO_EXPIRY,
  now = new Date(),
): Promise<{ publicCandidateId: string; created: boolean }> => {
  if (candidate.publicCandidateId) return { publicCandidateId: candidate.publicCandidateId, created: false };
  const publicCandidateId = randomToken(16);
  try {
    await transact([
      {
        name: 'publicId',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.publicCandidate(publicCandidateId),
              type: 'publicCandidate',
              candidateId: candidate.candidateId,
              positionId: candidate.positionId,
              companyId: candidate.companyId,
              sharedAt: now.toISOString(),
              ...(expiry.expiresAt ? { expiresAt: expiry.expiresAt, expiresInDays: expiry.expiresInDays } : {}),
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
      {
        name: 'candidate',
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.candidate(candidate.candidateId),
            UpdateExpression: 'SET publicCandidateId = :id',
            ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(publicCandidateId) OR publicCandidateId = :null)',
            ExpressionAttributeValues: { ':id': publicCandidateId, ':null': null },
          },
        },
      },
    ]);
    return { publicCandidateId, created: true };
  } catch (error) {
    const current = await getCandidate(candidate.candidateId);
    if (current?.publicCandidateId) return { publicCandidateId: current.publicCandidateId, created: false };
    throw error;
  }
};

/** When a link stops working (null: never) and the days it was set to last for (null: never, or not recorded). */
export interface ShareExpiry {
  expiresAt: string | null;
  expiresInDays: number | null;
}

const NO_EXPIRY: ShareExpiry = { expiresAt: null, expiresInDays: null };

/** What a public id names: its candidate and, when the item records them, their position and company. */
export interface PublicLink extends ShareExpiry {
  candidateId: string;
  positionId: string | null;
  companyId: string | null;
  /** When its public page was last opened, null while it never was. */
  lastOpenedAt: string | null;
}

const linkOf = (item: Record<string, any> | undefined): PublicLink | null =>
  typeof item?.candidateId === 'string'
    ? {
        candidateId: item.candidateId,
        positionId: typeof item.positionId === 'string' ? item.positionId : null,
        companyId: typeof item.companyId === 'string' ? item.companyId : null,
        expiresAt: typeof item.expiresAt === 'string' ? item.expiresAt : null,
        // Links whose expiry was set before issue 43 recorded the days have none.
        expiresInDays: typeof item.expiresAt === 'string' && typeof item.expiresInDays === 'number' ? item.expiresInDays : null,
        lastOpenedAt: typeof item.lastOpenedAt === 'string' ? item.lastOpenedAt : null,
      }
    : null;

export const publicLinkOf = async (publicCandidateId: string): Promise<PublicLink | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.publicCandidate(publicCandidateId), ConsistentRead: true }));
  return linkOf(Item);
};

/** Updates a link's item as long as it exists (a revoked link is never brought back): the link after it, or null. */
const updateLink = async (
  publicCandidateId: string,
  update: string,
  values: Record<string, unknown>,
  remove?: string,
): Promise<PublicLink | null> => {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.publicCandidate(publicCandidateId),
        UpdateExpression: [update, remove].filter(Boolean).join(' '),
        ConditionExpression: 'attribute_exists(PK)',
        ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return linkOf(Attributes);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
};

/** Sets when a link that is on expires, and the days chosen (never: both removed); null when the link is gone. */
export const setShareExpiry = (publicCandidateId: string, { expiresAt, expiresInDays }: ShareExpiry): Promise<PublicLink | null> =>
  expiresAt
    ? updateLink(publicCandidateId, 'SET expiresAt = :expiresAt, expiresInDays = :days', { ':expiresAt': expiresAt, ':days': expiresInDays })
    : updateLink(publicCandidateId, '', {}, 'REMOVE expiresAt, expiresInDays');

/** Records an opening of the link's public page (one UpdateItem); nothing when the link is gone. */
export const markShareOpened = async (publicCandidateId: string, at: Date): Promise<void> => {
  await updateLink(publicCandidateId, 'SET lastOpenedAt = :at', { ':at': at.toISOString() });
};

export const candidateIdOfPublicId = async (publicCandidateId: string): Promise<string | null> =>
  (await publicLinkOf(publicCandidateId))?.candidateId ?? null;

/** Sharing off: the public id stops resolving at once. */
export const stopSharing = async (candidateId: string, publicCandidateId: string) =>
  transact([
    { name: 'publicId', item: { Delete: { TableName: tableName(), Key: keys.publicCandidate(publicCandidateId) } } },
    {
      name: 'candidate',
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.candidate(candidateId),
          UpdateExpression: 'REMOVE publicCandidateId',
          ConditionExpression: 'publicCandidateId = :id',
          ExpressionAttributeValues: { ':id': publicCandidateId },
        },
      },
    },
  ]);
