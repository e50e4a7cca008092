import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { COMMENT_PAGE_SIZE } from '../../contracts/comment';
import { newId } from '../../platform/crypto';
import { db, tableName } from '../client';
import { decodeCursor, encodeCursor } from '../cursor';
import { keys, sortKeyPrefixes } from '../keys';

/**
 * Comments on a candidate (issue 27): one item each in the candidate's partition (so deleting the
 * candidate deletes them), sorted by time, with GSI1 finding one by its id. They carry the
 * candidate's position and company, so an edit checks access in one round (requireCandidateAccessAt).
 */
export interface CommentMember {
  userId: string;
  email: string;
}

export interface StoredComment {
  commentId: string;
  candidateId: string;
  positionId: string;
  companyId: string;
  author: CommentMember;
  content: string;
  pin: { answerId: string; questionIndex: number; atSeconds: number } | null;
  mentions: CommentMember[];
  createdAt: string;
  editedAt: string | null;
}

/** The comment is gone, or (on a conditional write) not the caller's. */
export class CommentRefused extends Error {}

const members = (value: unknown): CommentMember[] =>
  Array.isArray(value) ? value.map((m: Record<string, unknown>) => ({ userId: String(m.userId), email: String(m.email) })) : [];

const fromItem = (item: Record<string, any>): StoredComment => ({
  commentId: item.commentId,
  candidateId: item.candidateId,
  positionId: item.positionId,
  companyId: item.companyId,
  author: { userId: item.authorUserId, email: item.authorEmail },
  content: item.content,
  pin:
    typeof item.answerId === 'string'
      ? { answerId: item.answerId, questionIndex: Number(item.questionIndex), atSeconds: Number(item.atSeconds) }
      : null,
  mentions: members(item.mentions),
  createdAt: item.createdAt,
  editedAt: item.editedAt ?? null,
});

export const createComment = async (comment: Omit<StoredComment, 'commentId' | 'createdAt' | 'editedAt'>, now = new Date()) => {
  const stored: StoredComment = { ...comment, commentId: newId(), createdAt: now.toISOString(), editedAt: null };
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.comment(stored.candidateId, stored.createdAt, stored.commentId),
        ...keys.commentById(stored.commentId),
        type: 'comment',
        commentId: stored.commentId,
        candidateId: stored.candidateId,
        positionId: stored.positionId,
        companyId: stored.companyId,
        authorUserId: stored.author.userId,
        authorEmail: stored.author.email,
        content: stored.content,
        ...(stored.pin ? { answerId: stored.pin.answerId, questionIndex: stored.pin.questionIndex, atSeconds: stored.pin.atSeconds } : {}),
        mentions: stored.mentions,
        createdAt: stored.createdAt,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return stored;
};

/** A page of a candidate's comments, newest first: one Query of the partition's comment range. */
export const listComments = async (candidateId: string, cursor: string | undefined) => {
  const pk = keys.candidate(candidateId).PK;
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': sortKeyPrefixes.comment },
      ScanIndexForward: false,
      Limit: COMMENT_PAGE_SIZE,
      ExclusiveStartKey: decodeCursor(cursor, ['PK', 'SK'], (key) => key.PK === pk && key.SK.startsWith(sortKeyPrefixes.comment)),
    }),
  );
  return { comments: (page.Items ?? []).map(fromItem), cursor: encodeCursor(page.LastEvaluatedKey) };
};

/** A comment by its id (GSI1), or null. */
export const findComment = async (commentId: string): Promise<StoredComment | null> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.commentById(commentId).GSI1PK },
      Limit: 1,
    }),
  );
  const item = Items?.[0];
  return item && item.type === 'comment' ? fromItem(item) : null;
};

const keyOf = (comment: StoredComment) => keys.comment(comment.candidateId, comment.createdAt, comment.commentId);
const refused = (error: unknown) => {
  if ((error as Error).name === 'ConditionalCheckFailedException') return new CommentRefused();
  return error;
};

/** Changes the text and mentions of a comment, as long as it is still there and the author's. */
export const updateComment = async (
  comment: StoredComment,
  authorUserId: string,
  edit: { content: string; mentions: CommentMember[] },
  now = new Date(),
) => {
  const editedAt = now.toISOString();
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(comment),
        UpdateExpression: 'SET content = :content, mentions = :mentions, editedAt = :editedAt',
        ConditionExpression: 'attribute_exists(PK) AND authorUserId = :author',
        ExpressionAttributeValues: { ':content': edit.content, ':mentions': edit.mentions, ':editedAt': editedAt, ':author': authorUserId },
      }),
    );
  } catch (error) {
    throw refused(error);
  }
  return { ...comment, content: edit.content, mentions: edit.mentions, editedAt };
};

/** Deletes a comment, as long as it is still there and the author's. */
export const deleteComment = async (comment: StoredComment, authorUserId: string) => {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keyOf(comment),
        ConditionExpression: 'attribute_exists(PK) AND authorUserId = :author',
        ExpressionAttributeValues: { ':author': authorUserId },
      }),
    );
  } catch (error) {
    throw refused(error);
  }
};
