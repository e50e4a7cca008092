import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tokenRange, type IndexEntry, type Sentence } from '../../domain/transcript-search';
import { batchGetItems, keyId, type ItemKey } from '../batch-get';
import { db, tableName } from '../client';
import { decodeCursor, encodeCursor } from '../cursor';
import { storedInterview } from '../interview';
import { keys, sortKeyPrefixes } from '../keys';
import { transact, type TransactionStep } from '../transaction';

/**
 * The transcript search index (issue 27, "Find in answers"). Every word an answer says that is
 * worth searching for (domain/transcript-search.ts) is one item in the position's word partition
 * (`keys.transcriptWord`: `{token}#{answerId}`), holding the answer's ids, its question and the
 * sentences the word is said in. The tokens an answer has items for are kept on the answer item
 * (`transcriptTokens`), so a new transcript of the answer replaces exactly those and deleting the
 * candidate deletes exactly those. A preview's answers are in no list, so they have none.
 *
 * The items are written in the transactions that publish the transcript (the media item's status
 * in the last one, app/media/pipeline.ts), or a written answer's (issue 39, marked `written`) once
 * it is recorded (app/recording/typed-answers.ts); a search is one Query of the key range its longest
 * word begins, and one BatchGetItem of the candidates found (names, question titles, and dropping
 * a candidate gone meanwhile). Like search.ts, this module imports no other candidate module.
 */

/** TransactWriteItems takes at most this many items. */
export const TRANSACTION_ITEMS = 100;

/** An answer to index: its ids, its question and the tokens it has items for already. */
export interface AnswerToIndex {
  answerId: string;
  candidateId: string;
  positionId: string;
  questionIndex: number;
  tokens: string[];
  /** A written answer's (issue 39): its text is indexed as a transcript is, and its hits have no moment. */
  written?: boolean;
}

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * The answer a media group is (an answer's media group id is the answer's id), with the tokens it
 * has items for: null for any other media (a question's video), an answer of a preview, or one
 * whose candidate is gone. The answer is found by its id (GSI1), then it and its candidate are
 * read together, strongly consistent (the tokens are what the last transcript wrote).
 */
export const answerToIndex = async (answerId: string): Promise<AnswerToIndex | null> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.answerById(answerId).GSI1PK },
      Limit: 1,
    }),
  );
  const found = Items?.[0];
  if (typeof found?.candidateId !== 'string') return null;
  const answerKey = keys.answer(found.candidateId, Number(found.questionIndex));
  const candidateKey = keys.candidate(found.candidateId);
  const items = await batchGetItems([answerKey, candidateKey], { consistent: true });
  const answer = items.get(keyId(answerKey));
  const candidate = items.get(keyId(candidateKey));
  if (!answer || answer.answerId !== answerId || !candidate || candidate.preview === true || typeof candidate.positionId !== 'string') return null;
  return {
    answerId,
    candidateId: found.candidateId,
    positionId: candidate.positionId,
    questionIndex: Number(answer.questionIndex),
    tokens: stringList(answer.transcriptTokens),
  };
};

const putWord = (answer: AnswerToIndex, entry: IndexEntry): TransactionStep<'word'> => ({
  name: 'word',
  about: entry.token,
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.transcriptWord(answer.positionId, entry.token, answer.answerId),
        type: 'transcriptWord',
        answerId: answer.answerId,
        candidateId: answer.candidateId,
        questionIndex: answer.questionIndex,
        sentences: entry.sentences,
        ...(answer.written ? { written: true } : {}),
      },
    },
  },
});

const deleteWord = (answer: AnswerToIndex, token: string): TransactionStep<'word'> => ({
  name: 'word',
  about: token,
  item: { Delete: { TableName: tableName(), Key: keys.transcriptWord(answer.positionId, token, answer.answerId) } },
});

/** The answer item's record of its tokens, on the condition that it is still this answer (a deleted candidate's is not). */
const recordTokens = (answer: AnswerToIndex, tokens: readonly string[]): TransactionStep<'answer'> => ({
  name: 'answer',
  item: {
    Update: {
      TableName: tableName(),
      Key: keys.answer(answer.candidateId, answer.questionIndex),
      UpdateExpression: 'SET transcriptTokens = :tokens',
      ConditionExpression: 'answerId = :answerId',
      ExpressionAttributeValues: { ':tokens': [...tokens], ':answerId': answer.answerId },
    },
  },
});

/**
 * Writes an answer's index (`entries`, replacing the tokens it had) with `last` (the media item's
 * published transcript) in transactions of at most TRANSACTION_ITEMS items, `last` in the last
 * one. Until the last one, the answer item records the old tokens and the new ones together, so a
 * deletion in between deletes every item written; the last one records the new ones alone. Safe
 * to repeat: a retry puts the same items again. A `ConditionFailed` on step `answer`: the
 * answer is gone (its candidate was deleted).
 */
