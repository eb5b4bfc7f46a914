import { useTranslation } from 'react-i18next';
import { setElderMode, useElderMode } from '../lib/elder-mode.ts';
import './elder-mode-switch.css';

/**
 * The elder-mode switch (长辈模式, issue 32): one toggle button, pressed when on, beside the language menu wherever that
 * is (the portal's top bar, every client's header, the sign-on and standalone pages). Plain DOM, so the portal's first
 * screen pays almost nothing for it.
 */
export function ElderModeSwitch() {
  const { t } = useTranslation('common');
  const on = useElderMode();
  return (
    <button type="button" className="phjr-elder-switch" aria-pressed={on} onClick={() => setElderMode(!on)}>
      <span className="phjr-elder-switch-mark" aria-hidden>
        {/* The mark: a large and a small "A", as in every reader's font-size button. */}A<small>A</small>
      </span>
      <span className="phjr-elder-switch-label">{t('elderMode.label')}</span>
    </button>
  );
}
