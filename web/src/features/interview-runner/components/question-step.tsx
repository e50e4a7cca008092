import { useEffect, useMemo, useRef, useState } from 'react';
import { LIVE_CONTENT_TYPE } from '../../../../../lambdas/contracts/live-recording';
import { clock, takeLength } from '../../../lib/take';
import { audioTracksOf, type RecorderChoice } from '../../../lib/recorder';
import type { Interview } from '../api';
import { messages } from '../messages';
import { retakesBadge, retakesLeftBeforeTake } from '../retakes';
import type { QuestionPhase, TakeControls } from '../take-phase';
import { useLiveTake } from '../use-live-take';
import { useRecordedTake } from '../use-recorded-take';
import { useTakeClock, type ClockPhase } from '../use-take-clock';
import { CaptionedVideo } from './captioned-video';
import { TakeStage } from './take-stage';
import { UploadBar, uploadPercent } from './upload-bar';
import { Alert, Button, Loader, Title } from './ui';

type Question = Interview['questions'][number];

/** A recorder of the candidate's browser: MediaRecorder with its format, or the live-recording service. */
export type TakeRecorder = Exclude<RecorderChoice, { kind: 'file' }>;

/**
 * One question (DESIGN.md §4): the question (a video with captions), the thinking time (none, timed
 * or unlimited), a 3-second countdown, recording with a timer that warns 20 seconds before the max
 * answer length and stops at it (with no limit it shows the time recorded and runs on) while the
 * parts upload, then review with Retake (while retakes remain) and Submit. The focus follows the
 * take: Stop when recording starts, Submit when it stops. The take itself is use-recorded-take.ts.
 * An audio-only question (issue 39) is the same take of the microphone alone, in an audio format,
 * with its level meter where the camera would be; it is never live (chooseAudioRecorder).
 *
 * Live (issue 30: no usable MediaRecorder, or the force-recorder-service flag): the same steps, but
 * after the countdown the camera is published to the live-recording service ("Connecting…" until
 * it is live); a dropped connection is retried ("Reconnecting…") within the reconnect window, past it
 * the take fails and may be recorded again. Stop ends the stream and the service saves the take;
 * there is nothing to play back locally, so review says how long the recorded answer is
 * (use-live-take.ts).
 */
