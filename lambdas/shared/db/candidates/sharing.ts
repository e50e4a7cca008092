import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomToken } from '../../crypto';
import { db, tableName } from '../client';
import { keys } from '../keys';
import { transact } from '../transaction';
import { getCandidate, type Candidate } from './candidate';

/** Sharing on: one public id per candidate while it stays on (a second call returns the same). */
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
            Item: { ...keys.publicCandidate(publicCandidateId), type: 'publicCandidate', candidateId: candidate.candidateId },
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

export const candidateIdOfPublicId = async (publicCandidateId: string): Promise<string | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.publicCandidate(publicCandidateId), ConsistentRead: true }));
  return typeof Item?.candidateId === 'string' ? Item.candidateId : null;
};

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
