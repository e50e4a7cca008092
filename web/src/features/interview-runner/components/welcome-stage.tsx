import type { Interview } from '../api';
import { TimingRequest } from './timing-request';
import { Button, Title } from './ui';

const describeTime = (seconds: number | null, none: string, unlimited: string) =>
  seconds === null ? unlimited : seconds === 0 ? none : seconds < 60 ? `${seconds} seconds` : `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;

/**
 * The interview's welcome: who invites the candidate to what, their pacing (the effective one, with
 * any adjustment made), the way to ask for more time before starting, and the start.
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
  return (
    <div className="ir-stack">
      <Title>Welcome, {data.candidateName}</Title>
      <p>
        {data.companyName} invites you to a video interview for {data.jobTitle}. There {data.questions.length === 1 ? 'is' : 'are'}{' '}
        {data.questions.length} question{data.questions.length === 1 ? '' : 's'}
        {answeredBefore > 0 ? `, and you have answered ${answeredBefore} already` : ''}.
      </p>
      <ul aria-label="Pacing" className="ir-list">
        <li>Time to think before each answer: {describeTime(pacing.thinkingTime, 'none', 'as long as you need')}</li>
        <li>Longest answer: {describeTime(pacing.answerTime, 'none', 'no limit')}</li>
        <li>Retakes per question: {pacing.retakes === null ? 'unlimited' : pacing.retakes === 0 ? 'none' : pacing.retakes}</li>
      </ul>
      {timing.adjusted && <p>Your timing has been adjusted.</p>}
      <TimingRequest token={token} timing={timing} onChanged={onTimingChanged} />
      {data.expiresAt && <p className="ir-small">Please complete it by {new Date(data.expiresAt).toLocaleString()}.</p>}
      <Button variation="primary" onClick={onStart}>
        {answeredBefore > 0 ? 'Continue the interview' : 'Start the interview'}
      </Button>
    </div>
  );
};
