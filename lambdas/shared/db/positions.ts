import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { decodeCursor, encodeCursor } from './cursor';

/**
 * Positions of a company are listed from GSI1 (`COMPANY#{id}#POSITIONS`, sorted by
 * `{status}#{createdAt}`), so a tab page is one Query; the counts by candidate status live on the
 * position item itself.
 */
export const POSITION_PAGE_SIZE = 50;

export const positionListKey = (companyId: string) => `COMPANY#${companyId}#POSITIONS`;

export const listPositions = async (companyId: string, status: 'open' | 'closed', cursor?: string) => {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :status)',
      ExpressionAttributeValues: { ':pk': positionListKey(companyId), ':status': `${status}#` },
      ScanIndexForward: false,
      Limit: POSITION_PAGE_SIZE,
      ExclusiveStartKey: decodeCursor(cursor),
    }),
  );
  const positions = (page.Items ?? []).map((item) => ({
    positionId: String(item.positionId),
    jobTitle: String(item.jobTitle),
    currentStatus: item.currentStatus === 'closed' ? ('closed' as const) : ('open' as const),
    candidates: {
      invited: Number(item.candidates?.invited ?? 0),
      responded: Number(item.candidates?.responded ?? 0),
      shortlisted: Number(item.candidates?.shortlisted ?? 0),
      rejected: Number(item.candidates?.rejected ?? 0),
    },
    createdAt: String(item.createdAt),
  }));
  return { positions, cursor: encodeCursor(page.LastEvaluatedKey) };
};
