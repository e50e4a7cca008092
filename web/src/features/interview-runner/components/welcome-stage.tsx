import type { Interview } from '../api';
import { estimateTime } from '../estimate';
import { TimingRequest } from './timing-request';
import { Button, Title } from './ui';

const describeTime = (seconds: number | null, none: string, unlimited: string) =>
  seconds === null ? unlimited : seconds === 0 ? none : seconds < 60 ? `${seconds} seconds` : `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;

/**
 * The interview's welcome: who invites the candidate to what, an estimate of the time it takes and
 * their pacing (the effective one, with any adjustment made), who sees their answers and for how
 * long (and, when the company has summaries on, that an AI model summarises the answers: issue 41),
 * the way to ask for more time before starting, and the start. The company's logo (or name)
 * is in the page's band above (BrandedPage).
 */
export const WelcomeStage = ({
  data,
  token,
  onTimingChanged,
  onStart,
}: {
  data: Interview;
  token: string;
  onTimingChanged: () => void;
  onStart: () => void;
}) => {
  const answeredBefore = data.questions.filter((q) => q.answered).length;
  const { pacing, timing } = data;
  const estimate = estimateTime(pacing, data.questions.length - answeredBefore);
  return (
    <div className="ir-stack ir-welcome">
      <Title>Welcome, {data.candidateName}</Title>
      <p className="ir-lead">
        {data.companyName} invites you to a video interview for {data.jobTitle}. There {data.questions.length === 1 ? 'is' : 'are'}{' '}
        {data.questions.length} question{data.questions.length === 1 ? '' : 's'}
        {answeredBefore > 0 ? `, and you have answered ${answeredBefore} already` : ''}.
      </p>
      <div className="ir-welcome__grid">
        <section className="ir-panel ir-panel--soft" aria-labelledby="ir-welcome-time">
          <h2 className="ir-subtitle" id="ir-welcome-time">
            Estimated time
          </h2>
          <p className="ir-figure" data-testid="estimated-time">
            {estimate.headline}
          </p>
          <p className="ir-small ir-secondary">{estimate.detail}</p>
          <ul aria-label="Pacing" className="ir-list">
            <li>Time to think before each answer: {describeTime(pacing.thinkingTime, 'none', 'as long as you need')}</li>
            <li>Longest answer: {describeTime(pacing.answerTime, 'none', 'no limit')}</li>
            <li>Retakes per question: {pacing.retakes === null ? 'unlimited' : pacing.retakes === 0 ? 'none' : pacing.retakes}</li>
          </ul>
        </section>
        <section className="ir-panel ir-panel--soft" aria-labelledby="ir-welcome-privacy" data-testid="privacy-note">
          <h2 className="ir-subtitle" id="ir-welcome-privacy">
            Who sees your answers
          </h2>
          <p>
            Your video answers go to the hiring team at {data.companyName} for this position. They may share them with others involved in this hiring
            decision.
          </p>
          {data.answersSummarised && (
            <p data-testid="summaries-notice">
              Your answers will be transcribed and summarised by an AI model to help the team review them; a person makes every decision.
            </p>
          )}
          <p className="ir-small ir-secondary">
            Your answers are kept with your application: when {data.companyName} deletes it, your videos are deleted with it.
          </p>
        </section>
      </div>
      {timing.adjusted && <p>Your timing has been adjusted.</p>}
      <TimingRequest token={token} timing={timing} onChanged={onTimingChanged} />
      {data.expiresAt && <p className="ir-small">Please complete it by {new Date(data.expiresAt).toLocaleString()}.</p>}
      <Button variation="primary" onClick={onStart}>
        {answeredBefore > 0 ? 'Continue the interview' : 'Start the interview'}
      </Button>
    </div>
  );
};
