import { useEffect, useRef, useState, type Ref } from 'react';
import { useCaptionsUrl } from '../../../lib/use-captions-url';
import { Button } from './ui';

/** A video of the team's on the wire: the intro's, a question's or the outro's. */
export interface PlayableVideo {
  contentHref: string;
  thumbnailHref: string | null;
  /** WebVTT captions, where the video has them. */
  captionsHref?: string | null;
}

/**
 * A team's video for the candidate (intro, question, outro) with its English captions on by default
 * and a "Captions on"/"Captions off" toggle that shows or hides them.
 */
export const CaptionedVideo = ({
  video,
  label,
  ref,
  onEnded,
  onError,
}: {
  video: PlayableVideo;
  label: string;
  ref?: Ref<HTMLVideoElement>;
  onEnded?: () => void;
  onError?: () => void;
}) => {
  const captions = useCaptionsUrl(video.captionsHref);
  const [on, setOn] = useState(true);
  const track = useRef<HTMLTrackElement>(null);
  useEffect(() => {
    if (track.current) track.current.track.mode = on ? 'showing' : 'hidden';
  }, [on, captions]);
  return (
    <div className="ir-stack ir-stack--tight ir-full">
      <video
        ref={ref}
        src={video.contentHref}
        poster={video.thumbnailHref ?? undefined}
        controls
        playsInline
        aria-label={label}
        onEnded={onEnded}
        onError={onError}
        className="ir-video"
      >
        {captions && <track ref={track} kind="captions" srcLang="en" label="English" src={captions} default />}
      </video>
      {captions && (
        <Button aria-pressed={on} onClick={() => setOn(!on)}>
          {on ? 'Captions on' : 'Captions off'}
        </Button>
      )}
    </div>
  );
};
