import { useEffect, useRef, useState, type ReactNode } from 'react';
import { inFinalSeconds, recordingTimerText, takeLength, WARNING_SECONDS } from '../../../lib/take';
import { CameraPreview } from './camera-preview';

/** A take to play back: its blob's URL, its name, its first frame (poster) and its length as recorded (a recorder's WebM knows none). */
export interface Playback {
  url: string;
  label: string;
  autoPlay?: boolean;
  poster?: string | null;
  seconds?: number | null;
}

/**
 * A recorded take in its player: the poster (its first frame) and its length show before it plays.
 * A MediaRecorder WebM has no duration in its header (the player would read 0:00 or ∞): seeking far
 * past its end once makes the browser find it, and the take goes back to its start.
 */
const TakePlayer = ({ url, label, autoPlay, poster, seconds }: Playback) => {
  const [played, setPlayed] = useState(false);
  // The player's own duration once it knows it, so the length shown is the one its controls show.
  const [duration, setDuration] = useState<number | null>(null);
  const length = duration ?? seconds ?? null;
  const measured = useRef(false);
  return (
    <>
      <video
        src={url}
        controls
        playsInline
        autoPlay={autoPlay}
        poster={poster ?? undefined}
        preload="auto"
        aria-label={label}
        onPlay={() => setPlayed(true)}
        onDurationChange={(event) => {
          const known = event.currentTarget.duration;
          if (Number.isFinite(known) && known > 0) setDuration(known);
        }}
        onLoadedMetadata={(event) => {
          const video = event.currentTarget;
          if (autoPlay || measured.current || Number.isFinite(video.duration)) return;
          measured.current = true;
          const back = () => {
            video.removeEventListener('seeked', back);
            video.currentTime = 0;
          };
          video.addEventListener('seeked', back);
          video.currentTime = Number.MAX_SAFE_INTEGER;
        }}
      />
      {!played && length !== null && (
        <span className="ir-stage__chip" data-testid="take-length">
          <span className="ir-visually-hidden">Length </span>
          {takeLength(length)}
        </span>
      )}
    </>
  );
};

/**
 * The stage of a take (a question's or the practice's): the camera's muted preview, or the take
 * played back. Over the preview the countdown (the camera stays in view under it), then from the
 * first frame of recording the REC mark with the recording timer and, in the answer's last 20
 * seconds, a warning. `bar` sits right under the stage (Stop, the upload, Submit), and the stage
 * scrolls into view as the countdown starts, so the mark, the timer and Stop are on screen together,
 * on a phone too. The timers are silent to screen readers (role="timer"); the polite live region
 * below says the take's `announcement` (each full minute, the 20-second warning: useTakeClock).
 */
export const TakeStage = ({
  stream,
  playback,
  countdown,
  starting = false,
  recording,
  announcement,
  onPreview,
  bar,
  children,
}: {
  stream: MediaStream;
  /** A recorded take: played back in place of the preview (at once with `autoPlay`). */
  playback: Playback | null;
  /** Seconds left of the countdown while it runs. */
  countdown: number | null;
  /** The countdown is over and the recorder is being started. */
  starting?: boolean;
  /** Seconds recorded and the answer's limit (null: none) while recording. */
  recording: { elapsed: number; limit: number | null } | null;
  announcement: string;
  /** Given the camera preview's element. */
  onPreview?: (video: HTMLVideoElement | null) => void;
  /** The take's controls, right under the stage. */
  bar?: ReactNode;
  /** More over the stage (a live take's connection state). */
  children?: ReactNode;
}) => {
  const take = useRef<HTMLDivElement>(null);
  const counting = countdown !== null;
  useEffect(() => {
    if (counting) take.current?.scrollIntoView({ block: 'nearest' });
  }, [counting]);
  return (
    <div className="ir-take" ref={take}>
      <div className={recording ? 'ir-stage ir-stage--recording' : 'ir-stage'}>
        {playback ? (
          <TakePlayer key={playback.url} {...playback} />
        ) : (
          <CameraPreview stream={stream} className="ir-video--preview" onVideo={onPreview} />
        )}
        {countdown !== null && (
          <div className="ir-countdown">
            <p className="ir-countdown__label">Recording starts in</p>
            <p className="ir-countdown__number" aria-live="assertive">
              {Math.max(countdown, 1)}
            </p>
          </div>
        )}
        {starting && (
          <p className="ir-stage__status" role="status">
            Starting the recording…
          </p>
        )}
        {recording && (
          <div className="ir-rec" data-testid="rec-mark">
            <span className="ir-rec__dot" aria-hidden="true" />
            <span className="ir-rec__label" aria-hidden="true">
              REC
            </span>
            <span className="ir-visually-hidden">Recording</span>
            <span className="ir-rec__time" role="timer" aria-label="Recording time">
              {recordingTimerText(recording.elapsed, recording.limit)}
            </span>
          </div>
        )}
        {recording && inFinalSeconds(recording.elapsed, recording.limit) && <p className="ir-time-warning">{WARNING_SECONDS} seconds left</p>}
        {children}
      </div>
      {bar && <div className="ir-take__bar">{bar}</div>}
      <p className="ir-visually-hidden" aria-live="polite" data-testid="take-announcement">
        {announcement}
      </p>
    </div>
  );
};
