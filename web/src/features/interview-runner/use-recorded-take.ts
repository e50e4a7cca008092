import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { containerOf, startRecording, type Recording } from '../../lib/recorder';
import { partUrlSource, startAnswerCall, submitAnswerCall, type StartedAnswer } from './api';
import { messages } from './messages';
import { MultipartUpload, UploadRefused, type UploadedPart, type UploadProgress } from './multipart-upload';
import { frameOf, posterOf } from './take-poster';
import type { QuestionPhase, TakeControls } from './take-phase';

/** Where a recorded take's parts are: on their way, all at S3 (Submit may go), or refused for good. */
export type UploadState = 'uploading' | 'uploaded' | 'refused';

/**
 * A take recorded in the browser (MediaRecorder in `format`): its parts upload while it records,
 * review plays it back with its first frame as poster, and Submit waits for S3 to have every part.
 * `active` is false for a live take, which records nothing here.
 */
export const useRecordedTake = (
  { token, index, stream, answerIdRef, setPhase, setError, setRetakesLeft, onSubmitted }: TakeControls,
  { format, active, phase }: { format: string; active: boolean; phase: QuestionPhase },
) => {
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
  const startAfterPrevious = useCallback(
    () =>
      Promise.race([previousUpload.current, new Promise((resolve) => window.setTimeout(resolve, 3_000))]).then(() =>
        startAnswerCall(token, index, containerOf(format)),
      ),
    [format, index, token],
  );

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

  const stop = useCallback(async () => {
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
      // As measured; shown as the player counts it (takeLength: 6.6 s is 0:06, not 0:07).
      setTakeSeconds(Math.max(0, seconds));
      setReview(URL.createObjectURL(blob));
      setPhase('review');
      const frame = firstFrame.current;
      firstFrame.current = null;
      // An audio-only take (issue 39) has no picture to make a poster of.
      if (containerOf(format).startsWith('audio/')) return;
      void posterOf(frame, blob).then((url) => (upload.current === sending ? setPoster(url) : url && URL.revokeObjectURL(url)));
    } catch {
      setError(messages.recordVideo);
      setPhase('ready');
    }
  }, [format, setError, setPhase]);

  const begin = useCallback(async () => {
    setError(null);
    const pending = pendingStart.current ?? startAfterPrevious();
    pendingStart.current = null;
    try {
      const started = await pending;
      answerIdRef.current = started.answerId;
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
  }, [answerIdRef, format, setError, setPhase, setRetakesLeft, startAfterPrevious, stream, token]);
  // The answer is started while the countdown runs, so the REC mark, the timer and Stop are there
  // the moment it ends, not after a round trip.
  useEffect(() => {
    if (phase !== 'countdown' || !active || pendingStart.current) return;
    const pending = startAfterPrevious();
    pending.catch(() => undefined); // its failure is reported when the recording starts
    pendingStart.current = pending;
  }, [phase, active, startAfterPrevious]);

  /** Drops the take under review: its upload is cancelled, and the next take's start waits for it to wind down. */
  const discard = () => {
    upload.current?.cancel();
    upload.current = null;
    previousUpload.current = (uploaded.current ?? Promise.resolve()).catch(() => undefined);
    uploaded.current = null;
    setReview(null);
    setPoster(null);
    setTakeSeconds(null);
    setUploadState('uploading');
    setProgress(null);
  };

  const submit = async () => {
    if (!uploaded.current || !answerIdRef.current || uploadState === 'uploading') return;
    setPhase('submitting');
    setError(null);
    try {
      const parts = await uploaded.current;
      const { completed } = await submitAnswerCall(token, answerIdRef.current, parts);
      onSubmitted(completed);
    } catch (e) {
      setError(e instanceof UploadRefused ? messages.uploadFailure : errorMessage(e, messages.saveVideo));
      setPhase('review');
    }
  };

  /** The camera preview, whose frame is the take's poster. */
  const onPreview = useCallback((video: HTMLVideoElement | null) => {
    preview.current = video;
  }, []);

  return { begin, stop, submit, discard, progress, review, poster, takeSeconds, uploadState, onPreview };
};
