import { useSyncExternalStore } from 'react';
import { runtime } from './runtime.ts';
import { STORAGE_KEYS } from './storage.ts';

/**
 * Elder mode (长辈模式, issue 32; decision record 0037): larger type, more line spacing, stronger text, bigger controls,
 * no movement and no pop-ups, on every page. It is a theme, not a second site: the same routes and pages, with
 * antd's tokens (app/theme.ts `elderTokens`) and the class `phjr-elder` on <html>, which the hand-written styles read
 * (their sizes are in rem, and the root's size grows). The choice is remembered on the device, across sessions.
 */
export const ELDER_CLASS = 'phjr-elder';

const listeners = new Set<() => void>();

export function isElderMode(): boolean {
  return runtime().storage.getItem(STORAGE_KEYS.elderMode) === 'on';
}

function applyToDocument(on: boolean): void {
  if (typeof document !== 'undefined') document.documentElement.classList.toggle(ELDER_CLASS, on);
}

/** At start-up, before the first drawing: the page opens in the mode the reader chose last time. */
export function applyStoredElderMode(): void {
  applyToDocument(isElderMode());
}

export function setElderMode(on: boolean): void {
  const { storage } = runtime();
  if (on) storage.setItem(STORAGE_KEYS.elderMode, 'on');
  else storage.removeItem(STORAGE_KEYS.elderMode);
  applyToDocument(on);
  for (const listener of listeners) listener();
}

/** Whether elder mode is on, following every switch on the page. */
export function useElderMode(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    isElderMode,
    () => false,
  );
}
