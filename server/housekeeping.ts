// What the server does by the clock, in every process (each task is safe to run twice at once):
// tell people their package ends soon, forget old live-chat events and matched listing events. No scheduler to install.
import type { Database } from "./db/client.server";
import { notifyExpiringPackages } from "./api/packages/expiry";
import { pruneChatEvents } from "./api/chat/service";
import { pruneListingEvents } from "./api/saved-searches/events";
import { pruneJobs } from "./api/jobs/queue";

const HOUR = 60 * 60 * 1000;
const TASKS: [string, (db: Database) => Promise<unknown>][] = [
  ["package expiry notices", notifyExpiringPackages],
  ["old chat events", pruneChatEvents],
  ["matched listing events", pruneListingEvents],
  ["finished background jobs", pruneJobs],
];

/** Runs the tasks shortly after start and then every hour; a failed task is logged and tried again next hour. */
export function startHousekeeping(db: Database) {
  const run = async () => {
    for (const [name, task] of TASKS) {
      await task(db).catch((error) =>
        console.warn(`Housekeeping (${name}) failed:`, error instanceof Error ? error.message : error),
      );
    }
  };
  const first = setTimeout(run, 10_000);
  const every = setInterval(run, HOUR);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
