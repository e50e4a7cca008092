import { Alert, Button, SearchField, Text } from '@aws-amplify/ui-react';
import { Fragment, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAnswerSearch, type AnswerMatch } from '../../../api/search';
import { LoadingRegion, Skeleton, SkeletonLines } from '../../../components/skeleton';
import { SEARCH_MIN_CHARS } from '../../../config/constants';
import { commonMessages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { answersSayText } from '../answer-search-count';
import './answer-search.css';

/** The URL's parameter holding the text searched for: a result's link and Back keep the search. */
const PARAM = 'answerSearch';
const DEBOUNCE_MS = 300;
/** Pages read on their own while they find nothing but say more may follow (a broad word, a narrow phrase). */
const EMPTY_PAGES_READ_ON = 5;

/** A moment of an answer as the player shows it: "0:12", "1:05:09". */
export const timeOf = (millis: number) => {
  const total = Math.floor(millis / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
};

/** The sentence with the words found in <mark>. */
const Sentence = ({ match }: { match: AnswerMatch }) => {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of match.highlights) {
    if (start < at || end <= start) continue;
    parts.push(match.sentence.slice(at, start), <mark key={start}>{match.sentence.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(match.sentence.slice(at));
  return (
    <q className="answer-search__sentence">
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </q>
  );
};

const ResultsSkeleton = () => (
  <LoadingRegion label="Searching answers…">
    {[0, 1, 2].map((i) => (
      <div key={i} className="answer-search__skeleton">
        <Skeleton width={['9rem', '12rem', '7rem'][i]} />
        <SkeletonLines lines={2} />
      </div>
    ))}
  </LoadingRegion>
);

/**
 * "Find in answers" (issue 27) on a position's candidates view: the words candidates said, across
 * the position's transcripts. Each result names the candidate and the question, the moment ("at
 * 0:12") and the sentence with the words found highlighted, and links to the candidate's page at
 * that answer and moment. The text is kept in the URL, so Back from a result finds the search.
 */
export const AnswerSearch = ({ companyId, positionId }: { companyId: string; positionId: string }) => {
  const [params, setParams] = useSearchParams();
  const applied = params.get(PARAM);
  const [input, setInput] = useState(applied ?? '');
  const apply = useCallback(
    (text: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text) next.set(PARAM, text);
          else next.delete(PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const trimmed = input.trim();
  const tooShort = trimmed.length > 0 && trimmed.length < SEARCH_MIN_CHARS;
  useEffect(() => {
    if (tooShort || trimmed === (applied ?? '')) return;
    const timer = setTimeout(() => apply(trimmed || null), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed, tooShort, applied, apply]);

  const pages = useAnswerSearch(positionId, applied);
  const matches = (pages.data ?? []).flatMap((page) => page.answerMatches);
  const last = pages.data?.[pages.data.length - 1];
  const more = Boolean(last?.cursor);
  // A page may find nothing and still say more may follow: read on a few pages before showing the empty state.
  const { size, setSize, isValidating } = pages;
  useEffect(() => {
    if (last && last.cursor && matches.length === 0 && size < EMPTY_PAGES_READ_ON && !isValidating) void setSize(size + 1);
  }, [last, matches.length, size, setSize, isValidating]);
  const searching = applied !== null && (!pages.data || (matches.length === 0 && more && size < EMPTY_PAGES_READ_ON));

  return (
    <section className="answer-search" aria-labelledby="answer-search-label">
      <SearchField
        id="answer-search-field"
        label={
          <span id="answer-search-label" className="answer-search__label">
            Find in answers
          </span>
        }
        labelHidden={false}
        placeholder="Words a candidate said"
        descriptiveText="Searches the transcripts of this position's answers."
        value={input}
        onChange={(event) => setInput(event.target.value)}
        onClear={() => {
          setInput('');
          apply(null);
        }}
        onSubmit={(value) => {
          setInput(value);
          if (value.trim().length >= SEARCH_MIN_CHARS) apply(value.trim());
        }}
        size="small"
        className="answer-search__field"
      />
      {tooShort && (
        <Text fontSize="small" color="font.secondary" role="status">
          Enter at least 3 characters to search...
        </Text>
      )}
      {applied !== null && (
        <div className="answer-search__results" aria-live="polite">
          {pages.error ? (
            <Alert variation="error">{commonMessages.retrieveDataFailed}</Alert>
          ) : searching ? (
            <ResultsSkeleton />
          ) : matches.length === 0 ? (
            <Text color="font.secondary" role="status">
              No answer says “{applied}”.
            </Text>
          ) : (
            <>
              <Text fontSize="small" color="font.secondary" role="status">
                {answersSayText(matches.length, more, applied)}
              </Text>
              <ul className="answer-search__list" aria-label={`Answers that say “${applied}”`}>
                {matches.map((match) => (
                  <li key={match.answerId}>
                    <Link
                      className="answer-search__result"
                      to={paths.candidate.to(companyId, positionId, match.candidateId, {
                        answer: match.answerId,
                        // A written answer (issue 39) has no moment to seek to.
                        ...(match.startMillis !== null ? { at: Math.floor(match.startMillis / 100) / 10 } : {}),
                      })}
                    >
                      <span className="answer-search__who">
                        <span className="answer-search__name">{match.candidateName}</span>
                        <span className="answer-search__question">
                          Question {match.questionIndex + 1}
                          {match.questionTitle ? `: ${match.questionTitle}` : ''}
                        </span>
                        <span className="answer-search__time">
                          {match.written || match.startMillis === null ? 'Written answer' : `at ${timeOf(match.startMillis)}`}
                        </span>
                      </span>
                      <Sentence match={match} />
                    </Link>
                  </li>
                ))}
              </ul>
              {more && (
                <Button variation="link" alignSelf="center" isLoading={isValidating} onClick={() => void setSize(size + 1)}>
                  Load more
                </Button>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
};
