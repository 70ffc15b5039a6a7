// Fixed-window rate limits counted in the database, so several instances share one count.
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { ApiError } from "./envelope";

export interface Limit {
  /** What is limited and for whom, e.g. `contact:203.0.113.9`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/** Adds one hit to the key's current window and returns the window's count so far. */
async function count(db: Executor, key: string, windowSeconds: number): Promise<number> {
  const { rows } = await db.execute<{ hits: number }>(sql`
    insert into rate_limits (key, window_start, hits)
    values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (key, window_start) do update set hits = rate_limits.hits + 1
    returning hits`);
  return Number(rows[0]?.hits ?? 0);
}

/** True the first time a key is seen in its window (e.g. one view per visitor and hour). */
export async function firstInWindow(db: Executor, key: string, windowSeconds: number): Promise<boolean> {
  return (await count(db, key, windowSeconds)) === 1;
}

/** Adds one hit without refusing and returns the window's count so far. */
export async function record(db: Executor, key: string, windowSeconds: number): Promise<number> {
  return count(db, key, windowSeconds);
}

/** Takes back one hit of the key's current window (an attempt that turned out not to count). */
export async function forgive(db: Executor, key: string, windowSeconds: number): Promise<void> {
  await db.execute(sql`
    update rate_limits set hits = greatest(hits - 1, 0)
    where key = ${key} and window_start = to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`);
}

export const TOO_MANY_MESSAGE = "Too many attempts. Please try again later";

/**
 * Counts one hit; refuses with 429 once the window's allowance is used up. `errors` goes with the
 * refusal (sign-in forms read the identity provider's code from `_identity`).
 */
export async function hit(
  db: Executor,
  { key, max, windowSeconds }: Limit,
  errors?: Record<string, string[]>,
): Promise<void> {
  if ((await count(db, key, windowSeconds)) > max) {
    throw new ApiError(429, TOO_MANY_MESSAGE, errors);
  }
  // Old windows are useless: clear them now and then instead of running a job.
  if (Math.random() < 0.01)
    await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
