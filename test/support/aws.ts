import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SFNClient } from '@aws-sdk/client-sfn';
import { inject } from 'vitest';
import { keys } from '../../lambdas/data/keys';

/** SDK clients pointed at the test run's local stand-ins, for seeding and checking. */
export const localEnv = () => inject('localEnv');

const credentials = () => ({ accessKeyId: localEnv().AWS_ACCESS_KEY_ID!, secretAccessKey: localEnv().AWS_SECRET_ACCESS_KEY! });
const region = () => localEnv().AWS_REGION!;

export const localDb = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: localEnv().AWS_ENDPOINT_URL_DYNAMODB, region: region(), credentials: credentials() }), {
    marshallOptions: { removeUndefinedValues: true },
  });
export const localSes = () => new SESv2Client({ endpoint: localEnv().AWS_ENDPOINT_URL_SESV2, region: region(), credentials: credentials() });
export const localSfn = () => new SFNClient({ endpoint: localEnv().AWS_ENDPOINT_URL_SFN, region: region(), credentials: credentials() });

export const localS3 = () =>
  new S3Client({ endpoint: localEnv().AWS_ENDPOINT_URL_S3, region: region(), credentials: credentials(), forcePathStyle: true });

/** Every item of a partition of the table (strongly consistent). */
export const partition = async (pk: string) =>
  (
    await localDb().send(
      new QueryCommand({
        TableName: localEnv().TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** Keys under a prefix of the media bucket. */
export const mediaObjectKeys = async (prefix: string): Promise<string[]> => {
  const page = await localS3().send(new ListObjectsV2Command({ Bucket: localEnv().MEDIA_BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!);
};

/** Sets a company's attributes straight in the table (what billing or support would change). */
export const updateCompany = (companyId: string, expression: string, values: Record<string, unknown>) =>
  localDb().send(
    new UpdateCommand({
      TableName: localEnv().TABLE_NAME,
      Key: keys.company(companyId),
      UpdateExpression: expression,
      ExpressionAttributeValues: values,
    }),
  );

/** Gives a company more credits, as a purchase would. */
export const allocateCredits = (companyId: string, allocated: number) => updateCompany(companyId, 'SET credits.allocated = :n', { ':n': allocated });
