import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CaptionsStatus, TranscriptStatus, UploadStatus } from '../domain/media';
import { readBatch, type BatchRead } from './batch-get';
import { deleteItems } from './batch-write';
import { db, tableName } from './client';
import { keys } from './keys';
import { ConditionFailed, transact, type TransactionStep } from './transaction';
import { writeIf } from './conditional-write';

/**
 * A media item (one upload and what the pipeline derived from it) and its group (the id the
 * client keeps: the latest media of a group is what a question or answer shows). A group belongs
 * to one company, claimed by its first upload, so a guessed group id never reaches another tenant.
 */
export interface MediaItem {
  mediaId: string;
  mediaGroupId: string;
  companyId: string;
  contentType: string;
  size: number;
  uploadStatus: UploadStatus;
  captionsStatus: CaptionsStatus;
  transcriptStatus: TranscriptStatus;
  variants: { key: string; contentType: string }[];
  thumbnailKey: string | null;
  captionsKey: string | null;
  transcriptKey: string | null;
  durationMillis: number | null;
  failureReason: string | null;
  createdAt: string;
}

const groupKey = keys.mediaGroup;

export class GroupOwnedElsewhere extends Error {}

export const createMedia = async (media: Pick<MediaItem, 'mediaId' | 'mediaGroupId' | 'companyId' | 'contentType' | 'size'>): Promise<void> => {
  const now = new Date().toISOString();
  try {
    await transact([
      {
        name: 'group',
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...groupKey(media.mediaGroupId), type: 'mediaGroup', companyId: media.companyId, mediaGroupId: media.mediaGroupId },
            ConditionExpression: 'attribute_not_exists(PK) OR companyId = :company',
            ExpressionAttributeValues: { ':company': media.companyId },
          },
        },
      },
      {
        name: 'media',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.media(media.mediaId),
              type: 'media',
              ...media,
              uploadStatus: 'uploading',
              captionsStatus: 'none',
              transcriptStatus: 'none',
              variants: [],
              createdAt: now,
              ...keys.mediaInGroup(media.mediaGroupId, now, media.mediaId),
            },
          },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'group') throw new GroupOwnedElsewhere();
    throw error;
  }
};

const fromItem = (item: Record<string, any>): MediaItem => ({
  mediaId: item.mediaId,
  mediaGroupId: item.mediaGroupId,
  companyId: item.companyId,
  contentType: item.contentType,
  size: Number(item.size ?? 0),
  uploadStatus: item.uploadStatus,
  captionsStatus: item.captionsStatus ?? 'none',
  transcriptStatus: item.transcriptStatus ?? 'none',
  variants: item.variants ?? [],
  thumbnailKey: item.thumbnailKey ?? null,
  captionsKey: item.captionsKey ?? null,
  transcriptKey: item.transcriptKey ?? null,
  durationMillis: item.durationMillis ?? null,
  failureReason: item.processingError?.error ?? null,
  createdAt: item.createdAt,
});

export const getMedia = async (mediaId: string): Promise<MediaItem | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.media(mediaId) }));
  return Item ? fromItem(Item) : null;
};

export const getGroupCompany = async (mediaGroupId: string): Promise<string | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: groupKey(mediaGroupId) }));
  return typeof Item?.companyId === 'string' ? Item.companyId : null;
};

/** The newest media of a group: one Query on GSI1, newest first, one item. */
export const latestMediaOfGroup = async (mediaGroupId: string): Promise<MediaItem | null> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.mediaInGroup(mediaGroupId, '', '').GSI1PK },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  return Items?.[0] ? fromItem(Items[0]) : null;
};

/** uploading → the next status, once: a repeated completion changes nothing. */
export const markUploaded = async (
  mediaId: string,
  next: UploadStatus,
  extra: Partial<Pick<MediaItem, 'variants' | 'captionsStatus' | 'transcriptStatus'>> = {},
) => {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.media(mediaId),
      UpdateExpression: `SET uploadStatus = :next, updatedAt = :now${Object.keys(extra)
        .map((k) => `, ${k} = :${k}`)
        .join('')}`,
      ConditionExpression: 'uploadStatus = :uploading',
      ExpressionAttributeValues: {
        ':next': next,
        ':uploading': 'uploading',
        ':now': new Date().toISOString(),
        ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`:${k}`, v])),
      },
    }),
  );
};

/**
 * A file answer's media (issue 39), once its bytes are read: ready at once (nothing to process),
 * with the type its bytes are and its one variant, the upload itself. Only while it is uploading.
 */
