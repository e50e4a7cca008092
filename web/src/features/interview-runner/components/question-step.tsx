import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_CONTENT_TYPE, RECONNECT_WINDOW_SECONDS } from '../../../../../lambdas/contracts/live-recording';
import { clock, stopWithRetries } from '../../../lib/take';
import { errorMessage } from '../../../api/client';
import { isSafariUpTo14_3, LivePublisher, type LiveState } from '../../../lib/live-publisher';
import { COUNTDOWN_SECONDS, containerOf, startRecording, type RecorderChoice, type Recording } from '../../../lib/recorder';
import {
  createRecordingCall,
  partUrlSource,
  startAnswerCall,
  startRecordingCall,
  stopRecordingCall,
  submitAnswerCall,
  submitLiveAnswerCall,
  type Interview,
} from '../api';
import { messages } from '../messages';
import { MultipartUpload, UploadRefused, type UploadProgress } from '../multipart-upload';
import { retakesBadge, retakesLeftBeforeTake } from '../retakes';
import { Alert, Button, Loader, Title } from './ui';

type Question = Interview['questions'][number];
/** A live take adds `connecting` (until the stream is live), `stopping` (the service saves it) and `failed` (the connection could not come back). */
type Phase = 'thinking' | 'countdown' | 'starting' | 'connecting' | 'recording' | 'stopping' | 'review' | 'submitting' | 'failed';

/** A recorder of the candidate's browser: MediaRecorder with its format, or the live-recording service. */
export type TakeRecorder = Exclude<RecorderChoice, { kind: 'file' }>;

/** Calls the latest `onTick` once a second while `running`. */
const useSeconds = (running: boolean, onTick: () => void) => {
  const tick = useRef(onTick);
  useEffect(() => {
    tick.current = onTick;
  });
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => tick.current(), 1000);
    return () => clearInterval(timer);
  }, [running]);
};

const progressText = (progress: UploadProgress | null) => {
  if (!progress || progress.totalBytes === 0) return null;
  if (progress.paused) return 'Connection lost: your answer is kept and the upload resumes when you are back online.';
  const percent = Math.floor((progress.sentBytes / progress.totalBytes) * 100);
  return percent >= 100 ? 'Uploaded' : `Uploading… ${percent}%`;
};

