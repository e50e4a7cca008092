import { cursorAfter, listedCandidates, readWordHits, type WordHit } from '../../data/candidates/transcript-index';
import { matchSentence, momentOf, queryWords, searchKeyWord, type Highlight, type Sentence } from '../../domain/transcript-search';
import type { Caller } from '../access/caller';
import { requirePositionAccess } from '../access/position';

/** Answers a page of "Find in answers" lists at most. */
export const ANSWER_MATCHES_PER_PAGE = 20;

interface Found {
  hit: WordHit;
  sentence: Sentence;
  highlights: Highlight[];
}

/**
 * "Find in answers" (issue 27): the answers of a position whose transcript (or, for a text answer,
 * issue 39, whose text) says every word of the text, each with the first sentence that does and the moment its words are said. For a member
 * who can open the position (anything else is a 404): the position and the membership are read
 * as for its candidates list, the page of the index (one Query of the text's longest word, at most
 * WORDS_READ_PER_PAGE items) alongside the membership, then the candidates found in one
 * BatchGetItem (names and question titles; a candidate deleted meanwhile is left out). An answer
 * is listed once a page; the next page starts after the last item this one used.
 */
export const searchAnswersPage = async (positionId: string, caller: Caller, query: { text?: string; cursor?: string }) => {
  const words = query.text ? queryWords(query.text) : [];
  const keyWord = searchKeyWord(words);
  const { read } = await requirePositionAccess(positionId, caller, () =>
    keyWord ? readWordHits(positionId, keyWord, query.cursor) : Promise.resolve({ hits: [], more: null }),
  );

  const found: Found[] = [];
  const answers = new Set<string>();
  let cursor = read.more;
  for (const [i, hit] of read.hits.entries()) {
    if (found.length === ANSWER_MATCHES_PER_PAGE) {
      cursor = cursorAfter(read.hits[i - 1]!);
      break;
    }
    if (answers.has(hit.answerId)) continue;
    for (const sentence of hit.sentences) {
      const highlights = matchSentence(words, sentence.text);
      if (!highlights) continue;
      answers.add(hit.answerId);
      found.push({ hit, sentence, highlights });
      break;
    }
  }

  const candidates = found.length > 0 ? await listedCandidates(positionId, [...new Set(found.map((f) => f.hit.candidateId))]) : new Map();
  return {
    answerMatches: found.flatMap(({ hit, sentence, highlights }) => {
      const candidate = candidates.get(hit.candidateId);
      if (!candidate) return [];
      return [
        {
          candidateId: hit.candidateId,
          candidateName: candidate.candidateName,
          answerId: hit.answerId,
          questionIndex: hit.questionIndex,
          questionTitle: candidate.questionTitles[hit.questionIndex] || null,
          startMillis: hit.written ? null : momentOf(sentence, highlights),
          written: hit.written,
          sentence: sentence.text,
          highlights,
        },
      ];
    }),
    cursor,
  };
};
