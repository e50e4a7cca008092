import { Button } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface UserMenuItem {
  readonly label: string;
  readonly onSelect: () => void;
}

/**
 * The signed-in bar's account menu, as the WAI-ARIA menu button pattern: a button with
 * aria-haspopup and aria-expanded opens a menu of menuitems; the arrow keys, Home and End move
 * between them, Enter or a click chooses one, Escape (or a click or focus elsewhere) closes it and
 * focus goes back to the button. Written here rather than with Amplify UI's Menu, whose positioning
 * and focus-trapping libraries were a sixth of the hiring app's first screen (issue 17); a menu of
 * four items opening under its button needs neither.
 */
export const UserMenu = ({ label, items }: { label: ReactNode; items: readonly UserMenuItem[] }) => {
  const [open, setOpen] = useState(false);
  /** Which item to focus once the menu is open (the first, or the last when opened with ArrowUp). */
  const [start, setStart] = useState<'first' | 'last'>('first');
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    (start === 'last' ? entries.at(-1) : entries[0])?.focus();
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, start]);

  const openWith = (at: 'first' | 'last') => {
    setStart(at);
    setOpen(true);
  };

  const onTriggerKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const entries = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      entries[(index + entries.length) % entries.length]?.focus();
    };
    if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(entries.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div className="user-menu" ref={wrapper}>
      <Button
        ref={trigger}
        id={buttonId}
        size="small"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onTriggerKey}
      >
        {label}
      </Button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="user-menu__list"
          onKeyDown={onMenuKey}
          onBlur={(event) => {
            if (!wrapper.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget !== null) setOpen(false);
          }}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="user-menu__item"
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
};
