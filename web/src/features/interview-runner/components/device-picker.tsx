import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { devicesOf, listDevices, type DeviceChoice, type DeviceOption } from '../../../lib/recorder';
import { Button } from './ui';

/** The option shown for `id`: itself while it is there, else the first (a device gone since). */
const shownId = (id: string | null, options: DeviceOption[]) => (options.some((o) => o.deviceId === id) ? id! : (options[0]?.deviceId ?? ''));

const DeviceSelect = ({
  label,
  options,
  value,
  onChange,
  ref,
}: {
  ref?: Ref<HTMLSelectElement>;
  label: string;
  options: DeviceOption[];
  value: string;
  onChange: (deviceId: string) => void;
}) => {
  const id = useId();
  return (
    <div className="ir-field">
      <label htmlFor={id}>{label}</label>
      <select ref={ref} id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.deviceId} value={option.deviceId}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
};

/**
 * The camera and microphone selects (once the permission is given, the devices have names).
 * Choosing one calls `onChoose` with both; `reconnectLabel` adds a button that opens the devices
 * shown again (after one was disconnected, when the one shown may be the same). `focus`: the
 * camera select takes the focus when the picker appears (the camera has just been turned on).
 */
export const DevicePicker = ({
  stream,
  onChoose,
  reconnectLabel,
  busy = false,
  focus = false,
  audioOnly = false,
}: {
  stream: MediaStream;
  /** The microphone alone is used (an interview recording audio only, issue 39): no camera to choose. */
  audioOnly?: boolean;
  onChoose: (choice: DeviceChoice) => void;
  reconnectLabel?: string;
  busy?: boolean;
  focus?: boolean;
}) => {
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (focus) first.current?.focus();
  }, [focus]);
  const [devices, setDevices] = useState<{ cameras: DeviceOption[]; microphones: DeviceOption[] }>({ cameras: [], microphones: [] });
  useEffect(() => {
    let current = true;
    const read = () =>
      void listDevices().then(
        (found) => current && setDevices(found),
        () => undefined,
      );
    read();
    navigator.mediaDevices.addEventListener('devicechange', read);
    return () => {
      current = false;
      navigator.mediaDevices.removeEventListener('devicechange', read);
    };
  }, [stream]);

  const inUse = devicesOf(stream);
  const shown: DeviceChoice = {
    videoDeviceId: shownId(inUse.videoDeviceId, devices.cameras) || null,
    audioDeviceId: shownId(inUse.audioDeviceId, devices.microphones) || null,
  };
  return (
    <div className="ir-devices">
      {!audioOnly && (
        <DeviceSelect
          ref={first}
          label="Camera"
          options={devices.cameras}
          value={shown.videoDeviceId ?? ''}
          onChange={(videoDeviceId) => onChoose({ ...shown, videoDeviceId })}
        />
      )}
      <DeviceSelect
        ref={audioOnly ? first : undefined}
        label="Microphone"
        options={devices.microphones}
        value={shown.audioDeviceId ?? ''}
        onChange={(audioDeviceId) => onChoose({ ...shown, audioDeviceId })}
      />
      {reconnectLabel && (
        <Button variation="primary" onClick={() => onChoose(shown)} isLoading={busy} loadingText="Connecting…">
          {reconnectLabel}
        </Button>
      )}
    </div>
  );
};
