// A tiny time-based cache for data every page needs and only an admin changes (settings,
// categories): one process keeps it for a while instead of asking the API on every request.
// An admin's change reaches every process on the same database at once: `forget` is announced
// through the database (NOTIFY), so a cluster's other workers drop their copies too.
import { sql } from "drizzle-orm";
import { env } from "~server/env.server";
import { getRuntime } from "~server/runtime.server";
import { logger } from "./observability/log";

const entries = new Map<string, { at: number; value: Promise<unknown> }>();
/** Past this many entries the oldest go first: the shared reads of the API have many keys. */
const MAX_ENTRIES = 500;

/** The channel on which processes tell each other which entries to drop. */
export const FORGET_CHANNEL = "souq_memo_forget";

/** The runtime whose database this process listens on (a new one, e.g. in tests, is listened to anew). */
let listeningTo: Promise<unknown> | null = null;
let listening: Promise<void> = Promise.resolve();

/**
 * Hears other processes' `forget` (and, after a lost connection, drops everything: news may have
 * been missed). Resolves once it listens, so that what is loaded afterwards cannot miss a forget;
 * if it cannot listen, entries only have their time, as before there were several processes.
 */
function listenToOthers(): Promise<void> {
  // A web tier in front of a separate API has no database to hear from: entries only have their time.
  if (env().API_ORIGIN) return Promise.resolve();
  const runtime = getRuntime();
  if (runtime === listeningTo) return listening;
  listeningTo = runtime;
  listening = runtime
    .then(({ database }) => database.listen(FORGET_CHANNEL, forgetHere, () => forgetHere("")))
    .then(
      () => undefined,
      (error: unknown) =>
        logger().warn(
          { err: error },
          "Cached settings: not hearing other processes; they catch up within their entries' time",
        ),
    );
  return listening;
}

export function memo<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
  // Loaded only once this process hears forgets: a change saved meanwhile is either read or heard of.
  const value = listenToOthers().then(load);
  entries.delete(key);
  entries.set(key, { at: Date.now(), value });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  // A failed load is not kept: the next request tries again.
  value.catch(() => entries.delete(key));
  return value;
}

const listeners: ((prefix: string) => void)[] = [];

/** Calls `listener` whenever this process drops entries (a page made of them is out of date too). */
export function onForget(listener: (prefix: string) => void) {
  listeners.push(listener);
}

/** Drops entries whose key starts with `prefix` in this process only (see `forget` for all of them). */
export function forgetHere(prefix: string) {
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
  for (const listener of listeners) listener(prefix);
}

/**
 * Drops the entries whose key starts with `prefix` in this process and in every other process on
 * the same database, so the next request anywhere loads afresh. Resolves once the others were told.
 */
export async function forget(prefix: string): Promise<void> {
  forgetHere(prefix);
  if (env().API_ORIGIN) return;
  try {
    const { database } = await getRuntime();
    await database.db.execute(sql`select pg_notify(${FORGET_CHANNEL}, ${prefix})`);
  } catch (error) {
    logger().warn(
      { err: error },
      "Cached settings: other processes were not told; they catch up within their entries' time",
    );
  }
}
