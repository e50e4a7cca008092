import { useEffect, useRef } from 'react';
import { reviewShortcut, type KeyTarget, type ReviewAction, type ReviewContext } from './review-shortcuts';

/** The comment composer's field (the comments panel's), which C focuses. */
export const COMMENT_INPUT_ID = 'candidate-comment-input';

/** Reads a keydown's target in the terms review-shortcuts.ts needs. */
const describeTarget = (target: EventTarget | null): KeyTarget => {
  const element = target instanceof Element ? target : null;
  return {
    tagName: element?.tagName.toUpperCase() ?? 'BODY',
    role: element?.getAttribute('role') ?? null,
    isContentEditable: element instanceof HTMLElement && element.isContentEditable,
    inDialog: Boolean(element?.closest('dialog, [role="dialog"], [role="alertdialog"]')) || document.querySelector('dialog[open]') !== null,
  };
};

/**
 * The candidate page's review shortcuts (review-shortcuts.ts says which key does what, and when a
 * key is left alone): one keydown listener on the document while the page is shown. `context` is
 * read when a key is pressed (the latest render's), and `run` gets the action; a key that maps to
 * an action has its default prevented (Space does not scroll the page).
 */
export const useReviewShortcuts = (context: Omit<ReviewContext, 'hasCommentComposer'>, run: (action: ReviewAction) => void) => {
  const latest = useRef({ context, run });
  useEffect(() => {
    latest.current = { context, run };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { context: now, run: act } = latest.current;
      const action = reviewShortcut(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          repeat: event.repeat,
          defaultPrevented: event.defaultPrevented,
          target: describeTarget(event.target),
        },
        { ...now, hasCommentComposer: document.getElementById(COMMENT_INPUT_ID) !== null },
      );
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
};

/** The hook as an element, for a screen whose hooks end before its early returns (loading, errors): it renders nothing. */
export const ReviewShortcuts = ({
  context,
  onAction,
}: {
  context: Omit<ReviewContext, 'hasCommentComposer'>;
  onAction: (action: ReviewAction) => void;
}) => {
  useReviewShortcuts(context, onAction);
  return null;
};
