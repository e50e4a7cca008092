import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { CameraStage } from './camera-stage';
import { clock, countDown } from '../../lib/take';
import {
  canRecord,
  chooseFormat,
  containerOf,
  COUNTDOWN_SECONDS,
  openCamera,
  PermissionDenied,
  recorderMessages,
  startRecording,
  type Recording,
} from '../../lib/recorder';

type Phase = 'connecting' | 'ready' | 'countdown' | 'recording' | 'stopping' | 'unavailable';

/**
 * The camera side of the video dialog (spec §4 Recorder): connecting to the camera, ready, a
 * 3-second countdown, recording with a timer, stop. Hands the whole recording over; the camera is
 * released when this unmounts.
 */
export const VideoRecorder = ({ onRecorded }: { onRecorded: (video: Blob, contentType: string) => void }) => {
  const [phase, setPhase] = useState<Phase>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [count, setCount] = useState(COUNTDOWN_SECONDS);
  const [elapsed, setElapsed] = useState(0);
  const preview = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const recording = useRef<Recording | null>(null);
  const format = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    const fail = (message: string) => {
      if (cancelled) return;
      setError(message);
      setPhase('unavailable');
    };
    if (!canRecord()) {
      queueMicrotask(() => fail(recorderMessages.recordMedia));
    } else if (!(format.current = chooseFormat((type) => MediaRecorder.isTypeSupported(type)))) {
      queueMicrotask(() => fail(recorderMessages.unsupportedFormat));
    } else {
      openCamera()
        .then((opened) => {
          if (cancelled) return opened.getTracks().forEach((track) => track.stop());
          stream.current = opened;
          if (preview.current) preview.current.srcObject = opened;
          setPhase('ready');
        })
        .catch((e: unknown) => fail(e instanceof PermissionDenied ? recorderMessages.permissionDenied : recorderMessages.connectRecorder));
    }
    return () => {
      cancelled = true;
      window.clearInterval(timer.current);
      recording.current?.stop().catch(() => undefined);
      recording.current = null;
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
    };
  }, []);

  const begin = () => {
    try {
      recording.current = startRecording(stream.current!, format.current!, () => undefined);
    } catch {
      setError(recorderMessages.startRecording);
      setPhase('ready');
      return;
    }
    const startedAt = Date.now();
    setElapsed(0);
    setPhase('recording');
    timer.current = window.setInterval(() => setElapsed(Math.floor((Date.now() - startedAt) / 1000)), 250);
  };

  const start = () => {
    setError(null);
    setPhase('countdown');
    setCount(COUNTDOWN_SECONDS);
    timer.current = countDown(COUNTDOWN_SECONDS, setCount, () => begin());
  };

  const stop = async () => {
    window.clearInterval(timer.current);
    setPhase('stopping');
    const current = recording.current;
    recording.current = null;
    try {
      const video = await current!.stop();
      if (video.size === 0) throw new Error('empty recording');
      onRecorded(video, containerOf(current!.mimeType));
    } catch {
      setError(recorderMessages.recordVideo);
      setPhase('ready');
    }
  };

  return (
    <Flex direction="column" gap="small">
      <CameraStage
        preview={preview}
        hidden={phase === 'unavailable'}
        overlay={phase === 'connecting' ? 'camera' : phase === 'countdown' ? 'countdown' : null}
        count={count}
      />
      {error && <Alert variation="error">{error}</Alert>}
      <Flex gap="small" alignItems="center">
        {(phase === 'ready' || phase === 'connecting' || phase === 'countdown') && (
          <Button variation="primary" isDisabled={phase !== 'ready'} onClick={start}>
            Start recording
          </Button>
        )}
        {(phase === 'recording' || phase === 'stopping') && (
          <>
            <Button variation="primary" colorTheme="error" isLoading={phase === 'stopping'} loadingText="Stopping..." onClick={() => void stop()}>
              Stop recording
            </Button>
            <Text role="timer" aria-label="Recording time">
              ● {clock(elapsed)}
            </Text>
          </>
        )}
      </Flex>
    </Flex>
  );
};
