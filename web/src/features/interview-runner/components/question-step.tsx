import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { COUNTDOWN_SECONDS, containerOf, startRecording, type Recording } from '../../../lib/recorder';
import { partUrlSource, startAnswerCall, submitAnswerCall, type Interview } from '../api';
import { messages } from '../messages';
import { MultipartUpload, UploadRefused, type UploadProgress } from '../multipart-upload';
import { retakesBadge, retakesLeftBeforeTake } from '../retakes';
import { Alert, Button, Loader, Title } from './ui';

type Question = Interview['questions'][number];
type Phase = 'thinking' | 'countdown' | 'starting' | 'recording' | 'review' | 'submitting';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

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
 */
export const QuestionStep = ({
  token,
  index,
  total,
  question,
  pacing,
  stream,
  format,
  onSubmitted,
}: {
  token: string;
  index: number;
  total: number;
  question: Question;
  pacing: Interview['pacing'];
  stream: MediaStream;
  format: string;
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

  useEffect(() => {
    if (preview.current && (phase === 'thinking' || phase === 'countdown' || phase === 'recording')) preview.current.srcObject = stream;
  }, [phase, stream]);
  useEffect(() => () => upload.current?.cancel(), []);
  useEffect(() => () => void (review && URL.revokeObjectURL(review)), [review]);

  const stop = useCallback(async () => {
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

  const begin = useCallback(async () => {
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
      setSeconds(seconds + 1);
      if (seconds + 1 >= pacing.answerTime) void stop();
    }
  });

  const retake = () => {
    upload.current?.cancel();
    upload.current = null;
    setReview(null);
    setProgress(null);
    setPhase('countdown');
    setSeconds(COUNTDOWN_SECONDS);
  };

  const submit = async () => {
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

  const status = progressText(progress);
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
      </div>

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
      {phase === 'submitting' && <Loader />}
    </div>
  );
};
