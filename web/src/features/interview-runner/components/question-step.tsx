import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_CONTENT_TYPE, RECONNECT_WINDOW_SECONDS } from '../../../../../lambdas/contracts/live-recording';
import { clock, stopWithRetries } from '../../../lib/take';
import { errorMessage } from '../../../api/client';
import { isSafariUpTo14_3, LivePublisher, type LiveState } from '../../../lib/live-publisher';
import { containerOf, startRecording, type RecorderChoice, type Recording } from '../../../lib/recorder';
import {
  createRecordingCall,
  partUrlSource,
  startAnswerCall,
  startRecordingCall,
  stopRecordingCall,
  submitAnswerCall,
  submitLiveAnswerCall,
  type Interview,
  type StartedAnswer,
} from '../api';
import { messages } from '../messages';
import { MultipartUpload, UploadRefused, type UploadedPart, type UploadProgress } from '../multipart-upload';
import { retakesBadge, retakesLeftBeforeTake } from '../retakes';
import { frameOf, posterOf } from '../take-poster';
import { useTakeClock, type ClockPhase } from '../use-take-clock';
import { CaptionedVideo } from './captioned-video';
import { TakeStage } from './take-stage';
import { UploadBar, uploadPercent } from './upload-bar';
import { Alert, Button, Loader, Title } from './ui';

type Question = Interview['questions'][number];
/**
 * `thinking` counts the thinking time down (once a video question is watched); `ready` waits for
 * Start recording (unlimited thinking, or after a take could not start). A live take adds
 * `connecting` (until the stream is live), `stopping` (the service saves it) and `failed` (the
 * connection could not come back).
 */
type Phase = 'ready' | 'thinking' | 'countdown' | 'starting' | 'connecting' | 'recording' | 'stopping' | 'review' | 'submitting' | 'failed';

/** A recorder of the candidate's browser: MediaRecorder with its format, or the live-recording service. */
export type TakeRecorder = Exclude<RecorderChoice, { kind: 'file' }>;

/** Where a recorded take's parts are: on their way, all at S3 (Submit may go), or refused for good. */
type UploadState = 'uploading' | 'uploaded' | 'refused';

