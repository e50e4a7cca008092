import { Badge, Heading } from '@aws-amplify/ui-react';
import type { AnswerSummaryView, SummaryOverviewView } from '../../../../lambdas/contracts/summaries';
import { timestamp } from './transcript';
import './answer-summary.css';

/**
 * Issue 41: the machine-written notes on an answer and the candidate's overview, as the team's page
 * and the share page show them. Every point cites the second of the answer it comes from (the server
 * checked the quote against the transcript there) and its "Check the answer" plays that moment, so a
 * reviewer reads what was said and not a verdict: summaries never score, rank or recommend.
 */
export const summaryMessages = {
  heading: 'Summary',
  label: 'Machine-written summary',
  overviewHeading: 'Overview (machine-written)',
  check: 'Check the answer',
  checkAt: (second: number) => `Check the answer at ${timestamp(second * 1000)}`,
  checkAnswerAt: (answerNumber: number, second: number) => `Check the answer at ${timestamp(second * 1000)} of answer ${answerNumber}`,
  unavailable: 'No summary: it could not be made for this answer.',
  paused: "No summary: summaries are paused for this month, as the company's token budget is used.",
  overviewUnavailable: 'No overview: it could not be made for this candidate.',
  overviewPaused: "No overview: summaries are paused for this month, as the company's token budget is used.",
  note: 'Each point quotes the answer at the time shown. Check it before relying on it: a person decides.',
} as const;

/**
 * Moves a player to a second and plays it: at once when its metadata is there, else once it is (a
 * time set before then does not hold). A play the browser refuses (no user gesture) leaves it paused there.
 */
export const seekAndPlay = (element: HTMLMediaElement, seconds: number) => {
  const apply = () => {
    element.currentTime = seconds;
    void element.play().catch(() => undefined);
  };
  if (element.readyState >= 1) apply();
  else element.addEventListener('loadedmetadata', apply, { once: true });
};

const Quote = ({ quote }: { quote: string }) => <span className="answer-summary__quote">“{quote}”</span>;

/**
 * One answer's summary: "Summary", labelled machine-written, its 2–5 points (the time, the quoted
 * words, the note) each with "Check the answer", or why there is none. Nothing when the server sends
 * none (summaries off, or not made yet).
 */
export const AnswerSummary = ({
  summary,
  onCheck,
  headingLevel = 3,
}: {
  summary: Pick<AnswerSummaryView, 'status' | 'points'> | null | undefined;
  /** Plays the answer from that second. */
  onCheck: (second: number) => void;
  headingLevel?: 2 | 3 | 4 | 5 | 6;
}) => {
  if (!summary) return null;
  return (
    <section className="answer-summary" aria-label={summaryMessages.label}>
      <div className="answer-summary__head">
        <Heading level={headingLevel} className="answer-summary__title">
          {summaryMessages.heading}
        </Heading>
        <Badge size="small" className="answer-summary__badge">
          {summaryMessages.label}
        </Badge>
      </div>
      {summary.status === 'ready' && summary.points.length > 0 ? (
        <>
          <ul className="answer-summary__points">
            {summary.points.map((point, i) => (
              <li key={`${point.second}-${i}`} className="answer-summary__point">
                <span className="answer-summary__time">{timestamp(point.second * 1000)}</span>
                <div className="answer-summary__body">
                  <Quote quote={point.quote} />
                  <p className="answer-summary__text">{point.text}</p>
                </div>
                <button
                  type="button"
                  className="answer-summary__check"
                  aria-label={summaryMessages.checkAt(point.second)}
                  onClick={() => onCheck(point.second)}
                >
                  {summaryMessages.check}
                </button>
              </li>
            ))}
          </ul>
          <p className="answer-summary__note">{summaryMessages.note}</p>
        </>
      ) : (
        <p className="answer-summary__status">{summary.status === 'paused' ? summaryMessages.paused : summaryMessages.unavailable}</p>
      )}
    </section>
  );
};

/**
 * The candidate's overview across their answers (at most 3 lines), each line with "Check the answer",
 * which opens that answer at the cited second. `answerNumber` gives a line's answer as the page numbers
 * it (null: the page does not hold that answer, so the line has no button).
 */
export const SummaryOverview = ({
  overview,
  answerNumber,
  onCheck,
  headingLevel = 2,
}: {
  overview: SummaryOverviewView | null | undefined;
  answerNumber: (questionIndex: number) => number | null;
  onCheck: (questionIndex: number, second: number) => void;
  headingLevel?: 2 | 3 | 4 | 5 | 6;
}) => {
  if (!overview) return null;
  return (
    <section className="answer-summary answer-summary--overview" aria-label={summaryMessages.overviewHeading}>
      <Heading level={headingLevel} className="answer-summary__title">
        {summaryMessages.overviewHeading}
      </Heading>
      {overview.status === 'ready' && overview.lines.length > 0 ? (
        <ul className="answer-summary__points">
          {overview.lines.map((line, i) => {
            const number = answerNumber(line.questionIndex);
            return (
              <li key={`${line.questionIndex}-${line.second}-${i}`} className="answer-summary__point">
                <span className="answer-summary__time">
                  {number === null ? timestamp(line.second * 1000) : `Answer ${number} · ${timestamp(line.second * 1000)}`}
                </span>
                <div className="answer-summary__body">
                  <p className="answer-summary__text">{line.text}</p>
                  <Quote quote={line.quote} />
                </div>
                {number !== null && (
                  <button
                    type="button"
                    className="answer-summary__check"
                    aria-label={summaryMessages.checkAnswerAt(number, line.second)}
                    onClick={() => onCheck(line.questionIndex, line.second)}
                  >
                    {summaryMessages.check}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="answer-summary__status">
          {overview.status === 'paused' ? summaryMessages.overviewPaused : summaryMessages.overviewUnavailable}
        </p>
      )}
    </section>
  );
};
