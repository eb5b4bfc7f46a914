import { useId, useState, type ReactNode } from 'react';
import { QuestionCircleOutlined } from '@ant-design/icons';
import './definition-tip.css';

/**
 * A figure's name with its definition (口径) on hover, on keyboard focus and on tap (UI.md: "with their
 * definitions on hover"). Plain DOM: antd's Tooltip would bring its positioning library to the first route.
 * Escape hides it (WCAG 1.4.13).
 */
export function DefinitionTip({ label, title, definition }: { label: ReactNode; title: string; definition: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  return (
    <span
      className={`phjr-tip${open ? ' is-open' : ''}${dismissed ? ' is-dismissed' : ''}`}
      onMouseLeave={() => {
        setOpen(false);
        setDismissed(false);
      }}
    >
      <button
        type="button"
        className="phjr-tip-trigger"
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => {
          setOpen((o) => !o);
          setDismissed(false);
        }}
        onBlur={() => {
          setOpen(false);
          setDismissed(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setOpen(false);
            setDismissed(true);
          }
        }}
      >
        {label}
        <QuestionCircleOutlined aria-hidden className="phjr-tip-icon" />
      </button>
      <span role="tooltip" id={id} className="phjr-tip-bubble">
        <strong>{title}</strong>
        {definition}
      </span>
    </span>
  );
}
