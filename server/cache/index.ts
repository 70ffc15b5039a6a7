// The process's caches, all of one kind (cache.ts): what each keeps, and for how long at most.
// Each drops exactly what a change touched (changes.ts); their hits and misses are in the metrics.
import { DependentCache } from "./cache";

/** A kept answer of the API: what the call answered, without the request it echoes. */
export interface KeptAnswer {
  status?: number;
  message?: string;
  data: unknown;
  total?: number;
}

/** A whole page for a visitor without cookies (decision 036). */
export interface KeptPage {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string | null;
  view: string | null;
}

/** The longest any entry lives; SHARED_READ_SECONDS sets each one's own, up to this. */
const LONGEST_MS = 300_000;

/** Shared reads (a list, a listing, home's sections): the same answer for everyone. */
export const sharedReads = new DependentCache<KeptAnswer>("shared reads", { max: 2_000, ttlMs: LONGEST_MS });

/** A signed-in person's own reads (unread counts, their feed), kept for that person alone. */
export const personalReads = new DependentCache<KeptAnswer>("personal reads", {
  max: 5_000,
  ttlMs: LONGEST_MS,
});

/** Pages for visitors without cookies, bounded by their size (a page is 20–200 KB). */
export const pages = new DependentCache<KeptPage>("pages", {
  max: 2_000,
  ttlMs: LONGEST_MS,
  sizeOf: (page) => page.body.length,
  maxBytes: 64 * 1024 * 1024,
});

/** What every page's frame needs and an admin changes (the site's settings, the filters' lists). */
export const siteData = new DependentCache<NonNullable<unknown>>("site data", { max: 50, ttlMs: LONGEST_MS });

export { cacheStats, dropEverything, dropSequence, dropTables, type CacheStats } from "./cache";
export { CHANGES_CHANNEL, hearChanges, settleWrites } from "./changes";
export { traced } from "./track";
