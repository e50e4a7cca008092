import { Readable } from 'node:stream';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type DeleteObjectsCommandInput,
} from '@aws-sdk/client-s3';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildAnswerPackage } from '../../lambdas/app/review/answer-package-build';
import { tableName } from '../../lambdas/data/client';
import { keys } from '../../lambdas/data/keys';
import { createLogger } from '../../lambdas/platform/logger';
import { packageKey, packagePrefix } from '../../lambdas/adapters/storage-layout';

/**
 * What an answer-package build leaves in the bucket: its own zip once it finished, nothing once
 * another build took its place (or the candidate went) while it ran; and the zips of the packages
 * it replaced are removed.
 */
process.env.TABLE_NAME ??= 'unit-table';
process.env.MEDIA_BUCKET ??= 'unit-bucket';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const log = createLogger();
const ownKey = packageKey('cand1', 'build1');
const olderKey = packageKey('cand1', 'build0');

beforeEach(() => {
  ddb.reset();
  s3.reset();
  ddb.on(GetCommand).resolves({
    Item: {
      ...keys.candidate('cand1'),
      candidateId: 'cand1',
      positionId: 'pos1',
      companyId: 'co1',
      candidateName: 'Ada',
      currentStatus: 'responded',
      interview: { questions: [{ title: 'Hello' }], pacing: { thinkingTime: 30, answerTime: 120, retakes: 0 } },
      answers: { q0: { answerId: 'a0', mediaId: 'm0' } },
      answerPackage: { packageStatus: 'generating', buildId: 'build1', key: ownKey, answerIds: ['a0'], startedAt: new Date().toISOString() },
    },
  });
  ddb.on(QueryCommand).resolves({ Items: [{ answerId: 'a0', questionIndex: 0, mediaId: 'm0' }] });
  ddb.on(BatchGetCommand).callsFake(() => ({
    Responses: {
      [tableName()]: [
        { ...keys.media('m0'), mediaId: 'm0', uploadStatus: 'ready', variants: [{ key: 'processed/m0/video.mp4', contentType: 'video/mp4' }] },
      ],
    },
  }));
  s3.on(GetObjectCommand).callsFake(async () => ({ Body: Readable.from([Buffer.from('not really a video')]) }));
  s3.on(PutObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
  s3.on(DeleteObjectsCommand).resolves({});
  s3.on(ListObjectsV2Command).resolves({ Contents: [{ Key: olderKey }, { Key: ownKey }] });
});

describe('an answer-package build', () => {
  it('keeps its zip once it finished, and removes the zips of the packages it replaced', async () => {
    ddb.on(UpdateCommand).resolves({});
    expect(await buildAnswerPackage({ candidateId: 'cand1', buildId: 'build1' }, log)).toMatchObject({ built: true, included: 1 });
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input.Key).toBe(ownKey);
    expect(s3.commandCalls(ListObjectsV2Command)[0]!.args[0].input.Prefix).toBe(packagePrefix('cand1'));
    const deleted = s3.commandCalls(DeleteObjectsCommand).flatMap((call) => (call.args[0].input as DeleteObjectsCommandInput).Delete!.Objects!);
    expect(deleted.map((object) => object.Key)).toEqual([olderKey]);
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('removes its own zip when another build took its place (or the candidate went) while it ran', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    expect(await buildAnswerPackage({ candidateId: 'cand1', buildId: 'build1' }, log)).toEqual({ built: false });
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input.Key).toBe(ownKey);
    expect(s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input.Key)).toEqual([ownKey]);
    expect(s3.commandCalls(DeleteObjectsCommand)).toHaveLength(0);
  });
});
