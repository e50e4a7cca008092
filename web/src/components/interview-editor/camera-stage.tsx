import { Flex, Loader, Text, View } from '@aws-amplify/ui-react';
import type { RefObject } from 'react';

const cover = { position: 'absolute', top: '0', left: '0', width: '100%', height: '100%', alignItems: 'center', justifyContent: 'center' } as const;

/**
 * The recorders' camera stage (the MediaRecorder one and the live one): the muted preview, and over it
 * "Connecting to camera...", the countdown, or (`busy`) a spinner while the take connects or is saved.
 */
export const CameraStage = ({
  preview,
  hidden,
  overlay,
  count,
  busy = false,
}: {
  preview: RefObject<HTMLVideoElement | null>;
  hidden: boolean;
  overlay: 'camera' | 'countdown' | null;
  count: number;
  busy?: boolean;
}) => (
  <View position="relative" backgroundColor="neutral.100" style={{ aspectRatio: '16 / 9', borderRadius: 8, overflow: 'hidden' }}>
    <video
      ref={preview}
      autoPlay
      muted
      playsInline
      aria-label="Camera preview"
      style={{ width: '100%', height: '100%', objectFit: 'cover', display: hidden ? 'none' : 'block' }}
    />
    {overlay && (
      <Flex {...cover} role="status">
        {overlay === 'camera' ? (
          <Flex direction="column" alignItems="center" gap="xs">
            <Loader size="large" aria-hidden="true" />
            <Text>Connecting to camera...</Text>
          </Flex>
        ) : (
          <Text fontSize="xxxl" fontWeight="bold" color="white" aria-label={`Recording starts in ${count}`}>
            {count}
          </Text>
        )}
      </Flex>
    )}
    {busy && (
      <Flex {...cover} aria-hidden="true">
        <Loader size="large" />
      </Flex>
    )}
  </View>
);
