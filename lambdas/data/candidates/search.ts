import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keyWord, matchesAll, prefixRange, searchTokens, searchWords } from '../../domain/search';
import { db, tableName } from '../client';
import { keys } from '../keys';
import type { TransactionStep } from '../transaction';

/**
 * Search items (spec §2). A listed candidate has one item per search token (domain/search.ts) in
 * their position's search partition (`keys.candidateSearchToken`: `{token}#{candidateId}`), holding
 * the candidate's id and all their tokens. The items are put in the transaction that creates the
 * candidate and deleted in the one that deletes them; the tokens written are kept on the profile
 * (`searchTokens`), so the deletion removes exactly those. A name and an e-mail never change, so
 * nothing else writes them. A preview is in no list, so it has none.
 *
 * A search is one Query of the partition: the items whose token its longest word begins (a key range). The
 * other words are checked against the tokens the items carry, so only matching candidates' ids
 * come back. Like emails.ts, this module imports no other candidate module.
 */
export interface Searchable {
  candidateId: string;
  positionId: string;
  candidateName: string;
  email: string | null;
  preview: boolean;
}

/** The tokens a new candidate is written with (none for a preview). */
export const tokensOf = (candidate: Searchable): string[] => (candidate.preview ? [] : searchTokens(candidate.candidateName, candidate.email));

/**
 * The tokens a stored candidate holds items for: those on their profile, or, for a candidate
 * written before search items existed (and not backfilled yet), those their name and e-mail give.
 */
export const storedTokensOf = (candidate: Searchable, profile: Record<string, unknown> | undefined): string[] => {
  const stored = profile?.searchTokens;
  return Array.isArray(stored) && stored.every((token) => typeof token === 'string') ? stored : tokensOf(candidate);
};

/** The items to put with a new candidate. `table` is the Lambda's own unless given (the backfill script names its stage's). */
export const putSearchTokenSteps = (candidate: Searchable, tokens: readonly string[], table = tableName()): TransactionStep<'searchToken'>[] =>
  tokens.map((token) => ({
    name: 'searchToken',
    about: token,
    item: {
      Put: {
        TableName: table,
        Item: {
          ...keys.candidateSearchToken(candidate.positionId, token, candidate.candidateId),
          type: 'candidateSearchToken',
          candidateId: candidate.candidateId,
          searchTokens: [...tokens],
        },
      },
    },
  }));

/** The items to delete with a candidate (absent ones are no error). */
export const deleteSearchTokenSteps = (candidate: Searchable, tokens: readonly string[]): TransactionStep<'searchToken'>[] =>
  tokens.map((token) => ({
    name: 'searchToken',
    about: token,
    item: { Delete: { TableName: tableName(), Key: keys.candidateSearchToken(candidate.positionId, token, candidate.candidateId) } },
  }));

/**
 * Past this many matching candidates a search stops reading and keeps those it has (in token
 * order): a text that matches hundreds (a common domain) is too broad to page through anyway.
 */
export const MAX_SEARCH_MATCHES = 500;

/**
 * The ids of the position's candidates whose tokens every word of `text` begins, each once: one
 * Query (a token item is about 200 bytes, so a 1 MB page holds thousands; only beyond that does it
 * read on, up to MAX_SEARCH_MATCHES).
 */
export const candidateIdsMatching = async (positionId: string, text: string): Promise<string[]> => {
  const words = searchWords(text);
  const word = keyWord(words);
  if (word === undefined) return [];
  const range = prefixRange(word);
  const found = new Set<string>();
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        // begins_with(SK, word), as the key range prefixRange explains.
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#id': 'candidateId', '#tokens': 'searchTokens' },
        ExpressionAttributeValues: { ':pk': keys.candidateSearchToken(positionId, '', '').PK, ':from': range.from, ':to': range.to },
        ProjectionExpression: '#id, #tokens',
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      // The key word is checked too: a token with a '#' in it could begin the range of a shorter one.
      if (typeof item.candidateId === 'string' && Array.isArray(item.searchTokens) && matchesAll(words, item.searchTokens))
        found.add(item.candidateId);
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor && found.size < MAX_SEARCH_MATCHES);
  return [...found].slice(0, MAX_SEARCH_MATCHES);
};
