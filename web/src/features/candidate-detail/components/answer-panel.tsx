import { Alert, Button, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { useRef, type ComponentProps, type RefObject } from 'react';
import type { Answer, CandidateDetail } from '../../../api/candidates';
import { AnswerPlayer, hasRecording } from '../../../components/answers/answer-player';
import { Transcript } from '../../../components/answers/transcript';
import { TypedAnswer } from '../../../components/answers/answer-content';
import { AnswerSummary } from '../../../components/answers/answer-summary';
import { ANSWER_TYPE_LABELS } from '../../../components/answers/answer-format';
import { ChevronLeft, ChevronRight } from './chevrons';
import { EmojiRating } from './emoji-rating';
import { ProcessAgain } from './process-again';

/**
 * The candidate page's answer card (spec §2): one answer at a time, its navigation as the card's top
 * bar (a select, a step for each answer, rated ones marked, Previous / Next answer), then the
 * question, the player, the rating, the machine-written summary (issue 41) and the transcript. The
 * page owns which answer shows. An answer whose video failed to process offers "Process again" under the player (issue 37); once it is
 * started the focus goes to the question's heading, as the button goes with the failure.
 * Each answer shows in its form (issue 39): a video or audio player with its transcript, a text, the
 * options picked, or a file; the navigation names the type of each answer that is not a video.
 */
export const AnswerPanel = ({
  candidateName,
  questions,
  answers,
  index,
  onIndex,
  rating,
  video,
  transcript,
  onPlay,
  onRate,
  onProcessing,
  showSummaries,
  onCheck,
}: {
  candidateName: string;
  questions: CandidateDetail['questions'];
  /** In question order. */
  answers: Answer[];
  index: number;
  onIndex: (index: number) => void;
  /** Rating is on for the company. */
  rating: boolean;
  video: RefObject<HTMLMediaElement | null>;
  transcript: ComponentProps<typeof Transcript>['transcript'];
  onPlay: (answerId: string) => void;
  onRate: (answerId: string, value: number) => void;
  /** Reloads the candidate after "Process again" started their answer's processing. */
  onProcessing: () => Promise<unknown>;
  /** Issue 41: the answer's machine-written summary shows (the reviewer has not hidden summaries). */
  showSummaries: boolean;
  /** A summary point's "Check the answer": this answer's player from that second, playing. */
  onCheck: (answerId: string, second: number) => void;
}) => {
  const heading = useRef<HTMLHeadingElement>(null);
  const answer = answers[index];
  const question = answer ? questions[answer.questionIndex] : undefined;
  return (
    <section className="answer-panel" aria-label="Answers">
      {answers.length === 0 || !answer ? (
        <Alert variation="info">{candidateName} has not answered any questions yet.</Alert>
      ) : (
        <>
          {/* The answers' navigation, attached to the player it drives. */}
          <div className="answer-panel__nav">
            <SelectField
              label="Answer"
              labelHidden
              size="small"
              className="answer-panel__select"
              value={String(index)}
              onChange={(event) => onIndex(Number(event.target.value))}
            >
              {answers.map((a, i) => (
                <option key={a.answerId} value={i}>
                  Answer {i + 1} of {answers.length}
                  {a.answerType === 'video' ? '' : ` · ${ANSWER_TYPE_LABELS[a.answerType]}`}
                </option>
              ))}
            </SelectField>
            {answers.length > 1 && (
              <ol className="answer-panel__steps" aria-hidden="true">
                {answers.map((a, i) => (
                  <li
                    key={a.answerId}
                    className={[
                      'answer-panel__step',
                      i === index ? 'answer-panel__step--current' : '',
                      rating && a.rating !== null ? 'answer-panel__step--rated' : '',
                    ].join(' ')}
                  />
                ))}
              </ol>
            )}
            <div className="answer-panel__buttons">
              {answers.length > 1 && (
                <Button size="small" variation="link" aria-keyshortcuts="ArrowLeft [" isDisabled={index === 0} onClick={() => onIndex(index - 1)}>
                  <ChevronLeft />
                  Previous answer
                </Button>
              )}
              <Button size="small" aria-keyshortcuts="ArrowRight ]" isDisabled={index >= answers.length - 1} onClick={() => onIndex(index + 1)}>
                Next answer
                <ChevronRight />
              </Button>
            </div>
          </div>
          <div className="answer-panel__body">
            <Heading ref={heading} tabIndex={-1} level={2} className="answer-panel__question">
              {question?.title || `Question ${answer.questionIndex + 1}`}
            </Heading>
            {question?.content && <Text className="answer-panel__details">{question.content}</Text>}
            {hasRecording(answer) && (
              <AnswerPlayer
                key={answer.answerId}
                ref={video}
                answer={answer}
                kind={answer.answerType === 'audio' ? 'audio' : 'video'}
                label={`Answer ${index + 1}`}
                onPlay={() => onPlay(answer.answerId)}
              />
            )}
            <TypedAnswer key={`typed-${answer.answerId}`} answer={answer} label={`Answer ${index + 1}: options`} />
            {answer.video?.uploadStatus === 'failed' && (
              <ProcessAgain
                key={`process-${answer.answerId}`}
                answerId={answer.answerId}
                onStarted={async () => {
                  await onProcessing();
                  heading.current?.focus();
                }}
              />
            )}
            {rating && <EmojiRating value={answer.rating} onChange={(value) => onRate(answer.answerId, value)} />}
            {showSummaries && hasRecording(answer) && answer.video.uploadStatus !== 'failed' && (
              <AnswerSummary key={`summary-${answer.answerId}`} summary={answer.summary} onCheck={(second) => onCheck(answer.answerId, second)} />
            )}
            {hasRecording(answer) && answer.video.uploadStatus !== 'failed' && <Transcript transcript={transcript} video={video} headingLevel={3} />}
          </div>
        </>
      )}
    </section>
  );
};
