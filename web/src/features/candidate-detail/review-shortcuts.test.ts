import { describe, expect, it } from 'vitest';
import {
  REVIEW_SHORTCUTS,
  evaluationAnnouncement,
  reviewShortcut,
  type KeyTarget,
  type ReviewContext,
  type ReviewKeyEvent,
} from './review-shortcuts';

const BODY: KeyTarget = { tagName: 'BODY', role: null, isContentEditable: false, inDialog: false };

const press = (key: string, patch: Partial<Omit<ReviewKeyEvent, 'key'>> = {}): ReviewKeyEvent => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  defaultPrevented: false,
  target: BODY,
  ...patch,
});

/** A page that offers everything. */
const ALL: ReviewContext = {
  hasNextCandidate: true,
  hasPreviousCandidate: true,
  hasNextAnswer: true,
  hasPreviousAnswer: true,
  hasPlayer: true,
  canRate: true,
  evaluationActions: ['shortlist', 'reject'],
  hasCommentComposer: true,
};

const on = (tagName: string, patch: Partial<KeyTarget> = {}): KeyTarget => ({ ...BODY, tagName, ...patch });

describe('the review shortcuts', () => {
  it('maps each key to its action', () => {
    expect(reviewShortcut(press('j'), ALL)).toEqual({ type: 'nextCandidate' });
    expect(reviewShortcut(press('k'), ALL)).toEqual({ type: 'previousCandidate' });
    expect(reviewShortcut(press('ArrowRight'), ALL)).toEqual({ type: 'nextAnswer' });
    expect(reviewShortcut(press(']'), ALL)).toEqual({ type: 'nextAnswer' });
    expect(reviewShortcut(press('ArrowLeft'), ALL)).toEqual({ type: 'previousAnswer' });
    expect(reviewShortcut(press('['), ALL)).toEqual({ type: 'previousAnswer' });
    expect(reviewShortcut(press(' '), ALL)).toEqual({ type: 'togglePlayback' });
    expect([1, 2, 3, 4, 5].map((n) => reviewShortcut(press(String(n)), ALL))).toEqual([1, 2, 3, 4, 5].map((value) => ({ type: 'rate', value })));
    expect(reviewShortcut(press('s'), ALL)).toEqual({ type: 'evaluate', action: 'shortlist' });
    expect(reviewShortcut(press('r'), ALL)).toEqual({ type: 'evaluate', action: 'reject' });
    expect(reviewShortcut(press('u'), { ...ALL, evaluationActions: ['undo'] })).toEqual({ type: 'evaluate', action: 'undo' });
    expect(reviewShortcut(press('c'), ALL)).toEqual({ type: 'comment' });
    expect(reviewShortcut(press('?', {}), ALL)).toEqual({ type: 'help' });
  });

  it('takes letters in either case (Shift, Caps Lock) and leaves other keys alone', () => {
    expect(reviewShortcut(press('J'), ALL)).toEqual({ type: 'nextCandidate' });
    expect(reviewShortcut(press('S'), ALL)).toEqual({ type: 'evaluate', action: 'shortlist' });
    for (const key of ['0', '6', 'a', 'x', 'Enter', 'Escape', 'Tab', 'ArrowUp', 'ArrowDown', 'Shift'])
      expect(reviewShortcut(press(key), ALL)).toBeNull();
  });

  it('leaves keys with Ctrl, Meta or Alt to the browser and the system', () => {
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey'] as const) {
      for (const key of ['j', 's', '1', 'ArrowRight', ' ', 'r']) expect(reviewShortcut(press(key, { [modifier]: true }), ALL)).toBeNull();
    }
  });

  it('never fires while typing in a field, nor inside a dialog', () => {
    const fields = [
      on('INPUT'),
      on('TEXTAREA'),
      on('SELECT'),
      on('DIV', { isContentEditable: true }),
      on('DIV', { role: 'textbox' }),
      on('DIV', { role: 'combobox' }),
    ];
    for (const target of fields) {
      for (const key of ['s', 'r', 'u', '1', '5', 'j', 'k', 'c', '?', ' ', 'ArrowLeft', ']'])
        expect(reviewShortcut(press(key, { target }), ALL)).toBeNull();
    }
    for (const key of ['s', '1', '?', 'j']) {
      expect(reviewShortcut(press(key, { target: on('BUTTON', { inDialog: true }) }), ALL)).toBeNull();
      expect(reviewShortcut(press(key, { target: { ...BODY, inDialog: true } }), ALL)).toBeNull();
    }
  });

  it('repeats only moving between answers while a key is held', () => {
    expect(reviewShortcut(press('ArrowRight', { repeat: true }), ALL)).toEqual({ type: 'nextAnswer' });
    expect(reviewShortcut(press('[', { repeat: true }), ALL)).toEqual({ type: 'previousAnswer' });
    for (const key of ['s', 'r', '3', 'j', 'k', ' ', '?', 'c']) expect(reviewShortcut(press(key, { repeat: true }), ALL)).toBeNull();
  });

  it('ignores a key another handler already took', () => {
    expect(reviewShortcut(press('s', { defaultPrevented: true }), ALL)).toBeNull();
  });

  it('leaves Space to a focused control that it activates, and arrows to widgets that use them', () => {
    for (const target of [on('BUTTON'), on('A'), on('SUMMARY'), on('VIDEO'), on('DIV', { role: 'button' }), on('SPAN', { role: 'checkbox' })]) {
      expect(reviewShortcut(press(' ', { target }), ALL)).toBeNull();
    }
    // On a button the letters and brackets still work (they do nothing there natively).
    expect(reviewShortcut(press('s', { target: on('BUTTON') }), ALL)).toEqual({ type: 'evaluate', action: 'shortlist' });
    expect(reviewShortcut(press('ArrowRight', { target: on('BUTTON') }), ALL)).toEqual({ type: 'nextAnswer' });
    for (const target of [on('VIDEO'), on('DIV', { role: 'slider' }), on('DIV', { role: 'radio' }), on('DIV', { role: 'tab' })]) {
      expect(reviewShortcut(press('ArrowRight', { target }), ALL)).toBeNull();
      expect(reviewShortcut(press('ArrowLeft', { target }), ALL)).toBeNull();
      expect(reviewShortcut(press(']', { target }), ALL)).toEqual({ type: 'nextAnswer' });
    }
  });

  it('does only what the page offers now', () => {
    const none: ReviewContext = {
      hasNextCandidate: false,
      hasPreviousCandidate: false,
      hasNextAnswer: false,
      hasPreviousAnswer: false,
      hasPlayer: false,
      canRate: false,
      evaluationActions: [],
      hasCommentComposer: false,
    };
    for (const key of ['j', 'k', 'ArrowRight', 'ArrowLeft', '[', ']', ' ', '1', '4', 's', 'r', 'u', 'c'])
      expect(reviewShortcut(press(key), none)).toBeNull();
    expect(reviewShortcut(press('?'), none)).toEqual({ type: 'help' });
    // A shortlisted candidate offers Reject and Undo, not Shortlist again.
    const shortlisted = { ...ALL, evaluationActions: ['reject', 'undo'] as const };
    expect(reviewShortcut(press('s'), shortlisted)).toBeNull();
    expect(reviewShortcut(press('u'), shortlisted)).toEqual({ type: 'evaluate', action: 'undo' });
  });

  it('lists every shortcut for the dialog and says what an evaluation did', () => {
    expect(REVIEW_SHORTCUTS.flatMap((row) => row.keys)).toEqual([
      'J',
      'K',
      '→',
      ']',
      '←',
      '[',
      'Space',
      '1',
      '2',
      '3',
      '4',
      '5',
      'S',
      'R',
      'U',
      'C',
      '?',
    ]);
    expect(evaluationAnnouncement('shortlist', 'shortlisted')).toBe('Shortlisted');
    expect(evaluationAnnouncement('reject', 'rejected')).toBe('Rejected');
    expect(evaluationAnnouncement('undo', 'responded')).toBe('Undone: back to responded');
  });
});
