import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { questionKey } from '../lambdas/data/candidates/candidate';
import { keys, sortKeyPrefixes } from '../lambdas/data/keys';
import type { Migration } from './migration-runner';

/**
 * Migration 003-answer-ratings (`npm run migrate`, scripts/migrations.ts): copies the
 * rating of every rated answer onto its candidate item (`answers.q{index}.rating`), where the CSV
 * export reads it since ratings are written to both in one transaction; answers rated before that
 * have it only on the answer item. Run once after deploying that change; safe to run again.
 *
 * An operator's one-off, so it Scans (the Lambdas never do), projecting only the fields it needs.
 * Each copy is conditioned on the candidate's answer being this answer and having no rating yet,
 * so a rating given since the deployment (written to both) is never overwritten with an older one.
 */
export interface RatingsBackfillReport {
  /** Rated answers found. */
  rated: number;
  written: number;
  /** The candidate has the rating already (or a newer one), or the candidate or answer is gone. */
  skipped: number;
}

/** Items in flight at once: a steady pace for the table without a long run for a big one. */
const IN_FLIGHT = 16;

export const backfillAnswerRatings = async (client: DynamoDBDocumentClient, table: string): Promise<RatingsBackfillReport> => {
  const report: RatingsBackfillReport = { rated: 0, written: 0, skipped: 0 };
  const copy = async (answer: { candidateId: string; questionIndex: number; answerId: string; rating: number }) => {
    try {
      await client.send(
        new UpdateCommand({
          TableName: table,
          Key: keys.candidate(answer.candidateId),
          UpdateExpression: 'SET answers.#q.rating = :rating',
          ConditionExpression: 'answers.#q.answerId = :answerId AND attribute_not_exists(answers.#q.rating)',
          ExpressionAttributeNames: { '#q': questionKey(answer.questionIndex) },
          ExpressionAttributeValues: { ':rating': answer.rating, ':answerId': answer.answerId },
        }),
      );
      report.written += 1;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      report.skipped += 1;
    }
  };
  const pages = paginateScan(
    { client },
    {
      TableName: table,
      FilterExpression: 'begins_with(SK, :prefix) AND attribute_type(#rating, :number)',
      ProjectionExpression: '#candidateId, #questionIndex, #answerId, #rating',
      ExpressionAttributeNames: { '#candidateId': 'candidateId', '#questionIndex': 'questionIndex', '#answerId': 'answerId', '#rating': 'rating' },
      ExpressionAttributeValues: { ':prefix': sortKeyPrefixes.answer, ':number': 'N' },
    },
  );
  for await (const page of pages) {
    const rated = (page.Items ?? []).filter((item) => typeof item.candidateId === 'string' && typeof item.answerId === 'string');
    report.rated += rated.length;
    for (let i = 0; i < rated.length; i += IN_FLIGHT) {
      await Promise.all(
        rated.slice(i, i + IN_FLIGHT).map((item) =>
          copy({
            candidateId: item.candidateId as string,
            questionIndex: Number(item.questionIndex),
            answerId: item.answerId as string,
            rating: Number(item.rating),
          }),
        ),
      );
    }
  }
  return report;
};

export const answerRatingsMigration: Migration = {
  id: '003-answer-ratings',
  what: "Copying answers' ratings onto their candidates",
  run: async (client, table) => {
    const report = await backfillAnswerRatings(client, table);
    return [`${report.rated} rated answers: ${report.written} ratings copied, ${report.skipped} already there or gone.`];
  },
};
