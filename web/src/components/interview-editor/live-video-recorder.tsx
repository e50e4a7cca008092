import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RECONNECT_WINDOW_SECONDS } from '../../../../lambdas/contracts/live-recording';
import { callApi, errorMessage } from '../../api/client';
import { newMediaGroupId } from '../../api/media';
import { isSafariUpTo14_3, LivePublisher, type LiveState } from '../../lib/live-publisher';
import { COUNTDOWN_SECONDS, openCamera, PermissionDenied, recorderMessages } from '../../lib/recorder';
import { CameraStage } from './camera-stage';
import { clock, countDown, stopWithRetries } from '../../lib/take';
import { type LiveTake } from './video-source';

/**
 * Camera (opening, ready), countdown, then the live take: connecting to the service, recording
 * (reconnecting after a drop), stopping (the service saves it).
 */
type Phase = 'camera' | 'ready' | 'countdown' | 'connecting' | 'recording' | 'stopping' | 'unavailable';

/** The team's messages of a live take (the candidate's wording is in features/interview-runner/messages.ts). */
export const liveVideoMessages = {
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  saving: 'Saving your video…',
  lost: 'The connection to the recorder was lost, so this video could not be recorded. Please record it again.',
} as const;

/** The team's live recordings (session): a new media item of a new group, its offer/answer exchange, its stop. */
const createUserRecordingCall = (companyId: string, mediaGroupId: string) => callApi('createUserRecording', { body: { mediaGroupId, companyId } });
const startUserRecordingCall = async (recordingId: string, offer: string) =>
  (await callApi('startUserRecording', { params: { recordingId }, body: { offer } })).answer;
const stopUserRecordingCall = (recordingId: string) => callApi('stopUserRecording', { params: { recordingId } });

/**
 * The video dialog's recorder where the browser cannot record (issue 30, spec §9: no MediaRecorder,
 * none of the preferred formats, or the force-recorder-service flag): the camera is published to the
 * live-recording service, which records it into a new media group and processes it once stopped,
 * as an upload. The same steps as the MediaRecorder path (camera, 3-second countdown, timer, Stop),
 * with "Connecting…" until the stream is live and "Reconnecting…" after a drop; past the reconnect
 * window the video is lost and may be recorded again. It stops by itself at the service's maximum
 * length. Hands over the group and the recorded length; there is nothing local to play back. The
 * camera is released, and a take under way stopped, when this unmounts.
 */
