import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { COMMENT_MAX_CHARS, type CommentMember } from '../../../api/comments';

/** The `@word` being typed just before the caret, if any: where it starts and what it says so far. */
const mentionQuery = (value: string, caret: number): { start: number; query: string } | null => {
  const match = /(^|\s)@([^\s@]*)$/.exec(value.slice(0, caret));
  return match ? { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() } : null;
};

/**
 * A textarea where "@" opens a list of the members one may mention, filtered by what follows; ↑/↓
 * move through it, Enter or Tab picks, Escape closes. The textarea stays the focus (the list is
 * its `aria-activedescendant` popup, announced in a live region), so typing goes on as usual.
 */
export const MentionTextarea = ({
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
    const position = query.start + inserted.length;
    // The new text is in the textarea before this returns, and the caret right after the mention, so
    // the next keystroke lands there however soon it comes (issue 43: a frame later, it could land at the end).
    flushSync(() => {
      onChange(next);
      setQuery(null);
    });
    element.focus();
    element.setSelectionRange(position, position);
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
