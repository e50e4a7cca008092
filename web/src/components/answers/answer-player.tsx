import { Alert, Flex, Loader, Text, ToggleButton, ToggleButtonGroup, View } from '@aws-amplify/ui-react';
import { forwardRef, useEffect, useState } from 'react';
import { useCaptionsUrl } from '../../lib/use-captions-url';
import { type CaptionsStatus, type UploadStatus } from '../../../../lambdas/contracts/vocabulary';

export const PLAYBACK_RATES = [1, 1.5, 2] as const;

interface Variant {
  contentHref: string;
  contentType: string;
}
export interface PlayableAnswer {
  answerId: string;
  thumbnail: { variants: Variant[] } | null;
  video: {
    uploadStatus: UploadStatus;
    captions: { captionsStatus: CaptionsStatus; variants: Variant[] };
    variants: Variant[];
  };
}

/**
 * An answer's video (spec §2, §4): rates 1, 1.5 and 2, English captions, "Processing..." with a
 * spinner until the video is ready, "Captioning..." until the captions are, and the failed state.
 */
export const AnswerPlayer = forwardRef<HTMLVideoElement, { answer: PlayableAnswer; label: string }>(({ answer, label }, ref) => {
  const [rate, setRate] = useState<number>(1);
  const { video } = answer;
  const mp4 = video.variants.find((v) => v.contentType === 'video/mp4') ?? video.variants[0];
  const captions = useCaptionsUrl(video.captions.captionsStatus === 'ready' ? video.captions.variants[0]?.contentHref : undefined);

  useEffect(() => {
    if (ref && typeof ref === 'object' && ref.current) ref.current.playbackRate = rate;
  }, [rate, ref, mp4?.contentHref]);

  if (video.uploadStatus === 'failed') {
    return <Alert variation="error">This answer could not be processed, so it cannot be played.</Alert>;
  }
  if (video.uploadStatus !== 'ready' || !mp4) {
    return (
      <View backgroundColor="background.tertiary" style={{ aspectRatio: '16 / 9', display: 'grid', placeItems: 'center', borderRadius: 8 }}>
        <Flex direction="column" alignItems="center" gap="xs" role="status">
          <Loader size="large" />
          <Text>Processing...</Text>
        </Flex>
      </View>
    );
  }
  return (
    <Flex direction="column" gap="xs">
      <video
        ref={ref}
        key={mp4.contentHref}
        controls
        playsInline
        preload="metadata"
        poster={answer.thumbnail?.variants[0]?.contentHref}
        aria-label={label}
        style={{ width: '100%', aspectRatio: '16 / 9', background: '#000', borderRadius: 8 }}
        onLoadedMetadata={(event) => {
          event.currentTarget.playbackRate = rate;
        }}
      >
        <source src={mp4.contentHref} type={mp4.contentType} />
        {captions && <track kind="captions" srcLang="en" label="English" src={captions} default />}
      </video>
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="xs">
        <Text fontSize="small" color="font.secondary">
          {video.captions.captionsStatus === 'preparing'
            ? 'Captioning...'
            : video.captions.captionsStatus === 'failed'
              ? 'Captions are not available.'
              : ''}
        </Text>
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
      </Flex>
    </Flex>
  );
});
AnswerPlayer.displayName = 'AnswerPlayer';
