import { messages } from '../messages';
import type { useCamera } from '../use-camera';
import { DevicePicker } from './device-picker';
import { MicLevel } from './mic-level';
import { Alert, Button, Title } from './ui';
import { CameraPreview } from './camera-preview';

/**
 * The camera and microphone check: turn them on, see yourself and your voice's level, choose
 * another camera or microphone, try a practice question, go on. An interview recording audio only
 * (issue 39) checks the microphone alone.
 */
export const CheckStage = ({
  camera,
  onPractice,
  onContinue,
}: {
  camera: ReturnType<typeof useCamera>;
  onPractice: () => void;
  onContinue: () => void;
}) => {
  const { stream, error, opening, open, audioOnly } = camera;
  // Every question left to record is audio only (issue 39): the microphone alone is checked.
  if (audioOnly)
    return (
      <div className="ir-stack">
        <Title focus>Microphone check</Title>
        <p>Your answers are recorded as audio only: your camera is not used. Check that we can hear you.</p>
        {stream ? (
          <>
            <MicLevel stream={stream} />
            <DevicePicker stream={stream} onChoose={(choice) => void open(choice)} focus audioOnly />
          </>
        ) : (
          <Button onClick={() => void open()} isLoading={opening} loadingText="Turning on…">
            Turn on microphone
          </Button>
        )}
        {error && <Alert variation="error">{error}</Alert>}
        <div className="ir-row">
          <Button variation="primary" disabled={!stream || opening} onClick={onContinue}>
            Continue
          </Button>
          <Button disabled={!stream || opening} onClick={onPractice}>
            Try a practice question
          </Button>
        </div>
      </div>
    );
  return (
    <div className="ir-stack">
      <Title focus>Camera and microphone check</Title>
      <p>Check that you can see yourself and that your face is well lit.</p>
      {stream ? (
        <>
          <CameraPreview stream={stream} className="ir-video ir-video--preview" />
          <MicLevel stream={stream} />
          <DevicePicker stream={stream} onChoose={(choice) => void open(choice)} focus />
        </>
      ) : (
        <Button onClick={() => void open()} isLoading={opening} loadingText="Turning on…">
          Turn on camera and microphone
        </Button>
      )}
      {error && <Alert variation="error">{error}</Alert>}
      <div className="ir-row">
        <Button variation="primary" disabled={!stream || opening} onClick={onContinue}>
          Continue
        </Button>
        <Button disabled={!stream || opening} onClick={onPractice}>
          Try a practice question
        </Button>
      </div>
    </div>
  );
};

/**
 * A camera or microphone went away mid-interview: the candidate chooses another (or the same, back
 * again) and goes on; the answers already sent are on the server, the take under way starts again.
 */
export const DeviceLostStage = ({ camera, onReconnect }: { camera: ReturnType<typeof useCamera>; onReconnect?: () => void }) => {
  const { stream, error, opening, open } = camera;
  return (
    <div className="ir-stack">
      <Title focus>Camera or microphone disconnected</Title>
      <Alert variation="warning">{messages.deviceLost}</Alert>
      {stream && (
        <DevicePicker
          audioOnly={camera.audioOnly}
          stream={stream}
          onChoose={(choice) => void open(choice).then((opened) => opened && onReconnect?.())}
          reconnectLabel="Use these devices"
          busy={opening}
        />
      )}
      {error && <Alert variation="error">{error}</Alert>}
    </div>
  );
};
