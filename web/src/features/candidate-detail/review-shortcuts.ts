import type { EvaluationAction } from '../../../../lambdas/contracts/candidate-status';

/**
 * Keyboard-first review on the candidate page (issue 27): which key does what, as a pure mapping
 * from a keydown (and what the page offers right now) to an action. The hook
 * (use-review-shortcuts.ts) describes the DOM event and runs the action.
 *
 * A key does nothing (and keeps its usual meaning) when:
 * - Ctrl, Meta or Alt is held (the browser's and the system's shortcuts stay theirs; Shift is allowed: "?" needs it);
 * - focus is in a text field, a select or anything contenteditable (typing "s" or "1" types it);
 * - focus is inside a dialog, or a modal dialog is open (the page behind is not being reviewed);
 * - it is a held key's repeat, except for moving between answers (holding → steps through them);
 * - the page does not offer it now (no next candidate, ratings off, an evaluation the status lacks).
 *
 * Space plays or pauses the answer only when focus is not on a control that Space activates (a
 * button, a link, a toggle) nor on the player itself (its own controls toggle it): there Space keeps
 * activating the focused control, as everywhere else. Arrows likewise stay with the player and with
 * widgets that move within themselves with arrows (radios, sliders, tabs, menus, listboxes).
 */

export type ReviewAction =
  | { type: 'nextCandidate' }
  | { type: 'previousCandidate' }
  | { type: 'nextAnswer' }
  | { type: 'previousAnswer' }
  | { type: 'togglePlayback' }
  | { type: 'rate'; value: number }
  | { type: 'evaluate'; action: EvaluationAction }
  | { type: 'comment' }
  | { type: 'help' };

/** Where the keydown happened, in the terms the mapping needs (the hook reads it off the DOM). */
export interface KeyTarget {
  /** Upper-case tag name, e.g. "INPUT", "BUTTON", "BODY". */
  tagName: string;
  /** Its ARIA role, if it has one. */
  role: string | null;
  isContentEditable: boolean;
  /** Inside a dialog, or a modal dialog is open on the page. */
  inDialog: boolean;
}

export interface ReviewKeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  defaultPrevented: boolean;
  target: KeyTarget;
}

/** What the page offers now. */
export interface ReviewContext {
  hasNextCandidate: boolean;
  hasPreviousCandidate: boolean;
  hasNextAnswer: boolean;
  hasPreviousAnswer: boolean;
  /** The current answer has a player on the page. */
  hasPlayer: boolean;
  /** Ratings are on for the company and there is an answer to rate. */
  canRate: boolean;
  /** The evaluation actions the candidate's status offers now (none while one is being saved, or with evaluation off). */
  evaluationActions: readonly EvaluationAction[];
  /** The comment composer is on the page. */
  hasCommentComposer: boolean;
}

const TEXT_ENTRY_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const TEXT_ENTRY_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
/** Controls that Space activates. */
const SPACE_TAGS = new Set(['BUTTON', 'A', 'SUMMARY', 'VIDEO', 'AUDIO']);
const SPACE_ROLES = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option']);
/** Widgets that move within themselves with arrow keys. */
const ARROW_TAGS = new Set(['VIDEO', 'AUDIO']);
const ARROW_ROLES = new Set([
  'radio',
  'radiogroup',
  'slider',
  'tab',
  'tablist',
  'menu',
  'menuitem',
  'menubar',
  'listbox',
  'option',
  'grid',
  'tree',
  'treeitem',
]);

const isTyping = (target: KeyTarget) =>
  TEXT_ENTRY_TAGS.has(target.tagName) || target.isContentEditable || (target.role !== null && TEXT_ENTRY_ROLES.has(target.role));
const spaceActivates = (target: KeyTarget) => SPACE_TAGS.has(target.tagName) || (target.role !== null && SPACE_ROLES.has(target.role));
const arrowsMoveWithin = (target: KeyTarget) => ARROW_TAGS.has(target.tagName) || (target.role !== null && ARROW_ROLES.has(target.role));

const EVALUATION_KEYS: Record<string, EvaluationAction> = { s: 'shortlist', r: 'reject', u: 'undo' };

/** The action a keydown asks for on the candidate page, or null when it is not a review shortcut now. */
export const reviewShortcut = (event: ReviewKeyEvent, context: ReviewContext): ReviewAction | null => {
  const { key, target } = event;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (target.inDialog || isTyping(target)) return null;

  // Moving between answers: the one kind a held key repeats.
  if (key === 'ArrowRight' || key === ']') {
    if (key === 'ArrowRight' && arrowsMoveWithin(target)) return null;
    return context.hasNextAnswer ? { type: 'nextAnswer' } : null;
  }
  if (key === 'ArrowLeft' || key === '[') {
    if (key === 'ArrowLeft' && arrowsMoveWithin(target)) return null;
    return context.hasPreviousAnswer ? { type: 'previousAnswer' } : null;
  }
  if (event.repeat) return null;

  if (key === ' ') return context.hasPlayer && !spaceActivates(target) ? { type: 'togglePlayback' } : null;
  if (key === '?') return { type: 'help' };
  if (/^[1-5]$/.test(key)) return context.canRate ? { type: 'rate', value: Number(key) } : null;

  const letter = key.length === 1 ? key.toLowerCase() : '';
  if (letter === 'j') return context.hasNextCandidate ? { type: 'nextCandidate' } : null;
  if (letter === 'k') return context.hasPreviousCandidate ? { type: 'previousCandidate' } : null;
  if (letter === 'c') return context.hasCommentComposer ? { type: 'comment' } : null;
  const evaluation = EVALUATION_KEYS[letter];
  if (evaluation) return context.evaluationActions.includes(evaluation) ? { type: 'evaluate', action: evaluation } : null;
  return null;
};

/** The shortcuts, as the "Keyboard shortcuts" dialog lists them; `when` names the feature a row needs. */
export const REVIEW_SHORTCUTS: readonly { keys: readonly string[]; label: string; when?: 'rating' | 'evaluation' | 'comments' }[] = [
  { keys: ['J'], label: 'Next candidate (older response)' },
  { keys: ['K'], label: 'Previous candidate (newer response)' },
  { keys: ['→', ']'], label: 'Next answer' },
  { keys: ['←', '['], label: 'Previous answer' },
  { keys: ['Space'], label: 'Play or pause the answer (when no button or link has focus)' },
  { keys: ['1', '2', '3', '4', '5'], label: 'Rate the answer 1 to 5', when: 'rating' },
  { keys: ['S'], label: 'Shortlist', when: 'evaluation' },
  { keys: ['R'], label: 'Reject', when: 'evaluation' },
  { keys: ['U'], label: 'Undo the shortlist or rejection', when: 'evaluation' },
  { keys: ['C'], label: 'Write a comment', when: 'comments' },
  { keys: ['?'], label: 'Show these shortcuts' },
];

/** What a screen reader hears after an evaluation done from the keyboard. */
export const evaluationAnnouncement = (action: EvaluationAction, to: string): string =>
  action === 'shortlist' ? 'Shortlisted' : action === 'reject' ? 'Rejected' : `Undone: back to ${to}`;
