import { DynamoDBDocumentClient, paginateScan } from '@aws-sdk/lib-dynamodb';
import { putSearchTokenSteps, tokensOf } from '../lambdas/data/candidates/search';
import { keys } from '../lambdas/data/keys';
import { ConditionFailed, transact } from '../lambdas/data/transaction';
import type { Migration } from './migration-runner';

/**
 * Migration 004-search-tokens (`npm run migrate`, scripts/migrations.ts): gives every
 * listed candidate their search items (`keys.candidateSearchToken`, one per token of their name
 * and e-mail) and records the tokens on their profile (`searchTokens`), as an invite does since
 * search reads those items instead of the whole position. Candidates invited before that are not
 * found by a search until this has run. Run once after deploying that change; safe to run again
 * (a profile with its tokens already is left alone).
 *
 * An operator's one-off, so it Scans (the Lambdas never do), projecting only the fields it needs.
 * A candidate's items and tokens are written in one transaction with the condition that the
 * candidate still exists, so a candidate deleted meanwhile never leaves items behind.
 */
export interface SearchBackfillReport {
  /** Listed candidates (previews are in no list and have no items). */
  candidates: number;
  written: number;
  alreadyThere: number;
  /** Deleted between the Scan and the write. */
  gone: number;
}

/** Candidates in flight at once: a steady pace for the table without a long run for a big one. */
const IN_FLIGHT = 16;

export const backfillSearchTokens = async (client: DynamoDBDocumentClient, table: string): Promise<SearchBackfillReport> => {
  const report: SearchBackfillReport = { candidates: 0, written: 0, alreadyThere: 0, gone: 0 };
  const profile = keys.candidate('');
  const backfill = async (candidate: { candidateId: string; positionId: string; candidateName: string; email: string | null }) => {
    const searchable = { ...candidate, preview: false };
    const tokens = tokensOf(searchable);
    try {
      await transact(
        [
          {
            name: 'candidate',
            item: {
              Update: {
                TableName: table,
                Key: keys.candidate(candidate.candidateId),
                UpdateExpression: 'SET searchTokens = :tokens',
                ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(searchTokens)',
                ExpressionAttributeValues: { ':tokens': tokens },
              },
            },
          },
          ...putSearchTokenSteps(searchable, tokens, table),
        ],
        client,
      );
      report.written += 1;
    } catch (error) {
      if (!(error instanceof ConditionFailed && error.step === 'candidate')) throw error;
      // Deleted meanwhile, or given its tokens meanwhile (an earlier run still going).
      report.gone += 1;
    }
  };
  const pages = paginateScan(
    { client },
    {
      TableName: table,
      FilterExpression: 'begins_with(PK, :prefix) AND SK = :sk',
      ProjectionExpression: '#candidateId, #positionId, #candidateName, #email, #preview, #searchTokens',
      ExpressionAttributeNames: {
        '#candidateId': 'candidateId',
        '#positionId': 'positionId',
        '#candidateName': 'candidateName',
        '#email': 'email',
        '#preview': 'preview',
        '#searchTokens': 'searchTokens',
      },
      ExpressionAttributeValues: { ':prefix': profile.PK, ':sk': profile.SK },
    },
  );
  for await (const page of pages) {
    const listed = (page.Items ?? []).filter(
      (item) => item.preview !== true && typeof item.positionId === 'string' && typeof item.candidateName === 'string',
    );
    report.candidates += listed.length;
    const missing = listed.filter((item) => !Array.isArray(item.searchTokens));
    report.alreadyThere += listed.length - missing.length;
    for (let i = 0; i < missing.length; i += IN_FLIGHT) {
      await Promise.all(
        missing.slice(i, i + IN_FLIGHT).map((item) =>
          backfill({
            candidateId: item.candidateId as string,
            positionId: item.positionId as string,
            candidateName: item.candidateName as string,
            email: typeof item.email === 'string' && item.email !== '' ? item.email : null,
          }),
        ),
      );
    }
  }
  return report;
};

export const searchTokensMigration: Migration = {
  id: '004-search-tokens',
  what: "Backfilling candidates' search items",
  run: async (client, table) => {
    const report = await backfillSearchTokens(client, table);
    return [
      `${report.candidates} listed candidates: ${report.written} given their search items, ${report.alreadyThere} had them already, ` +
        `${report.gone} deleted (or given them) meanwhile.`,
    ];
  },
};
