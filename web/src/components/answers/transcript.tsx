import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { RefObject } from 'react';
import { type TranscriptStatus } from '../../../../lambdas/contracts/vocabulary';

export interface TranscriptView {
  transcriptStatus: TranscriptStatus;
  paragraphs: { startMillis: number; content: string }[];
}

/** 75000 → "1:15". */
export const timestamp = (millis: number) => {
  const seconds = Math.floor(millis / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * An answer's transcript (spec §2, §4): "Transcribing answer..." while it is made, then paragraphs
 * whose timestamps seek the video. ('none': the answer's processing has not reached transcription yet.)
 */
export const Transcript = ({ transcript, video }: { transcript: TranscriptView | undefined; video: RefObject<HTMLVideoElement | null> }) => {
  const status = transcript?.transcriptStatus;
  return (
    <Flex direction="column" gap="xs" as="section" aria-label="Transcript">
      <Heading level={6}>Transcript</Heading>
      {!transcript || status === 'none' || status === 'created' || status === 'submitted' ? (
        <Text color="font.secondary" role="status">
          Transcribing answer...
        </Text>
      ) : status === 'failed' ? (
        <Text color="font.error">The transcript could not be made for this answer.</Text>
      ) : transcript.paragraphs.length === 0 ? (
        <Text color="font.secondary">No speech was found in this answer.</Text>
      ) : (
        transcript.paragraphs.map((p) => (
          <Flex key={p.startMillis} gap="small" alignItems="baseline">
            <Button
              size="small"
              variation="link"
              padding="0"
              onClick={() => {
                if (video.current) video.current.currentTime = p.startMillis / 1000;
              }}
              aria-label={`Play from ${timestamp(p.startMillis)}`}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {timestamp(p.startMillis)}
            </Button>
            <Text>{p.content}</Text>
          </Flex>
        ))
      )}
    </Flex>
  );
};
