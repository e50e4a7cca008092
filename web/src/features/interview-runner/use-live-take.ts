import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_CONTENT_TYPE, RECONNECT_WINDOW_SECONDS } from '../../../../lambdas/contracts/live-recording';
import { errorMessage } from '../../api/client';
import { isSafariUpTo14_3, LivePublisher, type LiveState } from '../../lib/live-publisher';
import { stopWithRetries } from '../../lib/take';
import { createRecordingCall, startAnswerCall, startRecordingCall, stopRecordingCall, submitLiveAnswerCall } from './api';
import { messages } from './messages';
import type { TakeControls } from './take-phase';

/**
 * A take published to the live-recording service (issue 30): after the countdown the camera is
 * streamed ("Connecting…" until it is live); a dropped connection is retried ("Reconnecting…")
 * within the reconnect window, past it the take fails and may be recorded again. Stop ends the
 * stream and the service saves the take; review says how long the recorded answer is.
 */
export const useLiveTake = ({ token, index, stream, answerIdRef, setPhase, setError, setRetakesLeft, onSubmitted }: TakeControls) => {
  // The live take: its publisher while it streams, its recording's id, the connection's state and the recorded length.
  const publisher = useRef<LivePublisher | null>(null);
  const recordingId = useRef<string | null>(null);
  const [liveState, setLiveState] = useState<LiveState | null>(null);
  const [recordedSeconds, setRecordedSeconds] = useState<number | null>(null);
  /** The seconds recorded so far, as the take's clock counts them (the length if the service gives none). */
  const elapsed = useRef(0);

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
  const onLiveState = useCallback(
    (state: LiveState) => {
      const before = lastLiveState.current;
      lastLiveState.current = state;
      setLiveState(state);
      if (state !== 'failed' || before !== 'reconnecting') return;
      publisher.current = null;
      setError(messages.liveLost);
      setPhase('failed');
      // Not stopped: the service ends the recording when the reconnect window passes, and so learns the
      // take was lost, which lets the next take replace it without counting as a retake.
      lostAnswerId.current = answerIdRef.current;
    },
    [answerIdRef, setError, setPhase],
  );

  const stop = useCallback(async () => {
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
        lostAnswerId.current = answerIdRef.current;
        return;
      }
      setRecordedSeconds(result.seconds ?? elapsed.current);
      setPhase('review');
    } catch (e) {
      setError(errorMessage(e, messages.saveVideo));
      setPhase('failed');
    }
  }, [answerIdRef, setError, setPhase, token]);

  const begin = useCallback(async () => {
    setError(null);
    setRecordedSeconds(null);
    lastLiveState.current = 'connecting';
    setLiveState('connecting');
    setPhase('connecting');
    let streaming: LivePublisher | null = null;
    try {
      const started = await startAnswerCall(token, index, LIVE_CONTENT_TYPE, lostAnswerId.current ?? undefined);
      lostAnswerId.current = null;
      answerIdRef.current = started.answerId;
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
        lostAnswerId.current = answerIdRef.current;
      }
      recordingId.current = null;
      // Safari 14.3 or older records nowhere: neither MediaRecorder nor the service (spec §8).
      setError(errorMessage(e, isSafariUpTo14_3(navigator.userAgent) ? messages.oldSafari : messages.connectRecorder));
      setLiveState(null);
      setPhase('ready');
    }
  }, [answerIdRef, index, onLiveState, setError, setPhase, setRetakesLeft, stream, token]);

  /** Drops the take under review before the next one. */
  const discard = () => {
    recordingId.current = null;
    setRecordedSeconds(null);
    setLiveState(null);
  };

  const submit = async () => {
    if (!recordingId.current || !answerIdRef.current) return;
    setPhase('submitting');
    setError(null);
    try {
      const { completed } = await submitLiveAnswerCall(token, answerIdRef.current, recordingId.current);
      onSubmitted(completed);
    } catch (e) {
      setError(errorMessage(e, messages.saveVideo));
      setPhase('review');
    }
  };

  /** The take's clock, while it records: the length kept if the service gives none. */
  const recordedFor = useCallback((seconds: number) => {
    elapsed.current = seconds;
  }, []);

  return { begin, stop, submit, discard, liveState, recordedSeconds, recordedFor };
};
