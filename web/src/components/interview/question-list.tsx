import { Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import { QUESTION_CONTENT_MAX, QUESTION_TITLE_MAX } from '../../../../lambdas/contracts/pacing';
import { DebouncedField } from './debounced-field';
import { newQuestion, type EditableQuestion } from './interview-model';

const move = <T,>(items: T[], from: number, to: number) => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/** Ordered questions: typed title and details, move up/down (disabled at the ends), delete, add. */
export const QuestionList = ({ questions, onChange }: { questions: EditableQuestion[]; onChange: (questions: EditableQuestion[]) => void }) => {
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
            {question.videoGroupId && <Text fontSize="small">Video question</Text>}
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
      <Button onClick={() => onChange([...questions, newQuestion()])} alignSelf="flex-start">
        Add a typed question
      </Button>
    </Flex>
  );
};
