import { Alert, Button, Card, CheckboxField, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useId, useMemo, useState, type RefObject } from 'react';
import { errorMessage } from '../../../api/client';
import {
  announceCommentsChanged,
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
import { COMMENT_INPUT_ID } from '../use-review-shortcuts';
import { CommentItem } from './comment-item';
import { MentionTextarea } from './mention-textarea';
import './comments-panel.css';

const text = {
  title: 'Comments',
  empty: 'No comments yet. Start the discussion: type @ to mention a teammate.',
  loadFailed: 'Unable to load the comments. Please try again.',
  saveFailed: 'Unable to save the comment. Please try again.',
  deleteFailed: 'Unable to delete the comment. Please try again.',
  pin: (at: number, answer: number) => `Pin to ${momentText(at)} of answer ${answer}`,
  /** An answer without a recording (issue 39: text, choice, file) has no moment: the pin is to the answer. */
  pinAnswer: (answer: number) => `Pin to answer ${answer}`,
  more: 'Show older comments',
};

interface AnswerRef {
  answerId: string;
  questionIndex: number;
  /** Its recording (video or audio), null for a text, choice or file answer (issue 39). */
  video: object | null;
}

/** The members whose `@address` the text holds: the comment's mentions (deleting the text drops the mention). */
const mentionedIn = (content: string, members: readonly CommentMember[]) =>
  members.filter((m) => content.includes(`@${m.email}`)).map((m) => m.userId);

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
  video: RefObject<HTMLMediaElement | null>;
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
  const recorded = (answerId: string) => answers.find((a) => a.answerId === answerId)?.video !== null;

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
      const moment = current && recorded(current.answerId) ? Math.floor(video.current?.currentTime ?? at) : 0;
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
              label={
                recorded(current.answerId)
                  ? text.pin(at, answerNumber(current.answerId, current.questionIndex))
                  : text.pinAnswer(answerNumber(current.answerId, current.questionIndex))
              }
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
              <CommentItem
                key={comment.commentId}
                comment={comment}
                answerNumber={answerNumber}
                recorded={recorded}
                editing={editing?.commentId === comment.commentId ? editing : null}
                setEditing={setEditing}
                saving={saving}
                members={members}
                onOpenAnswerAt={onOpenAnswerAt}
                onSaveEdit={() => void saveEdit()}
                onDelete={() => setDeleting(comment)}
              />
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
