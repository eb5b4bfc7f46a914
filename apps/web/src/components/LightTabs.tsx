import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './light-tabs.css';

export interface LightTab {
  key: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs in plain DOM for the portal's first screen, where antd Tabs would cost more than the page itself.
 * Arrow keys, Home and End move between tabs.
 */
export function LightTabs({ tabs, ariaLabel }: { tabs: readonly LightTab[]; ariaLabel: string }) {
  const [active, setActive] = useState(tabs[0]?.key);
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const focus = (i: number) => {
    const n = (i + tabs.length) % tabs.length;
    setActive(tabs[n].key);
    refs.current[n]?.focus();
  };
  const onKey = (e: KeyboardEvent, i: number) => {
    const moves: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      focus(moves[e.key]);
    }
  };
  return (
    <div className="phjr-light-tabs">
      <div role="tablist" aria-label={ariaLabel} className="phjr-light-tabs-list">
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`${base}-panel-${tab.key}`}
            tabIndex={tab.key === active ? 0 : -1}
            className="phjr-light-tab"
            onClick={() => setActive(tab.key)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${base}-panel-${tab.key}`}
          aria-labelledby={`${base}-tab-${tab.key}`}
          hidden={tab.key !== active}
          tabIndex={0}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
