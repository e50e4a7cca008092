/**
 * The one DynamoDB table (single-table design). CDK builds the AWS table from this and the local
 * stack creates the same table in DynamoDB Local from it, so keys, indexes and TTL never drift.
 * Every attribute named here is a string except the TTL attribute (epoch seconds).
 */
export interface IndexDefinition {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export const tableDefinition = {
  /** Logical name; the physical name gets the stage prefix (see tableName()). */
  baseName: 'interviews',
  partitionKey: 'PK',
  sortKey: 'SK',
  /**
   * GSI1: lookups by an alternate key (user by e-mail, company memberships by user, candidate by
   * interview token). GSI2: per-position candidate lists in status/time order. GSI3: spare
   * secondary ordering (e.g. candidates by completion time) so list pages stay one Query.
   */
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { indexName: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
    /** Scored candidates of a position's status tab by mean score (sparse, issue 27 scorecards). */
    { indexName: 'GSI4', partitionKey: 'GSI4PK', sortKey: 'GSI4SK' },
    /** A company's candidates by the start of their retention clock (issue 28), for the retention job. */
    { indexName: 'GSI5', partitionKey: 'GSI5PK', sortKey: 'GSI5SK' },
  ] as readonly IndexDefinition[],
  /** Epoch seconds; DynamoDB deletes expired items (sessions, codes, expired invites) lazily. */
  timeToLiveAttribute: 'ttl',
  /**
   * The table's stream: every change with the item before and after it, for the functions of
   * lambdas/streams.ts (the report aggregates, issue 40). CDK turns it on in AWS, the local stack in
   * DynamoDB Local (lib/local/dynamodb-local.ts), where lib/local/dynamodb-streams-poller.ts reads it.
   */
  streamViewType: 'NEW_AND_OLD_IMAGES',
} as const;

export const tableName = (stage: string): string => `${stage}-${tableDefinition.baseName}`;
