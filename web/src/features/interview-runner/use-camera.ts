import { useCallback, useEffect, useState } from 'react';
import {
  closeStream,
  devicesOf,
  openCamera,
  PermissionDenied,
  rememberDevices,
  rememberedDevices,
  whenDeviceLost,
  type DeviceChoice,
} from '../../lib/recorder';
import { messages } from './messages';

/**
 * The candidate's camera and microphone for the whole interview: opened at the check (on the
 * remembered devices), switched when another one is chosen (and the choice remembered for every
 * recorder of this browser), and `lost` when a device goes away mid-interview (a track ends by itself)
 * until another is chosen. Closed when the interview leaves the page. `audioOnly` (every question
 * left to record asks for audio only, issue 39): the microphone alone is opened.
 */
export const useCamera = (audioOnly = false) => {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lost, setLost] = useState(false);
  const [opening, setOpening] = useState(false);
  /** Grows with each stream: what was recording on the last one starts again. */
  const [generation, setGeneration] = useState(0);

  useEffect(() => () => closeStream(stream), [stream]);
  useEffect(() => (stream ? whenDeviceLost(stream, () => setLost(true)) : undefined), [stream]);

  /** Opens `choice` (the remembered devices by default); a choice made by the person is remembered. Resolves with whether it opened. */
  const open = useCallback(
    async (choice?: DeviceChoice): Promise<boolean> => {
      setError(null);
      setOpening(true);
      // One camera at a time: some devices cannot open a second one while the first is on.
      if (choice) closeStream(stream);
      try {
        const opened = await openCamera(choice ?? rememberedDevices(), !audioOnly);
        // The microphone alone (audioOnly) leaves the camera remembered as it was.
        if (choice) rememberDevices(audioOnly ? { ...rememberedDevices(), audioDeviceId: devicesOf(opened).audioDeviceId } : devicesOf(opened));
        setStream(opened);
        setLost(false);
        setGeneration((n) => n + 1);
        return true;
      } catch (e) {
        setError(e instanceof PermissionDenied ? messages.permissionDenied : messages.connectRecorder);
        // The devices in use were closed for the new ones: the candidate chooses again.
        if (choice && stream) setLost(true);
        return false;
      } finally {
        setOpening(false);
      }
    },
    [stream, audioOnly],
  );

  return { stream, error, lost, opening, generation, open, audioOnly };
};