export const LiveVideoRecorder = ({ companyId, onRecorded }: { companyId: string; onRecorded: (take: LiveTake) => void }) => {
  const [phase, setPhase] = useState<Phase>('camera');
  const [error, setError] = useState<string | null>(null);
  const [count, setCount] = useState(COUNTDOWN_SECONDS);
  const [elapsed, setElapsed] = useState(0);
  const [maxSeconds, setMaxSeconds] = useState<number | null>(null);
  const [liveState, setLiveState] = useState<LiveState | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const disposed = useRef(false);
  // The take under way: its publisher while it streams, its recording and group, and when it went live.
  const publisher = useRef<LivePublisher | null>(null);
  const take = useRef<{ recordingId: string; videoGroupId: string } | null>(null);
  const liveAt = useRef(0);

  /** Tells the service the take is over, without waiting (leaving, or a take given up). */
  const abandonTake = useCallback(() => {
    const streaming = publisher.current;
    publisher.current = null;
    streaming?.stop();
    const recordingId = take.current?.recordingId;
    take.current = null;
    if (recordingId) void stopUserRecordingCall(recordingId).catch(() => undefined);
  }, []);

  useEffect(() => {
    disposed.current = false;
    openCamera()
      .then((opened) => {
        if (disposed.current) return opened.getTracks().forEach((track) => track.stop());
        stream.current = opened;
        if (preview.current) preview.current.srcObject = opened;
        setPhase('ready');
      })
      .catch((e: unknown) => {
        if (disposed.current) return;
        setError(e instanceof PermissionDenied ? recorderMessages.permissionDenied : recorderMessages.connectRecorder);
        setPhase('unavailable');
      });
    return () => {
      disposed.current = true;
      window.clearInterval(timer.current);
      abandonTake();
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
    };
  }, [abandonTake]);

  // Keyboard users keep their place: Stop takes the focus when the take is live, Start when a take is given up.
  const refocusStart = useRef(false);
  useEffect(() => {
    if (phase === 'recording') stopButton.current?.focus();
    if (phase === 'ready' && refocusStart.current) {
      refocusStart.current = false;
      startButton.current?.focus();
    }
  }, [phase]);
  const backToReady = (message: string | null) => {
    window.clearInterval(timer.current);
    setError(message);
    setLiveState(null);
    refocusStart.current = true;
    setPhase('ready');
  };

  const stop = async () => {
    window.clearInterval(timer.current);
    const streaming = publisher.current;
    const current = take.current;
    if (!streaming || !current) return;
    publisher.current = null;
    streaming.stop();
    setPhase('stopping');
    const recordedFor = Math.round((Date.now() - liveAt.current) / 1000);
    try {
      const result = await stopWithRetries(() => stopUserRecordingCall(current.recordingId));
      if (disposed.current) return;
      take.current = null;
      if (result.status === 'failed') return backToReady(recorderMessages.recordVideo);
      onRecorded({ videoGroupId: current.videoGroupId, seconds: result.seconds ?? recordedFor });
    } catch (e) {
      if (disposed.current) return;
      take.current = null;
      backToReady(errorMessage(e, recorderMessages.saveVideo));
    }
  };
  const stopRef = useRef(stop);
  useEffect(() => {
    stopRef.current = stop;
  });

  /** The stream could not come back within the reconnect window: the video is lost (a first connection failing is `begin`'s). */
  const lastLiveState = useRef<LiveState | null>(null);
  const onLiveState = (state: LiveState) => {
    const before = lastLiveState.current;
    lastLiveState.current = state;
    if (disposed.current) return;
    setLiveState(state);
    if (state !== 'failed' || before !== 'reconnecting' || !publisher.current) return;
    abandonTake();
    backToReady(liveVideoMessages.lost);
  };
  const onLiveStateRef = useRef(onLiveState);
  useEffect(() => {
    onLiveStateRef.current = onLiveState;
  });

  const begin = async () => {
    setPhase('connecting');
    lastLiveState.current = 'connecting';
    setLiveState('connecting');
    const videoGroupId = newMediaGroupId();
    let streaming: LivePublisher | null = null;
    try {
      const created = await createUserRecordingCall(companyId, videoGroupId);
      take.current = { recordingId: created.recordingId, videoGroupId: created.videoGroupId };
      if (disposed.current) return abandonTake();
      setMaxSeconds(created.maxSeconds);
      streaming = new LivePublisher({
        stream: stream.current!,
        negotiate: (offer) => startUserRecordingCall(created.recordingId, offer),
        onState: (state) => onLiveStateRef.current(state),
        reconnectWindowMs: RECONNECT_WINDOW_SECONDS * 1000,
      });
      publisher.current = streaming;
      await streaming.start();
      if (disposed.current || publisher.current !== streaming) return;
      liveAt.current = Date.now();
      setElapsed(0);
      setPhase('recording');
      timer.current = window.setInterval(() => {
        const seconds = Math.floor((Date.now() - liveAt.current) / 1000);
        setElapsed(seconds);
        if (seconds >= created.maxSeconds) void stopRef.current();
      }, 250);
    } catch (e) {
      if (disposed.current || (streaming && publisher.current !== streaming)) return;
      abandonTake();
      // Safari 14.3 or older records nowhere: neither MediaRecorder nor the service (spec §8).
      backToReady(errorMessage(e, isSafariUpTo14_3(navigator.userAgent) ? recorderMessages.oldSafari : recorderMessages.connectRecorder));
    }
  };

  const start = () => {
    setError(null);
    setPhase('countdown');
    setCount(COUNTDOWN_SECONDS);
    timer.current = countDown(COUNTDOWN_SECONDS, setCount, () => void begin());
  };

  const status =
    phase === 'connecting'
      ? liveVideoMessages.connecting
      : phase === 'recording' && liveState === 'reconnecting'
        ? liveVideoMessages.reconnecting
        : phase === 'stopping'
          ? liveVideoMessages.saving
          : '';

  return (
    <Flex direction="column" gap="small">
      <CameraStage
        preview={preview}
        hidden={phase === 'unavailable'}
        overlay={phase === 'camera' ? 'camera' : phase === 'countdown' ? 'countdown' : null}
        count={count}
        busy={phase === 'connecting' || phase === 'stopping'}
      />
      {/* Always in the page, so that screen readers announce each change of the live take. */}
      <Text role="status" aria-live="polite" fontWeight="semibold" minHeight="1.5em">
        {status}
      </Text>
      {error && <Alert variation="error">{error}</Alert>}
      <Flex gap="small" alignItems="center">
        {(phase === 'camera' || phase === 'ready' || phase === 'countdown' || phase === 'connecting') && (
          <Button ref={startButton} variation="primary" isDisabled={phase !== 'ready'} onClick={start}>
            Start recording
          </Button>
        )}
        {(phase === 'recording' || phase === 'stopping') && (
          <>
            <Button
              ref={stopButton}
              variation="primary"
              colorTheme="error"
              isLoading={phase === 'stopping'}
              loadingText="Stopping..."
              onClick={() => void stop()}
            >
              Stop recording
            </Button>
            <Text role="timer" aria-label="Recording time">
              ● {clock(elapsed)}
              {maxSeconds !== null && ` / ${clock(maxSeconds)}`}
            </Text>
          </>
        )}
      </Flex>
    </Flex>
  );
};
