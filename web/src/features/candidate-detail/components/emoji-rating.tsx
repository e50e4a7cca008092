import { Button, Flex, Text } from '@aws-amplify/ui-react';

const FACES = [
  { value: 1, emoji: '😞', label: 'Poor' },
  { value: 2, emoji: '🙁', label: 'Below average' },
  { value: 3, emoji: '😐', label: 'Average' },
  { value: 4, emoji: '🙂', label: 'Good' },
  { value: 5, emoji: '😄', label: 'Excellent' },
] as const;

/** The 1–5 emoji scale (spec §9). Choosing the current face again keeps it: a rating cannot be cleared. */
export const EmojiRating = ({ value, onChange, disabled }: { value: number | null; onChange: (value: number) => void; disabled?: boolean }) => (
  <Flex direction="column" gap="xxs">
    <Text fontSize="small" fontWeight="semibold" id="rating-label">
      Rate this answer
    </Text>
    <Flex gap="xxs" role="group" aria-labelledby="rating-label">
      {FACES.map((face) => (
        <Button
          key={face.value}
          size="small"
          variation={value === face.value ? 'primary' : 'link'}
          isDisabled={disabled}
          aria-pressed={value === face.value}
          aria-label={`${face.value} of 5: ${face.label}`}
          title={face.label}
          onClick={() => {
            if (value !== face.value) onChange(face.value);
          }}
          style={{ fontSize: '1.5rem', lineHeight: 1, filter: value === null || value === face.value ? undefined : 'grayscale(0.8)' }}
        >
          {face.emoji}
        </Button>
      ))}
    </Flex>
  </Flex>
);
