import { Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import { QUESTION_CONTENT_MAX, QUESTION_TITLE_MAX } from '../../../../lambdas/contracts/pacing';
import { DebouncedField } from './debounced-field';
import { newQuestion, type EditableQuestion } from './interview-model';
import { MediaPreview } from './media-preview';
import type { MediaGroups } from './use-media-groups';

const move = <T,>(items: T[], from: number, to: number) => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * Ordered questions: typed title and details, a video (record or upload, replace, remove), move
 * up/down (disabled at the ends), delete, add a typed or a video question.
 */
export const QuestionList = ({
  questions,
  onChange,
  media,
  onRecordVideo,
}: {
  questions: EditableQuestion[];
  onChange: (questions: EditableQuestion[]) => void;
  media: MediaGroups;
  /** Opens the video dialog for a question, or for a new one (null). */
  onRecordVideo: (ephemeralId: string | null) => void;
}) => {
  const update = (index: number, patch: Partial<EditableQuestion>) => onChange(questions.map((q, i) => (i === index ? { ...q, ...patch } : q)));
  return (
    <Flex direction="column" gap="small">
      {questions.map((question, index) => (
        <Card key={question.ephemeralId} variation="outlined" padding="medium" aria-label={`Question ${index + 1}`} as="section">
          <Flex direction="column" gap="small">
            <Flex justifyContent="space-between" alignItems="center">
              <Text fontWeight="semibold">Question {index + 1}</Text>
              <Flex gap="xs">
                <Button
                  size="small"
                  variation="link"
                  isDisabled={index === 0}
                  onClick={() => onChange(move(questions, index, index - 1))}
                  aria-label={`Move question ${index + 1} up`}
                >
                  ↑
                </Button>
                <Button
                  size="small"
                  variation="link"
                  isDisabled={index === questions.length - 1}
                  onClick={() => onChange(move(questions, index, index + 1))}
                  aria-label={`Move question ${index + 1} down`}
                >
                  ↓
                </Button>
                <Button
                  size="small"
                  variation="link"
                  colorTheme="error"
                  onClick={() => onChange(questions.filter((_, i) => i !== index))}
                  aria-label={`Delete question ${index + 1}`}
                >
                  Delete
                </Button>
              </Flex>
            </Flex>
            {question.videoGroupId && <MediaPreview groups={media} groupId={question.videoGroupId} label={`Video of question ${index + 1}`} />}
            <Flex gap="small">
              <Button size="small" onClick={() => onRecordVideo(question.ephemeralId)}>
                Record or upload a video
              </Button>
              {question.videoGroupId && (
                <Button size="small" variation="link" onClick={() => update(index, { videoGroupId: null, thumbnailImageGroupId: null })}>
                  Remove video
                </Button>
              )}
            </Flex>
            <DebouncedField
              label="Question"
              placeholder={question.videoGroupId ? 'Title (optional for a video question)' : 'Type your question'}
              value={question.title}
              maxLength={QUESTION_TITLE_MAX}
              onChange={(title) => update(index, { title })}
            />
            <DebouncedField
              label="Additional details"
              placeholder="Optional: context or tips for the candidate"
              value={question.content}
              maxLength={QUESTION_CONTENT_MAX}
              multiline
              onChange={(content) => update(index, { content })}
            />
          </Flex>
        </Card>
      ))}
      <Flex gap="small" wrap="wrap">
        <Button onClick={() => onChange([...questions, newQuestion()])}>Add a typed question</Button>
        <Button onClick={() => onRecordVideo(null)}>Add a video question</Button>
      </Flex>
    </Flex>
  );
};
