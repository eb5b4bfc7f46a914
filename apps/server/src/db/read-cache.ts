import pg from 'pg';

/** The channel migration 0006 notifies on every committed change to a table the cached lists read. */
export const DATA_CHANGED_CHANNEL = 'phjr_data_changed';

/** The channel migration 0029 notifies on every committed change to what a session carries (auth.service.ts resolveSession). */
export const AUTH_CHANGED_CHANNEL = 'phjr_auth_changed';

export interface ReadCacheOptions {
  /** How long an entry may be served: bounds what no notification announces (a scheduled article's time coming). */
  ttlMs: number;
  /** The channel whose notifications drop every entry (default: the data lists' DATA_CHANGED_CHANNEL). */
  channel?: string;
  /** What the log calls it. */
  label?: string;
  /** Entries kept at most; the oldest goes first. */
  maxEntries?: number;
  log?: (m: string) => void;
}

export interface ReadCache {
  /**
   * The value kept under `key`, or `load()`'s, kept unless the data changed while it was loading. A key that costs
   * something to make (a JSON of a scope and a filter) is given as a function: made only while entries are served.
   */
  get<T>(key: string | (() => string), load: () => Promise<T>): Promise<T>;
  /** Drops every entry (a write of this process: its own notification is on its way, but the reply goes first). */
  clear(): void;
  /** Whether entries are served: only while the listening connection is up. */
  readonly active: boolean;
  close(): Promise<void>;
}

interface Entry {
  value: unknown;
  at: number;
}

/**
 * The read cache of the hottest lists: the public portal's (supermarket pages, article lists, the homepage figures),
 * identical for every visitor, and the demand lists' pages, keyed by scope and filter. Each process keeps its own entries and LISTENs on a connection of its own: a change
 * committed by any process drops every entry of every process (PostgreSQL delivers the notification after the
 * commit). An entry loaded while a change came in is not kept (the generation moved on), so no stale value outlives
 * a notification. While the listening connection is down nothing is served from the cache; it reconnects every
 * second.
 */
export async function startReadCache(connectionString: string, opts: ReadCacheOptions): Promise<ReadCache> {
  // A TTL of 0 (READ_CACHE_TTL_MS=0, SESSION_CACHE_TTL_MS=0) keeps nothing: no listening connection either.
  if (opts.ttlMs <= 0) return NO_READ_CACHE;
  const max = opts.maxEntries ?? 2_000;
  const channel = opts.channel ?? DATA_CHANGED_CHANNEL;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, { generation: number; promise: Promise<unknown> }>();
  let generation = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const clear = () => {
    generation += 1;
    entries.clear();
    loading.clear();
  };

  async function listen() {
    retry = null;
    const c = new pg.Client({ connectionString });
    c.on('notification', clear);
    c.on('error', () => down(c));
    c.on('end', () => down(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (e) {
      opts.log?.(`${opts.label ?? 'read cache'}: cannot listen (${String(e)}); serving without it`);
      down(c);
      return;
    }
    if (closed) return void c.end().catch(() => {});
    client = c;
    // Whatever changed while no one listened is unknown: start empty.
    clear();
    listening = true;
  }

  function down(c: pg.Client) {
    if (client === c) client = null;
    listening = false;
    clear();
    c.end().catch(() => {});
    if (!closed && !retry) retry = setTimeout(() => void listen(), 1_000);
  }

  await listen();

  return {
    get active() {
      return listening;
    },
    clear,
    async get<T>(keyOf: string | (() => string), load: () => Promise<T>): Promise<T> {
      if (!listening) return load();
      const key = typeof keyOf === 'string' ? keyOf : keyOf();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < opts.ttlMs) return hit.value as T;
      // Requests for the same key while it loads share the one load.
      const pending = loading.get(key);
      if (pending && pending.generation === generation) return pending.promise as Promise<T>;
      const started = generation;
      const promise = load();
      loading.set(key, { generation: started, promise });
      try {
        const value = await promise;
        if (listening && started === generation) {
          entries.delete(key);
          if (entries.size >= max) entries.delete(entries.keys().next().value!);
          entries.set(key, { value, at: now });
        }
        return value;
      } finally {
        if (loading.get(key)?.promise === promise) loading.delete(key);
      }
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      listening = false;
      clear();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/** No cache (READ_CACHE_TTL_MS=0): every read loads. */
export const NO_READ_CACHE: ReadCache = {
  get: (_key, load) => load(),
  clear: () => {},
  active: false,
  close: async () => {},
};
