import type { ReactNode } from 'react';
import { inFinalSeconds, recordingTimerText, WARNING_SECONDS } from '../../../lib/take';
import { CameraPreview } from './camera-preview';

/**
 * The stage of a take (a question's or the practice's): the camera's muted preview, or the take
 * played back; over it the countdown, the recording timer and, in the answer's last 20 seconds, a
 * warning. The timers are silent to screen readers (role="timer"); the polite live region below says
 * the take's `announcement` (each full minute, the 20-second warning: useTakeClock).
 */
export const TakeStage = ({
  stream,
  playback,
  countdown,
  recording,
  announcement,
  children,
}: {
  stream: MediaStream;
  /** A recorded take: played back in place of the preview (at once with `autoPlay`). */
  playback: { url: string; label: string; autoPlay?: boolean } | null;
  /** Seconds left of the countdown while it runs. */
  countdown: number | null;
  /** Seconds recorded and the answer's limit (null: none) while recording. */
  recording: { elapsed: number; limit: number | null } | null;
  announcement: string;
  /** More over the stage (a live take's connection state). */
  children?: ReactNode;
}) => (
  <>
    <div className="ir-stage">
      {playback ? (
        <video key={playback.url} src={playback.url} controls playsInline autoPlay={playback.autoPlay} aria-label={playback.label} />
      ) : (
        <CameraPreview stream={stream} className="ir-video--preview" />
      )}
      {countdown !== null && (
        <p className="ir-countdown" aria-live="assertive">
          {Math.max(countdown, 1)}
        </p>
      )}
      {recording && (
        <span className="ir-recording" role="timer" aria-label="Recording time">
          {recordingTimerText(recording.elapsed, recording.limit)}
        </span>
      )}
      {recording && inFinalSeconds(recording.elapsed, recording.limit) && <p className="ir-time-warning">{WARNING_SECONDS} seconds left</p>}
      {children}
    </div>
    <p className="ir-visually-hidden" aria-live="polite" data-testid="take-announcement">
      {announcement}
    </p>
  </>
);