export const QuestionStep = ({
  token,
  index,
  total,
  question,
  pacing,
  stream,
  recorder,
  onSubmitted,
}: {
  token: string;
  index: number;
  total: number;
  question: Question;
  pacing: Interview['pacing'];
  stream: MediaStream;
  recorder: TakeRecorder;
  onSubmitted: (completed: boolean) => void;
}) => {
  // A video question is watched first: thinking time (or, with none, the countdown) starts when it ends.
  const [watching, setWatching] = useState(Boolean(question.video));
  const [phase, setPhase] = useState<QuestionPhase>(() =>
    pacing.thinkingTime === null ? 'ready' : pacing.thinkingTime === 0 && !question.video ? 'countdown' : 'thinking',
  );
  const questionVideo = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  // Submit pressed while the take is still uploading does nothing but say why (until the upload is done or a retake).
  const [toldToWait, setToldToWait] = useState(false);
  const [retakesLeft, setRetakesLeft] = useState(() => retakesLeftBeforeTake(pacing.retakes, question.attemptsUsed));
  const answerIdRef = useRef<string | null>(null);
  const liveMode = recorder.kind === 'live';
  const format = recorder.kind === 'media-recorder' ? recorder.format : LIVE_CONTENT_TYPE;
  // An audio-only question (issue 39) records the microphone alone, in an audio format, with the level meter for a preview.
  const audio = question.answer.answerType === 'audio';
  const takeStream = useMemo(() => (audio ? audioTracksOf(stream) : stream), [audio, stream]);
  const controls: TakeControls = { token, index, stream: takeStream, answerIdRef, setPhase, setError, setRetakesLeft, onSubmitted };
  const recorded = useRecordedTake(controls, { format, active: !liveMode, phase });
  const live = useLiveTake(controls);
  const { progress, uploadState } = recorded;
  const { begin, stop, submit } = liveMode ? live : recorded;
  // Keyboard users keep their place: Stop takes the focus when recording starts, Submit once it stops.
  const startButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const retakeButton = useRef<HTMLButtonElement>(null);

  const watched = () => {
    if (!watching) return;
    setWatching(false);
    if (phase === 'thinking' && pacing.thinkingTime === 0) setPhase('countdown');
  };
  // The question video must not play into the answer.
  useEffect(() => {
    if (phase !== 'thinking' && phase !== 'ready') questionVideo.current?.pause();
  }, [phase]);

  // One clock drives the phases: thinking time → countdown → recording, which stops at the max answer length.
  const clockPhase: ClockPhase =
    phase === 'thinking' ? (watching ? null : 'thinking') : phase === 'countdown' || phase === 'recording' ? phase : null;
  const { seconds, announcement } = useTakeClock({
    phase: clockPhase,
    thinkingTime: pacing.thinkingTime,
    answerTime: pacing.answerTime,
    onOver: (over) => {
      if (over === 'thinking') setPhase('countdown');
      else if (over === 'countdown') {
        setPhase('starting');
        void begin();
      } else void stop();
    },
  });
  const { recordedFor } = live;
  useEffect(() => {
    if (phase === 'recording') recordedFor(seconds);
  }, [phase, seconds, recordedFor]);

  useEffect(() => {
    if (phase === 'recording') stopButton.current?.focus();
    else if (phase === 'review') submitButton.current?.focus();
    else if (phase === 'failed') retakeButton.current?.focus();
  }, [phase]);
  useEffect(() => {
    if (phase === 'ready' && error) startButton.current?.focus();
  }, [phase, error]);

  const retake = () => {
    recorded.discard();
    live.discard();
    setError(null);
    setToldToWait(false);
    setPhase('countdown');
  };

  const reviewing = phase === 'review' || phase === 'submitting';
  const liveReview = liveMode && reviewing;
  const paused = progress?.paused ?? false;
  // Submit waits for every part to be at S3: it says so, and what is left, until then.
  const waitingForUpload = !liveMode && uploadState === 'uploading';
  const waitHint = waitingForUpload && toldToWait;
  const badge = retakesBadge(retakesLeft);

  const recordingBar = (
    <>
      <Button ref={stopButton} variation="danger" onClick={() => void stop()}>
        <span className="ir-stop-icon" aria-hidden="true" />
        Stop recording
      </Button>
      {paused && <UploadBar progress={progress} />}
    </>
  );
  const reviewBar = (
    <>
      {!liveMode && <UploadBar progress={progress} done={uploadState === 'uploaded'} />}
      <div className="ir-row ir-take__actions">
        {retakesLeft !== 0 && (
          <Button onClick={retake} disabled={phase === 'submitting'}>
            Retake
          </Button>
        )}
        <Button
          ref={submitButton}
          variation="primary"
          aria-disabled={waitingForUpload || undefined}
          aria-describedby={waitHint ? 'ir-wait-for-upload' : undefined}
          onClick={() => (waitingForUpload ? setToldToWait(true) : void submit())}
          isLoading={phase === 'submitting'}
          loadingText="Saving your answer..."
        >
          {waitingForUpload ? (paused ? 'Waiting for the connection…' : `Uploading… ${uploadPercent(progress)}%`) : 'Submit answer'}
        </Button>
      </div>
      {!liveMode && (
        <p id="ir-wait-for-upload" className="ir-secondary" role="status" aria-live="polite" data-testid="wait-for-upload">
          {waitHint ? messages.uploadNotFinished : ''}
        </p>
      )}
    </>
  );

  return (
    <div className="ir-stack">
      <div className="ir-row ir-row--spread">
        <p className="ir-secondary">
          Question {index + 1} of {total}
        </p>
        {badge && <span className="ir-badge">{badge}</span>}
      </div>
      <Title focus>{question.title || `Question ${index + 1}`}</Title>
      {question.video && <CaptionedVideo ref={questionVideo} video={question.video} label="Question video" onEnded={watched} onError={watched} />}
      {question.content && <p className="ir-pre">{question.content}</p>}

      {liveReview ? (
        <div className="ir-take">
          <p className="ir-recorded" role="status">
            Your answer is recorded ({takeLength(live.recordedSeconds ?? 0)}).
          </p>
          <div className="ir-take__bar">{reviewBar}</div>
        </div>
      ) : (
        <TakeStage
          stream={takeStream}
          audio={audio}
          playback={
            reviewing && recorded.review
              ? { url: recorded.review, label: 'Your answer', poster: recorded.poster, seconds: recorded.takeSeconds }
              : null
          }
          countdown={phase === 'countdown' ? seconds : null}
          starting={phase === 'starting'}
          recording={phase === 'recording' ? { elapsed: seconds, limit: pacing.answerTime } : null}
          announcement={announcement}
          onPreview={recorded.onPreview}
          bar={phase === 'recording' ? recordingBar : reviewing ? reviewBar : null}
        >
          {liveMode && (
            <p className="ir-live-status" role="status" aria-live="polite">
              {phase === 'connecting' ? messages.connecting : phase === 'recording' && live.liveState === 'reconnecting' ? messages.reconnecting : ''}
            </p>
          )}
        </TakeStage>
      )}

      {error && <Alert variation="error">{error}</Alert>}
      {(phase === 'thinking' || phase === 'ready') && (
        <div className="ir-stack ir-stack--tight">
          {watching ? (
            <p>
              {pacing.thinkingTime === 0
                ? 'Watch the question: recording starts when the video ends.'
                : 'Watch the question: your thinking time starts when the video ends.'}
            </p>
          ) : (
            phase === 'thinking' && <p role="timer">Recording starts in {clock(seconds)}. Take your time to think.</p>
          )}
          <Button ref={startButton} variation="primary" onClick={() => setPhase('countdown')}>
            Start recording
          </Button>
        </div>
      )}
      {phase === 'failed' && (
        <div className="ir-row">
          <Button ref={retakeButton} variation="primary" onClick={retake}>
            Retake
          </Button>
        </div>
      )}
      {phase === 'stopping' && (
        <p className="ir-small" role="status">
          Saving your answer…
        </p>
      )}
      {(phase === 'submitting' || phase === 'stopping') && <Loader />}
    </div>
  );
};