/**
 * One question (DESIGN.md §4): the question (a video with captions), the thinking time (none, timed
 * or unlimited), a 3-second countdown, recording with a timer that warns 20 seconds before the max
 * answer length and stops at it (with no limit it shows the time recorded and runs on) while the
 * parts upload, then review with Retake (while retakes remain) and Submit. The focus follows the
 * take: Stop when recording starts, Submit when it stops.
 *
 * Live (issue 30: no usable MediaRecorder, or the force-recorder-service flag): the same steps, but
 * after the countdown the camera is published to the live-recording service ("Connecting…" until
 * it is live); a dropped connection is retried ("Reconnecting…") within the reconnect window, past it
 * the take fails and may be recorded again. Stop ends the stream and the service saves the take;
 * there is nothing to play back locally, so review says how long the recorded answer is.
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
  const [phase, setPhase] = useState<Phase>(() =>
    pacing.thinkingTime === null ? 'ready' : pacing.thinkingTime === 0 && !question.video ? 'countdown' : 'thinking',
  );
  const questionVideo = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [retakesLeft, setRetakesLeft] = useState(() => retakesLeftBeforeTake(pacing.retakes, question.attemptsUsed));
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [review, setReview] = useState<string | null>(null);
  // The take under review: its first frame and its length as recorded; where its parts are.
  const [poster, setPoster] = useState<string | null>(null);
  const [takeSeconds, setTakeSeconds] = useState<number | null>(null);
  const [uploadState, setUploadState] = useState<UploadState>('uploading');
  const uploaded = useRef<Promise<UploadedPart[]> | null>(null);
  /** The answer started as the countdown begins, so recording starts the moment it ends. */
  const pendingStart = useRef<Promise<StartedAnswer> | null>(null);
  /**
   * A retake's start waits (a few seconds at most) for the last take's upload to wind down: the new
   * take aborts the old one at the server, which would refuse a part request still on its way.
   */
  const previousUpload = useRef<Promise<unknown>>(Promise.resolve());
  const preview = useRef<HTMLVideoElement | null>(null);
  const firstFrame = useRef<Promise<string | null> | null>(null);
  const startedAt = useRef(0);
  const recording = useRef<Recording | null>(null);
  const upload = useRef<MultipartUpload | null>(null);
  const answerId = useRef<string | null>(null);
  const liveMode = recorder.kind === 'live';
  const format = recorder.kind === 'media-recorder' ? recorder.format : LIVE_CONTENT_TYPE;
  const startAfterPrevious = useCallback(
    () =>
      Promise.race([previousUpload.current, new Promise((resolve) => window.setTimeout(resolve, 3_000))]).then(() =>
        startAnswerCall(token, index, containerOf(format)),
      ),
    [format, index, token],
  );
  // The live take: its publisher while it streams, its recording's id, the connection's state and the recorded length.
  const publisher = useRef<LivePublisher | null>(null);
  const recordingId = useRef<string | null>(null);
  const [liveState, setLiveState] = useState<LiveState | null>(null);
  const [recordedSeconds, setRecordedSeconds] = useState<number | null>(null);
  const elapsed = useRef(0);
  // Keyboard users keep their place: Stop takes the focus when recording starts, Submit once it stops.
  const startButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const retakeButton = useRef<HTMLButtonElement>(null);

  // Leaving the question (a device lost mid-take) ends its recorder and its upload.
  useEffect(
    () => () => {
      upload.current?.cancel();
      void recording.current?.stop().catch(() => undefined);
    },
    [],
  );
  useEffect(() => () => void (review && URL.revokeObjectURL(review)), [review]);
  useEffect(() => () => void (poster && URL.revokeObjectURL(poster)), [poster]);
  // Leaving the question mid-take ends the stream, and the service is told (best effort).
  useEffect(
    () => () => {
      const streaming = publisher.current;
      publisher.current = null;
      if (!streaming) return;
      streaming.stop();
      if (recordingId.current) void stopRecordingCall(token, recordingId.current).catch(() => undefined);
    },
    [token],
  );

  /** The live stream failed past its reconnect window: the take is lost; the candidate records it again. */
  const lastLiveState = useRef<LiveState | null>(null);
  /** The take that was lost, which the next one replaces. */
  const lostAnswerId = useRef<string | null>(null);
  const onLiveState = useCallback((state: LiveState) => {
    const before = lastLiveState.current;
    lastLiveState.current = state;
    setLiveState(state);
    if (state !== 'failed' || before !== 'reconnecting') return;
    publisher.current = null;
    setError(messages.liveLost);
    setPhase('failed');
    // Not stopped: the service ends the recording when the reconnect window passes, and so learns the
    // take was lost, which lets the next take replace it without counting as a retake.
    lostAnswerId.current = answerId.current;
  }, []);

  const stopLive = useCallback(async () => {
    const streaming = publisher.current;
    const id = recordingId.current;
    if (!streaming || !id) return;
    publisher.current = null;
    streaming.stop();
    setPhase('stopping');
    try {
      const result = await stopWithRetries(() => stopRecordingCall(token, id));
      if (result.status === 'failed') {
        setError(messages.recordVideo);
        setPhase('failed');
        lostAnswerId.current = answerId.current;
        return;
      }
      setRecordedSeconds(result.seconds ?? elapsed.current);
      setPhase('review');
    } catch (e) {
      setError(errorMessage(e, messages.saveVideo));
      setPhase('failed');
    }
  }, [token]);

  const beginLive = useCallback(async () => {
    setError(null);
    setRecordedSeconds(null);
    lastLiveState.current = 'connecting';
    setLiveState('connecting');
    setPhase('connecting');
    let streaming: LivePublisher | null = null;
    try {
      const started = await startAnswerCall(token, index, LIVE_CONTENT_TYPE, lostAnswerId.current ?? undefined);
      lostAnswerId.current = null;
      answerId.current = started.answerId;
      setRetakesLeft(started.retakesLeft);
      const created = await createRecordingCall(token, started.answerId);
      recordingId.current = created.recordingId;
      streaming = new LivePublisher({
        stream,
        negotiate: (offer) => startRecordingCall(token, created.recordingId, offer),
        onState: onLiveState,
        reconnectWindowMs: RECONNECT_WINDOW_SECONDS * 1000,
      });
      publisher.current = streaming;
      await streaming.start();
      if (publisher.current !== streaming) return;
      elapsed.current = 0;
      setPhase('recording');
    } catch (e) {
      // Left meanwhile (the question unmounted): nothing to show.
      if (streaming && publisher.current !== streaming) return;
      publisher.current = null;
      streaming?.stop();
      if (recordingId.current) {
        // Never connected: the service fails the take, and the next one replaces it without counting.
        void stopRecordingCall(token, recordingId.current).catch(() => undefined);
        lostAnswerId.current = answerId.current;
      }
      recordingId.current = null;
      // Safari 14.3 or older records nowhere: neither MediaRecorder nor the service (spec §8).
      setError(errorMessage(e, isSafariUpTo14_3(navigator.userAgent) ? messages.oldSafari : messages.connectRecorder));
      setLiveState(null);
      setPhase('ready');
    }
  }, [index, onLiveState, stream, token]);

  const stopRecorder = useCallback(async () => {
    const current = recording.current;
    if (!current) return;
    recording.current = null;
    const seconds = (performance.now() - startedAt.current) / 1000;
    try {
      const blob = await current.stop();
      // Every chunk is handed over: the last part goes now, and Submit waits for S3 to have them all.
      const sending = upload.current;
      if (sending) {
        setUploadState('uploading');
        const parts = sending.finish();
        uploaded.current = parts;
        parts.then(
          () => upload.current === sending && setUploadState('uploaded'),
          (e: unknown) => {
            if (upload.current !== sending || !(e instanceof UploadRefused)) return;
            setUploadState('refused');
            setError(messages.uploadFailure);
          },
        );
      }
      setTakeSeconds(Math.max(0, Math.round(seconds)));
      setReview(URL.createObjectURL(blob));
      setPhase('review');
      const frame = firstFrame.current;
      firstFrame.current = null;
      void posterOf(frame, blob).then((url) => (upload.current === sending ? setPoster(url) : url && URL.revokeObjectURL(url)));
    } catch {
      setError(messages.recordVideo);
      setPhase('ready');
    }
  }, []);

  const stop = liveMode ? stopLive : stopRecorder;

  const beginRecorder = useCallback(async () => {
    setError(null);
    const pending = pendingStart.current ?? startAfterPrevious();
    pendingStart.current = null;
    try {
      const started = await pending;
      answerId.current = started.answerId;
      setRetakesLeft(started.retakesLeft);
      upload.current = new MultipartUpload(partUrlSource(token, started.answerId), started.minPartBytes, setProgress);
      setProgress(null);
      const live = upload.current;
      recording.current = startRecording(stream, format, (chunk) => live.push(chunk));
      startedAt.current = performance.now();
      setPhase('recording');
      // The take's first frame, from the preview as recording starts: its poster under review.
      firstFrame.current = new Promise((resolve) => window.setTimeout(() => resolve(frameOf(preview.current)), 0));
    } catch (e) {
      setError(errorMessage(e, messages.startRecording));
      setPhase('ready');
    }
  }, [format, startAfterPrevious, stream, token]);
  const begin = liveMode ? beginLive : beginRecorder;
  // The answer is started while the countdown runs (a recorder's take), so the REC mark, the timer
  // and Stop are there the moment it ends, not after a round trip.
  useEffect(() => {
    if (phase !== 'countdown' || liveMode || pendingStart.current) return;
    const pending = startAfterPrevious();
    pending.catch(() => undefined); // its failure is reported when the recording starts
    pendingStart.current = pending;
  }, [phase, liveMode, startAfterPrevious]);

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
  useEffect(() => {
    if (phase === 'recording') elapsed.current = seconds;
  }, [phase, seconds]);

  useEffect(() => {
    if (phase === 'recording') stopButton.current?.focus();
    else if (phase === 'review') submitButton.current?.focus();
    else if (phase === 'failed') retakeButton.current?.focus();
  }, [phase]);
  useEffect(() => {
    if (phase === 'ready' && error) startButton.current?.focus();
  }, [phase, error]);

  const retake = () => {
    upload.current?.cancel();
    upload.current = null;
    previousUpload.current = (uploaded.current ?? Promise.resolve()).catch(() => undefined);
    uploaded.current = null;
    setReview(null);
    setPoster(null);
    setTakeSeconds(null);
    setUploadState('uploading');
    setProgress(null);
    recordingId.current = null;
    setRecordedSeconds(null);
    setLiveState(null);
    setError(null);
    setPhase('countdown');
  };

  const submitLive = async () => {
    if (!recordingId.current || !answerId.current) return;
    setPhase('submitting');
    setError(null);
    try {
      const { completed } = await submitLiveAnswerCall(token, answerId.current, recordingId.current);
      onSubmitted(completed);
    } catch (e) {
      setError(errorMessage(e, messages.saveVideo));
      setPhase('review');
    }
  };

  const submitRecorded = async () => {
    if (!uploaded.current || !answerId.current || uploadState === 'uploading') return;
    setPhase('submitting');
    setError(null);
    try {
      const parts = await uploaded.current;
      const { completed } = await submitAnswerCall(token, answerId.current, parts);
      onSubmitted(completed);
    } catch (e) {
      setError(e instanceof UploadRefused ? messages.uploadFailure : errorMessage(e, messages.saveVideo));
      setPhase('review');
    }
  };

  const submit = liveMode ? submitLive : submitRecorded;

  const reviewing = phase === 'review' || phase === 'submitting';
  const liveReview = liveMode && reviewing;
  const paused = progress?.paused ?? false;
  // Submit waits for every part to be at S3: it says so, and what is left, until then.
  const waitingForUpload = !liveMode && uploadState === 'uploading';
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
          onClick={() => void submit()}
          isLoading={phase === 'submitting'}
          loadingText="Saving your answer..."
        >
          {waitingForUpload ? (paused ? 'Waiting for the connection…' : `Uploading… ${uploadPercent(progress)}%`) : 'Submit answer'}
        </Button>
      </div>
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
            Your answer is recorded ({clock(recordedSeconds ?? 0)}).
          </p>
          <div className="ir-take__bar">{reviewBar}</div>
        </div>
      ) : (
        <TakeStage
          stream={stream}
          playback={reviewing && review ? { url: review, label: 'Your answer', poster, seconds: takeSeconds } : null}
          countdown={phase === 'countdown' ? seconds : null}
          starting={phase === 'starting'}
          recording={phase === 'recording' ? { elapsed: seconds, limit: pacing.answerTime } : null}
          announcement={announcement}
          onPreview={(video) => {
            preview.current = video;
          }}
          bar={phase === 'recording' ? recordingBar : reviewing ? reviewBar : null}
        >
          {liveMode && (
            <p className="ir-live-status" role="status" aria-live="polite">
              {phase === 'connecting' ? messages.connecting : phase === 'recording' && liveState === 'reconnecting' ? messages.reconnecting : ''}
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
