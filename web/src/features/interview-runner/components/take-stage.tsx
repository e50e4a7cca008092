import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { inFinalSeconds, recordingTimerText, takeLength, WARNING_SECONDS } from '../../../lib/take';
import { CameraPreview } from './camera-preview';
import { MicLevel } from './mic-level';

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
const TakePlayer = ({ url, label, autoPlay, poster, seconds, audio = false }: Playback & { audio?: boolean }) => {
  const [played, setPlayed] = useState(false);
  // The player's own duration once it knows it, so the length shown is the one its controls show.
  const [duration, setDuration] = useState<number | null>(null);
  const length = duration ?? seconds ?? null;
  const measured = useRef(false);
  const player = {
    src: url,
    controls: true,
    autoPlay,
    preload: 'auto',
    'aria-label': label,
    onPlay: () => setPlayed(true),
    onDurationChange: (event: SyntheticEvent<HTMLMediaElement>) => {
      const known = event.currentTarget.duration;
      if (Number.isFinite(known) && known > 0) setDuration(known);
    },
    onLoadedMetadata: (event: SyntheticEvent<HTMLMediaElement>) => {
      const media = event.currentTarget;
      if (autoPlay || measured.current || Number.isFinite(media.duration)) return;
      measured.current = true;
      const back = () => {
        media.removeEventListener('seeked', back);
        media.currentTime = 0;
      };
      media.addEventListener('seeked', back);
      media.currentTime = Number.MAX_SAFE_INTEGER;
    },
  };
  return (
    <>
      {/* An audio-only take (issue 39) is played in an audio player: there is no picture. */}
      {audio ? <audio {...player} className="ir-audio" /> : <video {...player} playsInline poster={poster ?? undefined} />}
      {!played && length !== null && (
        <span className="ir-stage__chip" data-testid="take-length">
          <span className="ir-visually-hidden">Length </span>
          {takeLength(length)}
        </span>
      )}
    </>
  );
};

/** What an audio-only take's stage says over its level meter (the meter's name). */
export const AUDIO_STAGE_HINT = 'Audio only: your camera is not used for this answer. Speak and watch the microphone level move.';

/**
 * The stage of a take (a question's or the practice's): the camera's muted preview (an audio-only
 * take, issue 39: the microphone's level meter), or the take
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
  audio = false,
}: {
  stream: MediaStream;
  /** An audio-only take (issue 39): the microphone's level in place of the camera, and an audio player. */
  audio?: boolean;
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
      <div className={['ir-stage', recording ? 'ir-stage--recording' : '', audio ? 'ir-stage--audio' : ''].filter(Boolean).join(' ')}>
        {playback ? (
          <TakePlayer key={playback.url} {...playback} audio={audio} />
        ) : audio ? (
          <MicLevel stream={stream} label={AUDIO_STAGE_HINT} className="ir-stage__audio" />
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
