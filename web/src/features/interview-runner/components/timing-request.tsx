import { useEffect, useId, useRef, useState } from 'react';
import { TIMING_REQUEST_CHOICE_TEXT, type TimingRequestChoice } from '../../../../../lambdas/contracts/timing';
import { errorMessage } from '../../../api/client';
import { requestTimingCall, type InterviewTiming } from '../api';
import { messages } from '../messages';
import { Alert, Button } from './ui';

const CHOICES: { choice: TimingRequestChoice; label: string }[] = [
  { choice: 'no-time-limit', label: 'No time limit' },
  { choice: 'double-time', label: 'Double time' },
];

/** What the candidate's pick did: applied at once, or sent to the team. */
type Outcome = { applied: boolean; choice: TimingRequestChoice };

const outcomeText = ({ applied, choice }: Outcome) =>
  applied ? `Done: your interview now has ${TIMING_REQUEST_CHOICE_TEXT[choice]}. The figures above are updated.` : messages.timingRequestSent;

/**
 * Issue 25 on the welcome page: "Need more time or no timer?" opens two choices, no time limit and
 * double time. Where the position lets candidates choose (selfService) the pick applies at once and
 * `onChanged` reloads the figures; otherwise it is sent to the hiring team, who answer by e-mail. A
 * request still waiting for the team is shown on a later visit. Only before the first question.
 */
export const TimingRequest = ({ token, timing, onChanged }: { token: string; timing: InterviewTiming; onChanged: () => void }) => {
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState<TimingRequestChoice | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const panelId = useId();
  const said = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) said.current?.focus();
  }, [outcome]);

  const choose = async (choice: TimingRequestChoice) => {
    setSending(choice);
    setError(null);
    try {
      const { applied } = await requestTimingCall(token, choice);
      setOutcome({ applied, choice });
      setOpen(false);
      onChanged();
    } catch (e) {
      setError(errorMessage(e, messages.timingRequestFailed));
    } finally {
      setSending(null);
    }
  };

  if (outcome)
    return (
      <div ref={said} tabIndex={-1} className="ir-full">
        <Alert variation="info">{outcomeText(outcome)}</Alert>
      </div>
    );
  if (!timing.canAsk && !timing.request) return null;
  return (
    <div className="ir-stack ir-stack--tight ir-full">
      {timing.request && (
        <Alert variation="info">
          You asked the hiring team for {TIMING_REQUEST_CHOICE_TEXT[timing.request.choice]} on {new Date(timing.request.requestedAt).toLocaleString()}
          . You can wait for an answer by e-mail or start now with the current timing.
        </Alert>
      )}
      {timing.canAsk && (
        <>
          <Button aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
            Need more time or no timer?
          </Button>
          <div id={panelId} hidden={!open} className="ir-panel">
            <p>
              {timing.selfService
                ? 'Choose what suits you: it applies to your whole interview at once.'
                : 'Choose what you need: your request will be sent to the hiring team, who will answer you by e-mail.'}{' '}
              Double time gives you twice the thinking time and twice the longest answer; no time limit has no timers at all.
            </p>
            <div className="ir-row">
              {CHOICES.map(({ choice, label }) => (
                <Button
                  key={choice}
                  onClick={() => void choose(choice)}
                  disabled={sending !== null}
                  isLoading={sending === choice}
                  loadingText={timing.selfService ? 'Applying…' : 'Sending…'}
                >
                  {label}
                </Button>
              ))}
            </div>
            {error && <Alert variation="error">{error}</Alert>}
          </div>
        </>
      )}
    </div>
  );
};
