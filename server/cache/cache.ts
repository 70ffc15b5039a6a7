// The one cache: a least-recently-used map with a time limit (lru-cache) whose entries know the
// tables they were read from. A change to a table drops exactly the entries read from it, in every
// cache of the process (dropTables); the database tells every process of every change
// (server/cache/changes.ts). Each cache counts its hits and misses, for the metrics.
import { LRUCache } from "lru-cache";
import { noteTables, traced } from "./track";

interface Entry<V> {
  value: V;
  tables: ReadonlySet<string>;
}

export interface CacheStats {
  name: string;
  hits: number;
  misses: number;
  /** Entries dropped because a table they were read from changed. */
  dropped: number;
  entries: number;
}

interface Droppable {
  dropTables(tables: ReadonlySet<string>): void;
  clear(): void;
  stats(): CacheStats;
}

const caches = new Set<Droppable>();

/** Every drop gets a number, so a load that ran across one can tell whether it read stale rows. */
let sequence = 0;
const RECENT = 512;
const recent: { at: number; tables: ReadonlySet<string> | "all" }[] = [];

function droppedSince(since: number, tables: ReadonlySet<string>): boolean {
  if (sequence === since) return false;
  // More drops than are remembered: assume the worst.
  if (sequence - since > recent.length) return true;
  return recent.some(
    (d) => d.at > since && (d.tables === "all" || [...d.tables].some((table) => tables.has(table))),
  );
}

function remember(tables: ReadonlySet<string> | "all") {
  sequence++;
  recent.push({ at: sequence, tables });
  if (recent.length > RECENT) recent.shift();
}

export interface CacheOptions<V> {
  /** How many entries at most; the least recently used go first. */
  max: number;
  ttlMs: number;
  /** An entry's size in bytes (e.g. a page's length): then `maxBytes` bounds the whole cache. */
  sizeOf?: (value: V) => number;
  maxBytes?: number;
}

export class DependentCache<V extends NonNullable<unknown>> {
  private hits = 0;
  private misses = 0;
  private dropped = 0;
  private readonly entries: LRUCache<string, Entry<V>>;
  /** Table → keys of the entries read from it. */
  private readonly byTable = new Map<string, Set<string>>();
  private readonly loading = new Map<string, Promise<Entry<V>>>();

  constructor(
    readonly name: string,
    options: CacheOptions<V>,
  ) {
    this.entries = new LRUCache<string, Entry<V>>({
      max: options.max,
      ttl: options.ttlMs,
      ...(options.sizeOf && options.maxBytes
        ? {
            maxSize: options.maxBytes,
            sizeCalculation: (e: Entry<V>) => Math.max(1, options.sizeOf!(e.value)),
          }
        : {}),
      dispose: (entry, key) => {
        for (const table of entry.tables) {
          const keys = this.byTable.get(table);
          keys?.delete(key);
          if (keys?.size === 0) this.byTable.delete(table);
        }
      },
    });
    caches.add(this);
  }

  /** The entry under `key`, if there is a fresh one; what it was read from counts as read now. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    noteTables(entry.tables);
    return entry.value;
  }

  /** Keeps `value`, read from `tables`, unless one of them changed since `since` (a sequence()). */
  set(key: string, value: V, tables: ReadonlySet<string>, since = sequence, ttlMs?: number): void {
    if (droppedSince(since, tables)) return;
    this.entries.set(key, { value, tables }, ttlMs === undefined ? undefined : { ttl: ttlMs });
    for (const table of tables) {
      let keys = this.byTable.get(table);
      if (!keys) this.byTable.set(table, (keys = new Set()));
      keys.add(key);
    }
  }

  /**
   * The entry under `key`, or `load`'s value kept under it (when `keep` agrees). Callers asking for
   * the same key while it loads share the one load.
   */
  async getOrLoad(
    key: string,
    load: () => Promise<V>,
    keep: (value: V) => boolean = () => true,
    ttlMs?: number,
  ): Promise<V> {
    const entry = this.entries.get(key);
    if (entry) {
      this.hits++;
      noteTables(entry.tables);
      return entry.value;
    }
    let pending = this.loading.get(key);
    if (pending) this.hits++;
    else {
      this.misses++;
      const since = sequence;
      pending = traced(load)
        .then(({ value, tables }) => {
          if (keep(value)) this.set(key, value, tables, since, ttlMs);
          return { value, tables };
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    const { value, tables } = await pending;
    noteTables(tables);
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  dropTables(tables: ReadonlySet<string>): void {
    for (const table of tables) {
      const keys = this.byTable.get(table);
      if (!keys) continue;
      for (const key of [...keys]) {
        if (this.entries.delete(key)) this.dropped++;
      }
    }
  }

  clear(): void {
    this.dropped += this.entries.size;
    this.entries.clear();
  }

  stats(): CacheStats {
    return {
      name: this.name,
      hits: this.hits,
      misses: this.misses,
      dropped: this.dropped,
      entries: this.entries.size,
    };
  }
}

/** The number to hand back to `set` for a value about to be read. */
export const dropSequence = () => sequence;

/** Tables changed: every cache drops what was read from them. */
export function dropTables(tables: Iterable<string>): void {
  const changed = new Set(tables);
  if (!changed.size) return;
  remember(changed);
  for (const cache of caches) cache.dropTables(changed);
}

/** Anything may have changed (news of changes was lost): every cache starts empty. */
export function dropEverything(): void {
  remember("all");
  for (const cache of caches) cache.clear();
}

export function cacheStats(): CacheStats[] {
  return [...caches].map((cache) => cache.stats());
}