/**
 * One question (DESIGN.md §4): the question, the thinking time (none, timed or unlimited), a
 * 3-second countdown, recording with a timer that stops at the max answer length while the parts
 * upload, then review with Retake (while retakes remain) and Submit.
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
  const unlimitedThinking = pacing.thinkingTime === null;
  // A video question is watched first: thinking time (or, with none, the countdown) starts when it ends.
  const [watching, setWatching] = useState(Boolean(question.video));
  const straightToCountdown = pacing.thinkingTime === 0 && !question.video;
  const [phase, setPhase] = useState<Phase>(straightToCountdown ? 'countdown' : 'thinking');
  const [seconds, setSeconds] = useState(straightToCountdown ? COUNTDOWN_SECONDS : (pacing.thinkingTime ?? 0));
  const questionVideo = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [retakesLeft, setRetakesLeft] = useState(() => retakesLeftBeforeTake(pacing.retakes, question.attemptsUsed));
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [review, setReview] = useState<string | null>(null);
  const recording = useRef<Recording | null>(null);
  const upload = useRef<MultipartUpload | null>(null);
  const answerId = useRef<string | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const liveMode = recorder.kind === 'live';
  const format = recorder.kind === 'media-recorder' ? recorder.format : LIVE_CONTENT_TYPE;
  // The live take: its publisher while it streams, its recording's id, the connection's state and the recorded length.
  const publisher = useRef<LivePublisher | null>(null);
  const recordingId = useRef<string | null>(null);
  const [liveState, setLiveState] = useState<LiveState | null>(null);
  const [recordedSeconds, setRecordedSeconds] = useState<number | null>(null);
  const elapsed = useRef(0);

  useEffect(() => {
    if (preview.current && (phase === 'thinking' || phase === 'countdown' || phase === 'recording' || phase === 'connecting' || phase === 'failed'))
      preview.current.srcObject = stream;
  }, [phase, stream]);
  useEffect(() => () => upload.current?.cancel(), []);
  useEffect(() => () => void (review && URL.revokeObjectURL(review)), [review]);
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
      setSeconds(0);
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
      setPhase('thinking');
      setSeconds(0);
    }
  }, [index, onLiveState, stream, token]);

  const stopRecorder = useCallback(async () => {
    const current = recording.current;
    if (!current) return;
    recording.current = null;
    try {
      const blob = await current.stop();
      setReview(URL.createObjectURL(blob));
      setPhase('review');
    } catch {
      setError(messages.recordVideo);
      setPhase('thinking');
    }
  }, []);

  const stop = liveMode ? stopLive : stopRecorder;

  const beginRecorder = useCallback(async () => {
    setError(null);
    try {
      const started = await startAnswerCall(token, index, containerOf(format));
      answerId.current = started.answerId;
      setRetakesLeft(started.retakesLeft);
      upload.current = new MultipartUpload(partUrlSource(token, started.answerId), started.minPartBytes, setProgress);
      setProgress(null);
      const live = upload.current;
      recording.current = startRecording(stream, format, (chunk) => live.push(chunk));
      setSeconds(0);
      setPhase('recording');
    } catch (e) {
      setError(errorMessage(e, messages.startRecording));
      setPhase('thinking');
      setSeconds(0);
    }
  }, [format, index, stream, token]);
  const begin = liveMode ? beginLive : beginRecorder;

  const watched = () => {
    if (!watching) return;
    setWatching(false);
    if (phase === 'thinking' && pacing.thinkingTime === 0) {
      setPhase('countdown');
      setSeconds(COUNTDOWN_SECONDS);
    }
  };
  // The question video must not play into the answer.
  useEffect(() => {
    if (phase !== 'thinking') questionVideo.current?.pause();
  }, [phase]);

  // One clock drives the phases: thinking time → countdown → recording, which stops at the max answer length.
  const ticking = (phase === 'thinking' && !unlimitedThinking && !watching && !error) || phase === 'countdown' || phase === 'recording';
  useSeconds(ticking, () => {
    if (phase === 'thinking') {
      if (seconds > 1) return setSeconds(seconds - 1);
      setPhase('countdown');
      setSeconds(COUNTDOWN_SECONDS);
    } else if (phase === 'countdown') {
      if (seconds > 1) return setSeconds(seconds - 1);
      setPhase('starting');
      void begin();
    } else if (phase === 'recording') {
      elapsed.current = seconds + 1;
      setSeconds(seconds + 1);
      if (seconds + 1 >= pacing.answerTime) void stop();
    }
  });

  const retake = () => {
    upload.current?.cancel();
    upload.current = null;
    setReview(null);
    setProgress(null);
    recordingId.current = null;
    setRecordedSeconds(null);
    setLiveState(null);
    setError(null);
    setPhase('countdown');
    setSeconds(COUNTDOWN_SECONDS);
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
    if (!upload.current || !answerId.current) return;
    setPhase('submitting');
    setError(null);
    try {
      const parts = await upload.current.finish();
      const { completed } = await submitAnswerCall(token, answerId.current, parts);
      onSubmitted(completed);
    } catch (e) {
      setError(e instanceof UploadRefused ? messages.uploadFailure : errorMessage(e, messages.saveVideo));
      setPhase('review');
    }
  };

  const submit = liveMode ? submitLive : submitRecorded;

  const status = progressText(progress);
  const liveReview = liveMode && (phase === 'review' || phase === 'submitting');
  return (
    <div className="ir-stack">
      <div className="ir-row ir-row--spread">
        <p className="ir-secondary">
          Question {index + 1} of {total}
        </p>
        <span className="ir-badge">{retakesBadge(retakesLeft)}</span>
      </div>
      <Title>{question.title || `Question ${index + 1}`}</Title>
      {question.video && (
        <video
          ref={questionVideo}
          src={question.video.contentHref}
          poster={question.video.thumbnailHref ?? undefined}
          controls
          playsInline
          aria-label="Question video"
          onEnded={watched}
          onError={watched}
          className="ir-video"
        />
      )}
      {question.content && <p className="ir-pre">{question.content}</p>}

      {liveReview ? (
        <p className="ir-recorded" role="status">
          Your answer is recorded ({clock(recordedSeconds ?? 0)}).
        </p>
      ) : (
        <div className="ir-stage">
          {phase === 'review' || phase === 'submitting' ? (
            <video src={review ?? undefined} controls playsInline aria-label="Your answer" />
          ) : (
            <video ref={preview} autoPlay muted playsInline aria-label="Camera preview" className="ir-video--preview" />
          )}
          {phase === 'countdown' && (
            <p className="ir-countdown" aria-live="assertive">
              {Math.max(seconds, 1)}
            </p>
          )}
          {phase === 'recording' && (
            <span className="ir-recording" role="timer" aria-label="Recording time">
              ● {clock(seconds)} / {clock(pacing.answerTime)}
            </span>
          )}
          {liveMode && (
            <p className="ir-live-status" role="status" aria-live="polite">
              {phase === 'connecting' ? messages.connecting : phase === 'recording' && liveState === 'reconnecting' ? messages.reconnecting : ''}
            </p>
          )}
        </div>
      )}

      {error && <Alert variation="error">{error}</Alert>}
      {phase === 'thinking' && (
        <div className="ir-stack ir-stack--tight">
          {watching ? (
            <p>
              {pacing.thinkingTime === 0
                ? 'Watch the question: recording starts when the video ends.'
                : 'Watch the question: your thinking time starts when the video ends.'}
            </p>
          ) : (
            !unlimitedThinking && <p role="timer">Recording starts in {clock(seconds)}. Take your time to think.</p>
          )}
          <Button variation="primary" onClick={() => (setPhase('countdown'), setSeconds(COUNTDOWN_SECONDS))}>
            Start recording
          </Button>
        </div>
      )}
      {phase === 'failed' && (
        <div className="ir-row">
          <Button variation="primary" onClick={retake}>
            Retake
          </Button>
        </div>
      )}
      {phase === 'stopping' && (
        <p className="ir-small" role="status">
          Saving your answer…
        </p>
      )}
      {phase === 'recording' && (
        <div className="ir-row">
          <Button variation="danger" onClick={() => void stop()}>
            Stop recording
          </Button>
          {status && <p className="ir-small">{status}</p>}
        </div>
      )}
      {(phase === 'review' || phase === 'submitting') && (
        <div className="ir-stack ir-stack--tight">
          {status && (
            <p className="ir-small" aria-live="polite">
              {status}
            </p>
          )}
          <div className="ir-row">
            {retakesLeft !== 0 && (
              <Button onClick={retake} disabled={phase === 'submitting'}>
                Retake
              </Button>
            )}
            <Button variation="primary" onClick={() => void submit()} isLoading={phase === 'submitting'} loadingText="Saving your answer...">
              Submit answer
            </Button>
          </div>
        </div>
      )}
      {(phase === 'submitting' || phase === 'stopping') && <Loader />}
    </div>
  );
};