export const writeTranscriptIndex = async (answer: AnswerToIndex, entries: readonly IndexEntry[], last: readonly TransactionStep[]) => {
  const next = entries.map((entry) => entry.token);
  const kept = new Set(next);
  const words = [
    ...entries.map((entry) => putWord(answer, entry)),
    ...answer.tokens.filter((token) => !kept.has(token)).map((t) => deleteWord(answer, t)),
  ];
  const room = TRANSACTION_ITEMS - 1 - last.length;
  const before = words.slice(0, Math.max(0, words.length - room));
  const both = [...new Set([...answer.tokens, ...next])];
  for (let i = 0; i < before.length; i += TRANSACTION_ITEMS - 1) {
    await transact([recordTokens(answer, both), ...before.slice(i, i + TRANSACTION_ITEMS - 1)]);
  }
  await transact([recordTokens(answer, next), ...words.slice(before.length), ...last]);
};

/** The keys of the word items a candidate's answers have (their answer items, as the candidate's partition holds them, record the tokens). */
export const transcriptWordKeys = (positionId: string, partition: readonly Record<string, any>[]): ItemKey[] =>
  partition
    .filter((item) => typeof item.SK === 'string' && item.SK.startsWith(sortKeyPrefixes.answer) && typeof item.answerId === 'string')
    .flatMap((item) => stringList(item.transcriptTokens).map((token) => keys.transcriptWord(positionId, token, item.answerId as string)));

/** Deletions of word items, as steps of the candidate's deletion (absent ones are no error). */
export const deleteWordSteps = (wordKeys: readonly ItemKey[]): TransactionStep<'word'>[] =>
  wordKeys.map((Key) => ({ name: 'word', about: Key.SK, item: { Delete: { TableName: tableName(), Key } } }));

/** Word items a search page reads at most (one Query): the same cost at 100 answers or 100,000. */
export const WORDS_READ_PER_PAGE = 100;

export interface WordHit {
  /** The item's key: a page ending at it continues after it. */
  key: ItemKey;
  answerId: string;
  candidateId: string;
  questionIndex: number;
  sentences: Sentence[];
  /** A written answer's word (issue 39): no moment to seek to. */
  written: boolean;
}

/**
 * The word items of a position whose token `keyWord` begins, from after `cursor` (a page's
 * cursor, which must be a key of this range: anything else is a 400): one Query of at most
 * WORDS_READ_PER_PAGE items. `more`: the cursor after the last item read, when the range goes on.
 */
export const readWordHits = async (positionId: string, keyWord: string, cursor?: string): Promise<{ hits: WordHit[]; more: string | null }> => {
  const range = tokenRange(keyWord);
  const pk = keys.transcriptWord(positionId, '', '').PK;
  const start = decodeCursor(cursor, ['PK', 'SK'], (key) => key.PK === pk && key.SK! >= range.from && key.SK! <= range.to);
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      // begins_with(SK, keyWord), as prefixRange (domain/search.ts) explains.
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': pk, ':from': range.from, ':to': range.to },
      Limit: WORDS_READ_PER_PAGE,
      ExclusiveStartKey: start,
    }),
  );
  const hits = (page.Items ?? []).flatMap((item): WordHit[] =>
    typeof item.answerId === 'string' && typeof item.candidateId === 'string' && Array.isArray(item.sentences)
      ? [
          {
            key: { PK: item.PK, SK: item.SK },
            answerId: item.answerId,
            candidateId: item.candidateId,
            questionIndex: Number(item.questionIndex),
            sentences: (item.sentences as Sentence[]).filter((s) => typeof s?.text === 'string' && typeof s.startMillis === 'number'),
            written: item.written === true,
          },
        ]
      : [],
  );
  return { hits, more: encodeCursor(page.LastEvaluatedKey) };
};

/** The cursor of a page that ends at this item. */
export const cursorAfter = (hit: WordHit): string => encodeCursor(hit.key)!;

export interface FoundCandidate {
  candidateId: string;
  candidateName: string;
  /** The titles of their interview's questions, as they were when they were invited. */
  questionTitles: string[];
}

/**
 * The candidates of a page of results that are still listed in the position (one BatchGetItem):
 * a candidate deleted meanwhile, of another position or a preview is left out.
 */
export const listedCandidates = async (positionId: string, candidateIds: readonly string[]): Promise<Map<string, FoundCandidate>> => {
  const found = await batchGetItems(
    candidateIds.map((id) => keys.candidate(id)),
    { attributes: ['candidateId', 'candidateName', 'positionId', 'preview', 'interview'] },
  );
  return new Map(
    [...found.values()]
      .filter((item) => item.positionId === positionId && item.preview !== true && typeof item.candidateId === 'string')
      .map((item) => [
        item.candidateId as string,
        {
          candidateId: item.candidateId as string,
          candidateName: String(item.candidateName ?? ''),
          questionTitles: item.interview ? storedInterview(item.interview).questions.map((q) => q.title) : [],
        },
      ]),
  );
};