export const markFileReady = (mediaId: string, file: { key: string; contentType: string; size: number }) =>
  writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.media(mediaId),
      UpdateExpression: 'SET uploadStatus = :ready, contentType = :type, #size = :size, variants = :variants, updatedAt = :now',
      ConditionExpression: 'uploadStatus = :uploading',
      ExpressionAttributeNames: { '#size': 'size' },
      ExpressionAttributeValues: {
        ':ready': 'ready',
        ':uploading': 'uploading',
        ':type': file.contentType,
        ':size': file.size,
        ':variants': [{ key: file.key, contentType: file.contentType }],
        ':now': new Date().toISOString(),
      },
    }),
  );

/**
 * A failed media item set processing again (issue 37, "Process again"), once: on the condition that
 * it is failed, so a repeated request does nothing twice. Its processing error goes, and
 * `processingRuns` counts its pipeline runs (the first, from the upload, is 1): a run's execution is
 * named by its number, as Step Functions refuses a name twice. The new run's number, or null when the
 * item was not failed (or is gone).
 */
export const restartProcessing = async (mediaId: string): Promise<number | null> => {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.media(mediaId),
        UpdateExpression:
          'SET uploadStatus = :processing, captionsStatus = :preparing, transcriptStatus = :submitted, updatedAt = :now, processingRuns = if_not_exists(processingRuns, :one) + :one REMOVE processingError',
        ConditionExpression: 'uploadStatus = :failed',
        ExpressionAttributeValues: {
          ':processing': 'processing',
          ':preparing': 'preparing',
          ':submitted': 'submitted',
          ':failed': 'failed',
          ':one': 1,
          ':now': new Date().toISOString(),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.processingRuns);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
};

type ProcessingFields = Partial<Omit<MediaItem, 'mediaId'>> & { processingError?: unknown };

/** The update of a media item's pipeline results and statuses (on the condition that the item exists). */
const processingUpdate = (mediaId: string, fields: ProcessingFields) => {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  return {
    TableName: tableName(),
    Key: keys.media(mediaId),
    ConditionExpression: 'attribute_exists(PK)',
    UpdateExpression: `SET updatedAt = :now, ${entries.map(([k]) => `#${k} = :${k}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k]) => [`#${k}`, k])),
    ExpressionAttributeValues: { ':now': new Date().toISOString(), ...Object.fromEntries(entries.map(([k, v]) => [`:${k}`, v])) },
  };
};

/** Pipeline results and statuses (written by the pipeline's tasks). */
export const updateMediaProcessing = async (mediaId: string, fields: ProcessingFields) => {
  await db.send(new UpdateCommand(processingUpdate(mediaId, fields)));
};

/**
 * The same update as a step of a transaction: an answer's transcript is published in the
 * transaction that writes the last of its search index items (data/candidates/transcript-index.ts).
 */
export const mediaProcessingStep = (mediaId: string, fields: ProcessingFields): TransactionStep<'media'> => ({
  name: 'media',
  item: { Update: processingUpdate(mediaId, fields) },
});

/**
 * Media items by id as another BatchGetItem reads them along with its own keys (db/memberships.ts
 * `getMembershipWith`: a candidate's answers' media in the access check's call): their keys, and the
 * items found by id.
 */
export const mediaItemsRead = (mediaIds: readonly string[]): BatchRead<Map<string, MediaItem>> => {
  const ids = [...new Set(mediaIds)];
  return {
    keys: ids.map((id) => keys.media(id)),
    collect: (found) =>
      new Map(
        ids.flatMap((id) => {
          const item = found(keys.media(id));
          return item ? [[id, fromItem(item)] as const] : [];
        }),
      ),
  };
};

/** Media items by id (a list page's thumbnails): one BatchGetItem per 100, in parallel. */
export const getMediaItems = async (mediaIds: string[]): Promise<Map<string, MediaItem>> => readBatch(mediaItemsRead(mediaIds));

/** Removes media items and their groups (their objects are deleted from the bucket separately). */
export const deleteMediaItems = async (media: Pick<MediaItem, 'mediaId' | 'mediaGroupId'>[]) => {
  const itemKeys = [...new Map(media.flatMap((m) => [keys.media(m.mediaId), groupKey(m.mediaGroupId)]).map((k) => [`${k.PK}|${k.SK}`, k])).values()];
  await deleteItems(itemKeys);
};
