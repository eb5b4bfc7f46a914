import { antdUi } from './antd-ui.ts';

/**
 * Everything the request and session code touches outside plain JavaScript: the network, the toasts, the address
 * bar, storage and timers. Production uses the browser's; unit tests swap in fakes with `configureRuntime`, so every
 * branch of SPEC sections 7 and 8 can be checked in Node without a DOM.
 */

/** How the request layer talks to the user (SPEC 9: toasts 3 s; notifications 1.5 s, top 65, centred). */
export interface RequestUi {
  warn(text: string): void;
  error(text: string): void;
  notify(title: string, description?: string): void;
}

/** The part of the Web Storage API the client uses; `localStorage` satisfies it. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export interface CurrentAddress {
  href: string;
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}

export interface Runtime {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  ui: RequestUi;
  /** A full-page navigation (location.assign): SSO pages, the login redirect, /exception. */
  navigate(url: string): void;
  /** Rewrites the address without a reload (history.replaceState), e.g. to drop a used ticket. */
  replaceUrl(url: string): void;
  location(): CurrentAddress;
  storage: KeyValueStorage;
  setTimeout(fn: () => void, ms: number): unknown;
  now(): number;
  saveFile(blob: Blob, fileName: string): void;
}

export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const hasWindow = typeof window !== 'undefined' && typeof window.location !== 'undefined';

function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage can throw when the browser blocks it (privacy mode); the session then lives for this page only.
  }
  return memoryStorage();
}

function saveWithAnchor(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke later: some browsers start the download asynchronously after click().
  globalThis.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

function defaults(): Runtime {
  return {
    fetch: (input, init) => globalThis.fetch(input, init),
    ui: antdUi(),
    navigate: (url) => (hasWindow ? window.location.assign(url) : undefined),
    replaceUrl: (url) => (hasWindow ? window.history.replaceState(window.history.state, '', url) : undefined),
    location: () =>
      hasWindow
        ? window.location
        : { href: 'http://localhost/', origin: 'http://localhost', pathname: '/', search: '', hash: '' },
    storage: browserStorage(),
    // Looked up at call time so that fake timers installed by tests take effect.
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    now: () => Date.now(),
    saveFile: saveWithAnchor,
  };
}

let current: Runtime = defaults();
const resetListeners = new Set<() => void>();

export function runtime(): Runtime {
  return current;
}

/**
 * Replaces parts of the runtime. Page state (e.g. "a logout is already under way") is kept: the app swaps its UI
 * in while running, and that must not let a second logout start.
 */
export function configureRuntime(overrides: Partial<Runtime>): void {
  current = { ...current, ...overrides };
}

/** Back to the browser defaults and a fresh page state (tests call it between cases). */
export function resetRuntime(): void {
  current = defaults();
  resetListeners.forEach((fn) => fn());
}

/** Lets modules with page-scoped state clear it when the runtime is reset. */
export function onRuntimeReset(fn: () => void): void {
  resetListeners.add(fn);
}
