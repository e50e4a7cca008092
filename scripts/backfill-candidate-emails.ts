import { DynamoDBDocumentClient, GetCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { claimEmailStep } from '../lambdas/data/candidates/emails';
import { keys } from '../lambdas/data/keys';
import { ConditionFailed, transact } from '../lambdas/data/transaction';
import type { Migration } from './migration-runner';

/**
 * Migration 001-candidate-emails (`npm run migrate`, scripts/migrations.ts): gives every
 * candidate with an e-mail address the uniqueness item of their position and address
 * (`keys.candidateEmail`), which candidates invited before addresses were unique lack. Runs once,
 * after deploying that change; safe to run again (what is there is kept).
 *
 * An operator's one-off, so it Scans (the Lambdas never do), projecting only the fields it needs.
 * Each item is put in a transaction with a check that its candidate still exists, so a candidate
 * deleted meanwhile never leaves an item behind that would block their address. When a position
 * has two candidates with one address (invited twice before), the first one met keeps it; the
 * others are listed.
 */
export interface BackfillReport {
  /** Candidates with an address (previews and candidates without one hold no item). */
  candidates: number;
  written: number;
  alreadyThere: number;
  /** Deleted between the Scan and the write. */
  gone: number;
  /** Candidates whose address another candidate of the position holds. */
  sharedAddresses: { positionId: string; email: string; candidateId: string; holderCandidateId: string }[];
}

/** Items in flight at once: a steady pace for the table without a long run for a big one. */
const IN_FLIGHT = 16;

export const backfillCandidateEmails = async (client: DynamoDBDocumentClient, table: string): Promise<BackfillReport> => {
  const report: BackfillReport = { candidates: 0, written: 0, alreadyThere: 0, gone: 0, sharedAddresses: [] };
  const profile = keys.candidate('');
  const backfill = async (candidate: { candidateId: string; positionId: string; email: string }) => {
    try {
      await transact(
        [
          {
            name: 'candidate',
            item: { ConditionCheck: { TableName: table, Key: keys.candidate(candidate.candidateId), ConditionExpression: 'attribute_exists(PK)' } },
          },
          claimEmailStep(candidate.positionId, candidate.candidateId, candidate.email, table),
        ],
        client,
      );
      report.written += 1;
    } catch (error) {
      if (error instanceof ConditionFailed && error.step === 'candidate') {
        report.gone += 1;
        return;
      }
      if (!(error instanceof ConditionFailed && error.step === 'email')) throw error;
      const { Item } = await client.send(
        new GetCommand({ TableName: table, Key: keys.candidateEmail(candidate.positionId, candidate.email), ConsistentRead: true }),
      );
      if (Item?.candidateId === candidate.candidateId) report.alreadyThere += 1;
      else report.sharedAddresses.push({ ...candidate, holderCandidateId: String(Item?.candidateId) });
    }
  };
  const pages = paginateScan(
    { client },
    {
      TableName: table,
      FilterExpression: 'begins_with(PK, :prefix) AND SK = :sk',
      ProjectionExpression: '#candidateId, #positionId, #email, #preview',
      ExpressionAttributeNames: { '#candidateId': 'candidateId', '#positionId': 'positionId', '#email': 'email', '#preview': 'preview' },
      ExpressionAttributeValues: { ':prefix': profile.PK, ':sk': profile.SK },
    },
  );
  for await (const page of pages) {
    const withAddress = (page.Items ?? []).filter(
      (item) => item.preview !== true && typeof item.email === 'string' && item.email !== '' && typeof item.positionId === 'string',
    );
    report.candidates += withAddress.length;
    for (let i = 0; i < withAddress.length; i += IN_FLIGHT) {
      await Promise.all(
        withAddress
          .slice(i, i + IN_FLIGHT)
          .map((item) => backfill({ candidateId: item.candidateId as string, positionId: item.positionId as string, email: item.email as string })),
      );
    }
  }
  return report;
};

export const candidateEmailsMigration: Migration = {
  id: '001-candidate-emails',
  what: "Backfilling candidates' e-mail uniqueness items",
  run: async (client, table) => {
    const report = await backfillCandidateEmails(client, table);
    return [
      `${report.candidates} candidates with an address: ${report.written} items written, ${report.alreadyThere} already there, ` +
        `${report.gone} candidates deleted meanwhile, ${report.sharedAddresses.length} sharing an address with another candidate of their position.`,
      ...report.sharedAddresses.map(
        (shared) =>
          `  position ${shared.positionId}: ${shared.email} of candidate ${shared.candidateId} is held by candidate ${shared.holderCandidateId}`,
      ),
    ];
  },
};
