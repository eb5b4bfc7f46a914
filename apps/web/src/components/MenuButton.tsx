import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './menu-button.css';

export interface MenuButtonItem {
  key: string;
  label: ReactNode;
  /** Marks the current choice (aria-current). */
  current?: boolean;
  /** Renders the item as this element (e.g. a router <Link>); it receives className and onClick. */
  render?: (props: { className: string; onClick: () => void; 'aria-current'?: 'true' }) => ReactNode;
  onSelect?: () => void;
}

/**
 * A small disclosure menu for the portal's top bar (language, district sites). Plain DOM in the page's tab order,
 * so it costs the first screen almost nothing: Escape or a click outside closes it.
 */
export function MenuButton({
  label,
  items,
  ariaLabel,
  align = 'start',
  className,
}: {
  label: ReactNode;
  items: readonly MenuButtonItem[];
  ariaLabel?: string;
  align?: 'start' | 'end';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div
      ref={root}
      className={`phjr-menu-button${className ? ` ${className}` : ''}`}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        className="phjr-menu-button-trigger"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      <ul id={listId} className={`phjr-menu-button-list phjr-menu-button-${align}`} hidden={!open}>
        {items.map((item) => {
          const cls = item.current ? 'phjr-menu-button-item is-current' : 'phjr-menu-button-item';
          const onClick = () => {
            item.onSelect?.();
            close();
          };
          return (
            <li key={item.key}>
              {item.render ? (
                item.render({ className: cls, onClick, 'aria-current': item.current ? 'true' : undefined })
              ) : (
                <button
                  type="button"
                  className={cls}
                  onClick={onClick}
                  aria-current={item.current ? 'true' : undefined}
                >
                  {item.label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
