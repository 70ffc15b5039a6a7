// What the server does by the clock: tell people their package ends soon, forget old live-chat
// events, matched listing events and finished jobs. No scheduler to install. Every process that runs
// background work starts it, but each clock hour's round is claimed in the database by the first
// process to reach it, so several instances on one database do the work once between them.
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { notifyExpiringPackages } from "./api/packages/expiry";
import { pruneChatEvents } from "./api/chat/service";
import { pruneListingEvents } from "./api/saved-searches/events";
import { pruneJobs } from "./api/jobs/queue";
import { logger } from "./observability/log";

const HOUR = 60 * 60 * 1000;
const TASKS: [string, (db: Database) => Promise<unknown>][] = [
  ["package expiry notices", notifyExpiringPackages],
  ["old chat events", pruneChatEvents],
  ["matched listing events", pruneListingEvents],
  ["finished background jobs", pruneJobs],
];

/** Who ran a round, as the claim records it (to tell instances apart when looking). */
const RUNNER = `${hostname()}:${process.pid}`;

/**
 * Claims the current clock hour's round; true for exactly one process per hour on one database.
 * Claims older than a week are dropped on the way.
 */
export async function claimHour(db: Database, runner = RUNNER): Promise<boolean> {
  const { rows } = await db.execute<{ slot: string }>(sql`
    insert into housekeeping_runs (slot, ran_by) values (date_trunc('hour', now()), ${runner})
    on conflict (slot) do nothing
    returning slot`);
  if (rows.length)
    await db.execute(sql`delete from housekeeping_runs where slot < now() - interval '7 days'`);
  return rows.length > 0;
}

export interface HousekeepingOptions {
  /** The first look, after start (a process that starts does not add to its start's work). */
  firstAfterMs?: number;
  /** Then how often to look whether this hour's round is done. */
  everyMs?: number;
}

/** Looks shortly after start and then every few minutes; a failed task is logged and tried next hour. */
export function startHousekeeping(db: Database, options: HousekeepingOptions = {}) {
  const firstAfterMs = options.firstAfterMs ?? Number(process.env.HOUSEKEEPING_FIRST_MS ?? 10_000);
  // Looking every 5 minutes (one insert that usually does nothing) starts a new hour's round soon
  // after it begins, whichever instance is up then.
  const everyMs = options.everyMs ?? HOUR / 12;
  const run = async () => {
    const mine = await claimHour(db).catch((error) => {
      logger().warn({ err: error }, "Housekeeping: could not claim this hour");
      return false;
    });
    if (!mine) return;
    for (const [name, task] of TASKS) {
      await task(db).catch((error) => logger().warn({ err: error, task: name }, "Housekeeping failed"));
    }
  };
  const first = setTimeout(run, firstAfterMs);
  const every = setInterval(run, everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
