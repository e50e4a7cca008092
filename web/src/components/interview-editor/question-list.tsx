import { Button, Card, Flex } from '@aws-amplify/ui-react';
import { QUESTION_CONTENT_MAX, QUESTION_TITLE_MAX } from '../../../../lambdas/contracts/pacing';
import { AnswerFields, answerTypeLabel } from './answer-fields';
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

/** Small line icons for the editor's buttons (drawn, no icon font); their buttons carry the names. */
export const EditorIcon = ({ name }: { name: 'up' | 'down' | 'delete' | 'video' }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" className="editor-icon">
    {name === 'up' && <path d="M12 19V5M6 11l6-6 6 6" />}
    {name === 'down' && <path d="M12 5v14M6 13l6 6 6-6" />}
    {name === 'delete' && <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />}
    {name === 'video' && <path d="M3 7a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM16 10l5-3v10l-5-3" />}
  </svg>
);

/**
 * Ordered questions: typed title and details, a video (record or upload, replace, remove), move
 * up/down (disabled at the ends), delete, add a typed or a video question. The move and delete
 * buttons are icons with names ("Move question 2 up"); a question's video is a quiet "Add video"
 * beside its fields, so typed questions stay the plain case.
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
        <Card
          key={question.ephemeralId}
          variation="outlined"
          padding="medium"
          aria-label={`Question ${index + 1}`}
          as="section"
          className="editor-question"
        >
          <Flex direction="column" gap="small">
            <div className="editor-question__header">
              <span className="editor-question__number">Question {index + 1}</span>
              {question.videoGroupId && <span className="editor-question__tag">Video</span>}
              {question.answer.answerType !== 'video' && <span className="editor-question__tag">{answerTypeLabel(question.answer.answerType)}</span>}
              <div className="editor-question__tools">
                <Button
                  size="small"
                  variation="link"
                  className="editor-icon-button"
                  isDisabled={index === 0}
                  onClick={() => onChange(move(questions, index, index - 1))}
                  aria-label={`Move question ${index + 1} up`}
                  title="Move up"
                >
                  <EditorIcon name="up" />
                </Button>
                <Button
                  size="small"
                  variation="link"
                  className="editor-icon-button"
                  isDisabled={index === questions.length - 1}
                  onClick={() => onChange(move(questions, index, index + 1))}
                  aria-label={`Move question ${index + 1} down`}
                  title="Move down"
                >
                  <EditorIcon name="down" />
                </Button>
                <Button
                  size="small"
                  variation="link"
                  className="editor-icon-button editor-icon-button--danger"
                  onClick={() => onChange(questions.filter((_, i) => i !== index))}
                  aria-label={`Delete question ${index + 1}`}
                  title="Delete"
                >
                  <EditorIcon name="delete" />
                </Button>
              </div>
            </div>
            {question.videoGroupId && <MediaPreview groups={media} groupId={question.videoGroupId} label={`Video of question ${index + 1}`} />}
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
            <AnswerFields answer={question.answer} questionNumber={index + 1} onChange={(answer) => update(index, { answer })} />
            <div className="editor-question__video">
              <Button size="small" variation="link" className="editor-link-button" onClick={() => onRecordVideo(question.ephemeralId)}>
                <EditorIcon name="video" />
                {question.videoGroupId ? 'Replace video' : 'Add video'}
              </Button>
              {question.videoGroupId && (
                <Button
                  size="small"
                  variation="link"
                  className="editor-link-button"
                  onClick={() => update(index, { videoGroupId: null, thumbnailImageGroupId: null })}
                >
                  Remove video
                </Button>
              )}
            </div>
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
