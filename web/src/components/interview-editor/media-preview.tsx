import { Alert, Flex, Loader, Text, View } from '@aws-amplify/ui-react';
import type { MediaGroup } from '../../api/media';
import { videoState } from './interview-model';
import type { MediaGroups } from './use-media-groups';

const frame = { aspectRatio: '16 / 9', width: '100%', maxWidth: 480, borderRadius: 8 } as const;

/**
 * Where a ready video's captions stand (spec §9: "Captioning..." while they are prepared):
 * candidates get them with the video once they are ready (issue 25).
 */
const CaptionsState = ({ status, label }: { status: MediaGroup['captions']['captionsStatus']; label: string }) => {
  if (status === 'none') return null;
  return (
    <Flex alignItems="center" gap="xs" role="status" aria-label={`${label}: captions`}>
      {status === 'preparing' && <Loader size="small" />}
      <Text as="span" fontSize="small" color={status === 'failed' ? 'font.secondary' : 'font.tertiary'}>
        {status === 'preparing' ? 'Captioning...' : status === 'ready' ? 'Captions ready' : 'No captions'}
      </Text>
      {status === 'failed' && (
        <Text as="span" fontSize="small" color="font.tertiary">
          — candidates see the video without them
        </Text>
      )}
    </Flex>
  );
};

/**
 * A video of the interview as it stands (spec §4 Media processing): a spinner with
 * "Processing..." until it is ready, the failed state, then the MP4 with its thumbnail as poster
 * and the state of its captions.
 */
export const MediaPreview = ({ groups, groupId, label }: { groups: MediaGroups; groupId: string; label: string }) => {
  const state = videoState(groups, groupId);
  if (state === 'failed' || state === 'missing') {
    return (
      <Alert variation="error" maxWidth={480}>
        {state === 'failed'
          ? 'This video could not be processed. Record or upload it again.'
          : 'This video is not available. Record or upload it again.'}
      </Alert>
    );
  }
  const group = groups.get(groupId) as MediaGroup | undefined;
  const mp4 = group?.variants.find((v) => v.contentType === 'video/mp4') ?? group?.variants[0];
  if (state === 'processing' || !mp4) {
    return (
      <View backgroundColor="background.tertiary" style={{ ...frame, display: 'grid', placeItems: 'center' }}>
        <Flex direction="column" alignItems="center" gap="xs" role="status" aria-label={`${label}: processing`}>
          <Loader size="large" />
          <Text>Processing...</Text>
        </Flex>
      </View>
    );
  }
  return (
    <Flex direction="column" gap="xxs">
      <video
        key={mp4.contentHref}
        src={mp4.contentHref}
        poster={group?.thumbnail?.variants[0]?.contentHref}
        controls
        playsInline
        preload="metadata"
        aria-label={label}
        style={{ ...frame, background: '#000' }}
      />
      {group && <CaptionsState status={group.captions.captionsStatus} label={label} />}
    </Flex>
  );
};
