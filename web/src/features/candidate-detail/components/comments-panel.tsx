import { Alert, Button, Card, CheckboxField, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { errorMessage } from '../../../api/client';
import {
  announceCommentsChanged,
  COMMENT_MAX_CHARS,
  createCommentCall,
  deleteCommentCall,
  momentText,
  updateCommentCall,
  useComments,
  useMentionableMembers,
  type Comment,
  type CommentMember,
} from '../../../api/comments';
import { useMe } from '../../../api/companies';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import './comments-panel.css';

/** The composer's textarea: the review shortcuts' "C" focuses it (issue 27). */
const COMMENT_INPUT_ID = 'candidate-comment-input';

const text = {
  title: 'Comments',
  empty: 'No comments yet. Start the discussion: type @ to mention a teammate.',
  loadFailed: 'Unable to load the comments. Please try again.',
  saveFailed: 'Unable to save the comment. Please try again.',
  deleteFailed: 'Unable to delete the comment. Please try again.',
  pin: (at: number, answer: number) => `Pin to ${momentText(at)} of answer ${answer}`,
  pinButton: (at: number) => `at ${momentText(at)}`,
  pinAnswer: (answer: number) => `answer ${answer}`,
  more: 'Show older comments',
};

interface AnswerRef {
  answerId: string;
  questionIndex: number;
}

/** The `@word` being typed just before the caret, if any: where it starts and what it says so far. */
const mentionQuery = (value: string, caret: number): { start: number; query: string } | null => {
  const match = /(^|\s)@([^\s@]*)$/.exec(value.slice(0, caret));
  return match ? { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() } : null;
};

/** The members whose `@address` the text holds: the comment's mentions (deleting the text drops the mention). */
const mentionedIn = (content: string, members: readonly CommentMember[]) =>
  members.filter((m) => content.includes(`@${m.email}`)).map((m) => m.userId);

/**
 * A textarea where "@" opens a list of the members one may mention, filtered by what follows; ↑/↓
 * move through it, Enter or Tab picks, Escape closes. The textarea stays the focus (the list is
 * its `aria-activedescendant` popup, announced in a live region), so typing goes on as usual.
 */
const MentionTextarea = ({
  id,
  label,
  value,
  onChange,
  members,
  onSubmit,
  onEscape,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  members: readonly CommentMember[];
  /** Ctrl/⌘+Enter. */
  onSubmit: () => void;
  /** Escape with the list closed (an edit cancels). */
  onEscape?: () => void;
}) => {
  const listId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const options = query ? members.filter((m) => m.email.toLowerCase().includes(query.query)).slice(0, 8) : [];
  const open = options.length > 0;
  const current = Math.min(active, Math.max(options.length - 1, 0));

  const track = (element: HTMLTextAreaElement) => {
    const next = mentionQuery(element.value, element.selectionStart ?? element.value.length);
    setQuery(next);
    if (next?.query !== query?.query) setActive(0);
  };

  const pick = (member: CommentMember) => {
    const element = area.current;
    if (!element || !query) return;
    const caret = element.selectionStart ?? value.length;
    const inserted = `@${member.email} `;
    const next = value.slice(0, query.start) + inserted + value.slice(caret);
    onChange(next);
    setQuery(null);
    const position = query.start + inserted.length;
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(position, position);
    });
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setActive((current + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    } else if (open && (event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      event.preventDefault();
      pick(options[current]!);
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      if (open) setQuery(null);
      else onEscape?.();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    }
  };

  return (
    <div className="comments-panel__field">
      <label htmlFor={id} className="comments-panel__label">
        {label}
      </label>
      <textarea
        ref={area}
        id={id}
        className="comments-panel__textarea"
        rows={3}
        maxLength={COMMENT_MAX_CHARS}
        value={value}
        placeholder="Add a comment, @ to mention"
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${current}` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          track(event.target);
        }}
        onKeyDown={keyDown}
        onKeyUp={(event) => {
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End') track(event.currentTarget);
        }}
        onClick={(event) => track(event.currentTarget)}
        onBlur={() => setQuery(null)}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label="Mention a team member" className="comments-panel__mentions">
          {options.map((member, i) => (
            <li
              key={member.userId}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              className="comments-panel__mention-option"
              // Keeps the focus in the textarea.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(member)}
            >
              {member.email}
            </li>
          ))}
        </ul>
      )}
      <span className="comments-panel__status" role="status">
        {open ? `${options.length} ${options.length === 1 ? 'teammate' : 'teammates'} to mention. Use the arrow keys and Enter.` : ''}
      </span>
    </div>
  );
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
 * The team's comments on a candidate (issue 27): a composer (with @mentions of members who can see
 * the position, and a pin to the moment the player is at), then the comments, newest first. A pin
 * ("at 1:23") opens its answer at that moment; the author edits or deletes their own. Other tabs
 * showing the candidate follow along.
 */
export const CommentsPanel = ({
  candidateId,
  answers,
  currentAnswerId,
  video,
  onOpenAnswerAt,
}: {
  candidateId: string;
  companyId: string;
  positionId: string;
  answers: readonly AnswerRef[];
  currentAnswerId: string | null | undefined;
  video: RefObject<HTMLVideoElement | null>;
  onOpenAnswerAt: (answerId: string, seconds: number) => void;
}) => {
  const pages = useComments(candidateId);
  const team = useMentionableMembers(candidateId);
  const me = useMe();
  const myId = me.data?.user.userId;
  const members = useMemo(() => (team.data?.members ?? []).filter((m) => m.userId !== myId), [team.data, myId]);
  const comments = pages.data?.flatMap((page) => page.comments) ?? [];
  const hasMore = Boolean(pages.data?.[pages.data.length - 1]?.cursor);

  const [draft, setDraft] = useState('');
  const [pinned, setPinned] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ commentId: string; content: string } | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);

  // The player's moment, for the pin's label (the player changes with the answer).
  const [at, setAt] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setAt(Math.floor(video.current?.currentTime ?? 0)), 250);
    return () => window.clearInterval(timer);
  }, [video]);
  const answerNumber = (answerId: string, questionIndex: number) => {
    const i = answers.findIndex((a) => a.answerId === answerId);
    return i >= 0 ? i + 1 : questionIndex + 1;
  };
  const current = answers.find((a) => a.answerId === currentAnswerId);

  const changed = async () => {
    announceCommentsChanged(candidateId);
    await pages.mutate();
  };

  const submit = async () => {
    const content = draft.trim();
    if (!content || saving) return;
    setSaving(true);
    setError(null);
    try {
      const moment = Math.floor(video.current?.currentTime ?? at);
      await createCommentCall(candidateId, {
        content,
        mentionedUserIds: mentionedIn(content, team.data?.members ?? []),
        ...(pinned && current ? { answerId: current.answerId, atSeconds: moment } : {}),
      });
      setDraft('');
      setPinned(false);
      await changed();
    } catch (e) {
      setError(errorMessage(e, text.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  const saveEdit = async () => {
    if (!editing || !editing.content.trim() || saving) return;
    setSaving(true);
    setError(null);
    try {
      const content = editing.content.trim();
      await updateCommentCall(editing.commentId, { content, mentionedUserIds: mentionedIn(content, team.data?.members ?? []) });
      setEditing(null);
      await changed();
    } catch (e) {
      setError(errorMessage(e, text.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteCommentCall(deleting.commentId);
      await changed();
    } catch (e) {
      setError(errorMessage(e, text.deleteFailed));
    }
    setDeleting(null);
  };

  const headingId = useId();
  return (
    <Card variation="outlined" as="section" aria-labelledby={headingId} className="comments-panel">
      <Flex direction="column" gap="small">
        <Heading level={6} id={headingId}>
          {text.title}
        </Heading>
        <form
          className="comments-panel__composer"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <MentionTextarea id={COMMENT_INPUT_ID} label="Comment" value={draft} onChange={setDraft} members={members} onSubmit={() => void submit()} />
          {current && (
            <CheckboxField
              name="pin"
              size="small"
              label={text.pin(at, answerNumber(current.answerId, current.questionIndex))}
              checked={pinned}
              onChange={(event) => setPinned(event.target.checked)}
            />
          )}
          <Button
            type="submit"
            size="small"
            variation="primary"
            alignSelf="flex-start"
            isLoading={saving}
            loadingText="Saving..."
            isDisabled={!draft.trim()}
          >
            Post comment
          </Button>
        </form>
        {error && (
          <Alert variation="error" isDismissible onDismiss={() => setError(null)}>
            {error}
          </Alert>
        )}
        {pages.error ? (
          <Alert variation="error">{text.loadFailed}</Alert>
        ) : !pages.data ? (
          <Loader />
        ) : comments.length === 0 ? (
          <Text fontSize="small" color="font.tertiary">
            {text.empty}
          </Text>
        ) : (
          <ol className="comments-panel__list" aria-label="Comments, newest first">
            {comments.map((comment) => (
              <li key={comment.commentId} className="comments-panel__item">
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
                    <button
                      type="button"
                      className="comments-panel__pin"
                      onClick={() => onOpenAnswerAt(comment.pin!.answerId, comment.pin!.atSeconds)}
                    >
                      {text.pinButton(comment.pin.atSeconds)}{' '}
                      <span className="comments-panel__pin-answer">
                        ({text.pinAnswer(answerNumber(comment.pin.answerId, comment.pin.questionIndex))})
                      </span>
                    </button>
                  )}
                  {editing?.commentId === comment.commentId ? (
                    <form
                      className="comments-panel__composer"
                      onSubmit={(event) => {
                        event.preventDefault();
                        void saveEdit();
                      }}
                    >
                      <MentionTextarea
                        id={`comment-edit-${comment.commentId}`}
                        label="Edit comment"
                        value={editing.content}
                        onChange={(content) => setEditing({ commentId: comment.commentId, content })}
                        members={members}
                        onSubmit={() => void saveEdit()}
                        onEscape={() => setEditing(null)}
                      />
                      <Flex gap="xs">
                        <Button
                          type="submit"
                          size="small"
                          variation="primary"
                          isLoading={saving}
                          loadingText="Saving..."
                          isDisabled={!editing.content.trim()}
                        >
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
                  {comment.isMine && editing?.commentId !== comment.commentId && (
                    <Flex gap="xs" className="comments-panel__actions">
                      <Button size="small" variation="link" onClick={() => setEditing({ commentId: comment.commentId, content: comment.content })}>
                        Edit
                      </Button>
                      <Button size="small" variation="link" colorTheme="error" onClick={() => setDeleting(comment)}>
                        Delete
                      </Button>
                    </Flex>
                  )}
                </article>
              </li>
            ))}
          </ol>
        )}
        {hasMore && (
          <Button size="small" variation="link" alignSelf="flex-start" onClick={() => void pages.setSize(pages.size + 1)}>
            {text.more}
          </Button>
        )}
      </Flex>
      <ConfirmDialog
        title="Delete this comment?"
        open={deleting !== null}
        confirmLabel="Delete comment"
        busyLabel="Deleting..."
        tone="danger"
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        <Text>The comment is removed for the whole team. This cannot be undone.</Text>
      </ConfirmDialog>
    </Card>
  );
};
