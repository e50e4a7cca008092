import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomToken } from '../../platform/crypto';
import { db, tableName } from '../client';
import { keys } from '../keys';
import { transact } from '../transaction';
import { getCandidate, type Candidate } from './candidate';

/**
 * Sharing on: one public id per candidate while it stays on (a second call returns the same). The
 * public id's item names the candidate, their position and company, so revoking it can check the
 * caller's access without reading the candidate first (items put before it name the candidate only).
 */
export const sharePublicly = async (candidate: Candidate): Promise<string> => {
  if (candidate.publicCandidateId) return candidate.publicCandidateId;
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
    return publicCandidateId;
  } catch (error) {
    const current = await getCandidate(candidate.candidateId);
    if (current?.publicCandidateId) return current.publicCandidateId;
    throw error;
  }
};

/** What a public id names: its candidate and, when the item records them, their position and company. */
export interface PublicLink {
  candidateId: string;
  positionId: string | null;
  companyId: string | null;
}

export const publicLinkOf = async (publicCandidateId: string): Promise<PublicLink | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.publicCandidate(publicCandidateId), ConsistentRead: true }));
  if (typeof Item?.candidateId !== 'string') return null;
  return {
    candidateId: Item.candidateId,
    positionId: typeof Item.positionId === 'string' ? Item.positionId : null,
    companyId: typeof Item.companyId === 'string' ? Item.companyId : null,
  };
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
