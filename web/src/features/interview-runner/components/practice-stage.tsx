import { useEffect, useRef, useState } from 'react';
import { startRecording, type Recording } from '../../../lib/recorder';
import { clock, takeLength } from '../../../lib/take';
import type { Interview } from '../api';
import { messages } from '../messages';
import { useTakeClock, type ClockPhase } from '../use-take-clock';
import type { TakeRecorder } from './question-step';
import { TakeStage } from './take-stage';
import { Alert, Button, Title } from './ui';

export const PRACTICE_QUESTION = 'Tell us about your favourite hobby.';

type Phase = 'ready' | 'thinking' | 'countdown' | 'recording' | 'review';

/**
 * A practice round from the camera check (issue 25): a sample question with the candidate's own
 * timing (thinking, countdown, recording), then the take played back at once from memory, with
 * Try again and Go to the interview. Nothing leaves the browser: no API call, no upload, nothing
 * counted. Where the browser records through the live service (no MediaRecorder), the practice has
 * the preview and the timer only, and says its take is not played back.
 */
export const PracticeStage = ({
  stream,
  recorder,
  audio = false,
  pacing,
  onDone,
}: {
  stream: MediaStream;
  recorder: TakeRecorder;
  /** The interview records audio only (issue 39): so does the practice, with the level meter in place of the camera. */
  audio?: boolean;
  pacing: Interview['pacing'];
  onDone: () => void;
}) => {
  const [phase, setPhase] = useState<Phase>(pacing.thinkingTime === null ? 'ready' : pacing.thinkingTime === 0 ? 'countdown' : 'thinking');
  const [error, setError] = useState<string | null>(null);
  const [take, setTake] = useState<string | null>(null);
  const [recorded, setRecorded] = useState(0);
  const recording = useRef<Recording | null>(null);
  const elapsed = useRef(0);
  const format = recorder.kind === 'media-recorder' ? recorder.format : null;
  const stopButton = useRef<HTMLButtonElement>(null);
  const doneButton = useRef<HTMLButtonElement>(null);

  useEffect(() => () => void (take && URL.revokeObjectURL(take)), [take]);
  useEffect(() => () => void recording.current?.stop().catch(() => undefined), []);

  const begin = () => {
    if (format) {
      try {
        recording.current = startRecording(stream, format, () => undefined);
      } catch {
        setError(messages.startRecording);
        setPhase('ready');
        return;
      }
    }
    setPhase('recording');
  };

  const stop = async () => {
    const current = recording.current;
    recording.current = null;
    setRecorded(elapsed.current);
    if (!current) return setPhase('review');
    try {
      setTake(URL.createObjectURL(await current.stop()));
      setPhase('review');
    } catch {
      setError(messages.recordVideo);
      setPhase('ready');
    }
  };

  const clockPhase: ClockPhase = phase === 'thinking' || phase === 'countdown' || phase === 'recording' ? phase : null;
  const { seconds, announcement } = useTakeClock({
    phase: clockPhase,
    thinkingTime: pacing.thinkingTime,
    answerTime: pacing.answerTime,
    onOver: (over) => (over === 'thinking' ? setPhase('countdown') : over === 'countdown' ? begin() : void stop()),
  });
  useEffect(() => {
    if (phase === 'recording') elapsed.current = seconds;
  }, [phase, seconds]);
  useEffect(() => {
    if (phase === 'recording') stopButton.current?.focus();
    else if (phase === 'review') doneButton.current?.focus();
  }, [phase]);

  const tryAgain = () => {
    setTake(null);
    setError(null);
    setPhase('countdown');
  };

  return (
    <div className="ir-stack">
      <Title focus>Practice question</Title>
      <p className="ir-secondary">A practice take stays on your device: it is never sent to anyone and does not count.</p>
      <p className="ir-question">{PRACTICE_QUESTION}</p>
      {!format && (
        <Alert variation="info">In this browser the practice shows your camera and the timer only: your practice take is not played back.</Alert>
      )}
      <TakeStage
        stream={stream}
        audio={audio}
        playback={phase === 'review' && take ? { url: take, label: 'Your practice answer', autoPlay: true, seconds: recorded } : null}
        countdown={phase === 'countdown' ? seconds : null}
        recording={phase === 'recording' ? { elapsed: seconds, limit: pacing.answerTime } : null}
        announcement={announcement}
        bar={
          phase === 'recording' && (
            <Button ref={stopButton} variation="danger" onClick={() => void stop()}>
              <span className="ir-stop-icon" aria-hidden="true" />
              Stop recording
            </Button>
          )
        }
      />
      {error && <Alert variation="error">{error}</Alert>}
      {phase === 'thinking' && <p role="timer">Recording starts in {clock(seconds)}. Take your time to think.</p>}
      {phase === 'review' && !take && <p role="status">Your practice take is over ({takeLength(recorded)}). It is not played back in this browser.</p>}
      {phase !== 'recording' && (
        <div className="ir-row">
          {(phase === 'ready' || phase === 'thinking') && (
            <Button variation="primary" onClick={() => setPhase('countdown')}>
              Start recording
            </Button>
          )}
          {phase === 'review' && <Button onClick={tryAgain}>Try again</Button>}
          <Button ref={doneButton} variation={phase === 'review' ? 'primary' : undefined} onClick={onDone}>
            Go to the interview
          </Button>
        </div>
      )}
    </div>
  );
};
