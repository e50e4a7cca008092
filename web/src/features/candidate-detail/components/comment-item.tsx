import { Button, Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { momentText, type Comment, type CommentMember } from '../../../api/comments';
import { formatDateTime } from '../../../lib/format';
import { MentionTextarea } from './mention-textarea';

const text = {
  pinButton: (at: number) => `at ${momentText(at)}`,
  pinAnswer: (answer: number) => `answer ${answer}`,
  /** A pin on an answer without a recording (issue 39): to the answer, no moment. */
  pinOnAnswer: (answer: number) => `on answer ${answer}`,
};

/** The comment's text with its mentions drawn apart. */
const contentWithMentions = (comment: Comment): ReactNode[] => {
  const names = comment.mentions.map((m) => `@${m.email}`).sort((a, b) => b.length - a.length);
  if (names.length === 0) return [comment.content];
  const pattern = new RegExp(`(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'g');
  return comment.content.split(pattern).map((part, i) =>
    names.includes(part) ? (
      <span key={i} className="comments-panel__mention">
        {part}
      </span>
    ) : (
      part
    ),
  );
};

/**
 * One comment of the panel: its author and time, its pin (which opens its answer at that moment),
 * its text with mentions drawn apart, or, while its author edits it, the edit form.
 */
export const CommentItem = ({
  comment,
  answerNumber,
  recorded,
  editing,
  setEditing,
  saving,
  members,
  onOpenAnswerAt,
  onSaveEdit,
  onDelete,
}: {
  comment: Comment;
  /** The number of the answer a pin is on, as the candidate page counts them. */
  answerNumber: (answerId: string, questionIndex: number) => number;
  /** Whether the answer has a recording to be at a moment of (a text, choice or file answer has none: issue 39). */
  recorded: (answerId: string) => boolean;
  /** This comment's edit, while its author edits it. */
  editing: { commentId: string; content: string } | null;
  setEditing: (editing: { commentId: string; content: string } | null) => void;
  saving: boolean;
  members: readonly CommentMember[];
  onOpenAnswerAt: (answerId: string, seconds: number) => void;
  onSaveEdit: () => void;
  onDelete: () => void;
}) => (
  <li className="comments-panel__item">
    <article aria-label={`Comment by ${comment.author.email}`}>
      <div className="comments-panel__meta">
        <span className="comments-panel__author">{comment.author.email}</span>
        <time dateTime={comment.createdAt.timeValue} title={formatDateTime(comment.createdAt.timeValue)}>
          {comment.createdAt.relativeTime}
        </time>
        {comment.editedAt && (
          <span className="comments-panel__edited" title={`Edited ${formatDateTime(comment.editedAt.timeValue)}`}>
            edited
          </span>
        )}
      </div>
      {comment.pin && (
        <button type="button" className="comments-panel__pin" onClick={() => onOpenAnswerAt(comment.pin!.answerId, comment.pin!.atSeconds)}>
          {recorded(comment.pin.answerId) ? (
            <>
              {text.pinButton(comment.pin.atSeconds)}{' '}
              <span className="comments-panel__pin-answer">({text.pinAnswer(answerNumber(comment.pin.answerId, comment.pin.questionIndex))})</span>
            </>
          ) : (
            text.pinOnAnswer(answerNumber(comment.pin.answerId, comment.pin.questionIndex))
          )}
        </button>
      )}
      {editing ? (
        <form
          className="comments-panel__composer"
          onSubmit={(event) => {
            event.preventDefault();
            onSaveEdit();
          }}
        >
          <MentionTextarea
            id={`comment-edit-${comment.commentId}`}
            label="Edit comment"
            value={editing.content}
            onChange={(content) => setEditing({ commentId: comment.commentId, content })}
            members={members}
            onSubmit={onSaveEdit}
            onEscape={() => setEditing(null)}
          />
          <Flex gap="xs">
            <Button type="submit" size="small" variation="primary" isLoading={saving} loadingText="Saving..." isDisabled={!editing.content.trim()}>
              Save
            </Button>
            <Button size="small" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </Flex>
        </form>
      ) : (
        <p className="comments-panel__content">{contentWithMentions(comment)}</p>
      )}
      {comment.isMine && !editing && (
        <Flex gap="xs" className="comments-panel__actions">
          <Button size="small" variation="link" onClick={() => setEditing({ commentId: comment.commentId, content: comment.content })}>
            Edit
          </Button>
          <Button size="small" variation="link" colorTheme="error" onClick={onDelete}>
            Delete
          </Button>
        </Flex>
      )}
    </article>
  </li>
);
