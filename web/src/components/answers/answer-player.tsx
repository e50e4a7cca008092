import { Alert, Loader, ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { forwardRef, useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useCaptionsUrl } from '../../lib/use-captions-url';
import { type CaptionsStatus, type UploadStatus } from '../../../../lambdas/contracts/vocabulary';
import { useStableHref } from './stable-href';
import { timestamp } from './transcript';
import './answers.css';

export const PLAYBACK_RATES = [1, 1.5, 2] as const;

interface Variant {
  contentHref: string;
  contentType: string;
}
/** Whether an answer has a recording to play (video or audio; issue 39: text, choice and file answers have none). */
export const hasRecording = <A extends { video: PlayableAnswer['video'] | null }>(answer: A): answer is A & { video: PlayableAnswer['video'] } =>
  answer.video !== null;

export interface PlayableAnswer {
  answerId: string;
  thumbnail: { variants: Variant[] } | null;
  video: {
    uploadStatus: UploadStatus;
    captions: { captionsStatus: CaptionsStatus; variants: Variant[] };
    variants: Variant[];
  };
}

/** A media element's duration in milliseconds, once known (a recording without one reads Infinity or NaN). */
const durationOf = (video: HTMLMediaElement) => (Number.isFinite(video.duration) && video.duration > 0 ? Math.round(video.duration * 1000) : null);

/**
 * An answer's video (spec §2, §4): rates 1, 1.5 and 2, English captions, "Processing..." with a
 * spinner until the video is ready, "Captioning..." until the captions are, and the failed state.
 * Before it plays it shows the answer's first frame (its thumbnail, as the poster) and its length:
 * only the metadata is loaded up front, so the length is there without downloading the video.
 * An audio-only answer (issue 39, `kind` audio) is the same player as an <audio> element: no frame
 * or poster, the same rates, captions track, length and states.
 */
export const AnswerPlayer = forwardRef<
  HTMLMediaElement,
  {
    answer: PlayableAnswer;
    label: string;
    /** What was recorded: a video (the default) or audio only. */
    kind?: 'video' | 'audio';
    /** Called each time the video starts playing (the team's page records the first of each answer in the audit log). */
    onPlay?: () => void;
  }
>(({ answer, label, kind = 'video', onPlay }, ref) => {
  const [rate, setRate] = useState<number>(1);
  const [durationMillis, setDurationMillis] = useState<number | null>(null);
  const [started, setStarted] = useState(false);
  const own = useRef<HTMLMediaElement | null>(null);
  const { video } = answer;
  const audio = kind === 'audio';
  const mp4 = video.variants.find((v) => (audio ? v.contentType.startsWith('audio/') : v.contentType === 'video/mp4')) ?? video.variants[0];
  const src = useStableHref(mp4?.contentHref);
  const poster = useStableHref(answer.thumbnail?.variants[0]?.contentHref);
  const captions = useCaptionsUrl(useStableHref(video.captions.captionsStatus === 'ready' ? video.captions.variants[0]?.contentHref : undefined));

  // The element is both the caller's (the transcript seeks it) and this player's.
  const setRefs = useCallback(
    (element: HTMLMediaElement | null) => {
      own.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
      // Metadata that arrived before React listened (a cached video) is read here.
      if (element) setDurationMillis(durationOf(element));
    },
    [ref],
  );

  useEffect(() => {
    if (own.current) own.current.playbackRate = rate;
  }, [rate, src]);

  if (video.uploadStatus === 'failed') {
    return <Alert variation="error">This answer could not be processed, so it cannot be played.</Alert>;
  }
  if (video.uploadStatus !== 'ready' || !mp4 || !src) {
    return (
      <div className={`answer-player__frame answer-player__frame--waiting${audio ? ' answer-player__frame--audio' : ''}`} role="status">
        <Loader size="large" />
        <span>Processing...</span>
      </div>
    );
  }
  const captionsNote =
    video.captions.captionsStatus === 'preparing' ? 'Captioning...' : video.captions.captionsStatus === 'failed' ? 'Captions are not available.' : '';
  const track = captions && <track kind="captions" srcLang="en" label="English" src={captions} default />;
  const events = {
    onLoadedMetadata: (event: SyntheticEvent<HTMLMediaElement>) => {
      event.currentTarget.playbackRate = rate;
      setDurationMillis(durationOf(event.currentTarget));
    },
    onDurationChange: (event: SyntheticEvent<HTMLMediaElement>) => setDurationMillis(durationOf(event.currentTarget)),
    onPlay: () => {
      setStarted(true);
      onPlay?.();
    },
  };
  return (
    <div className={`answer-player${audio ? ' answer-player--audio' : ''}`}>
      {audio ? (
        <audio ref={setRefs} key={src} className="answer-player__audio" controls preload="metadata" aria-label={label} {...events}>
          <source src={src} type={mp4.contentType} />
          {track}
        </audio>
      ) : (
        <div className="answer-player__frame">
          <video
            ref={setRefs}
            key={src}
            className="answer-player__video"
            controls
            playsInline
            preload="metadata"
            poster={poster}
            aria-label={label}
            {...events}
          >
            <source src={src} type={mp4.contentType} />
            {track}
          </video>
          {!started && durationMillis !== null && (
            // The length on the poster, as a video list shows it; the bar below says it in words.
            <span className="answer-player__badge" aria-hidden="true">
              {timestamp(durationMillis)}
            </span>
          )}
        </div>
      )}
      <div className="answer-player__bar">
        <div className="answer-player__facts">
          <span className="answer-player__length" data-testid="answer-length">
            Length <strong>{durationMillis === null ? '–:––' : timestamp(durationMillis)}</strong>
          </span>
          {captionsNote && <span className="answer-player__note">{captionsNote}</span>}
        </div>
        <ToggleButtonGroup
          size="small"
          value={String(rate)}
          isExclusive
          isSelectionRequired
          onChange={(value) => setRate(Number(value))}
          aria-label="Playback speed"
        >
          {PLAYBACK_RATES.map((r) => (
            <ToggleButton key={r} value={String(r)} aria-label={`Play at ${r}×`}>
              {r}×
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </div>
    </div>
  );
});
AnswerPlayer.displayName = 'AnswerPlayer';
