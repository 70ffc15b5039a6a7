// News of changed tables, from the database to every process's caches. Each table's triggers
// announce its name on CHANGES_CHANNEL once per statement (migration 0037 attaches them to every
// table, and the start attaches them to tables added since); a process drops what was read from
// them. A change made by this process's own request is waited for (settleWrites) before that
// request answers, so the person who made it reads it at once; others see it a moment later.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../db/client.server";

type Listen = DatabaseHandle["listen"];
import { logger } from "../observability/log";
import { dropEverything, dropTables } from "./cache";

export const CHANGES_CHANNEL = "souq_changed";
const BARRIER = "sync:";
/** How long a request waits for its own change's news before it drops everything instead. */
const SETTLE_MS = 500;

const waiting = new Map<string, () => void>();

function heard(payload: string) {
  if (payload.startsWith(BARRIER)) {
    waiting.get(payload)?.();
    return;
  }
  dropTables(payload.split(","));
}

let hearingOn: Listen | null = null;
let hearing: Promise<boolean> = Promise.resolve(false);

/**
 * Listens through `listen` (once per database handle; a new one, as in tests, is listened to anew). Resolves
 * once it listens, so a value read afterwards cannot miss the news of a change; to false if it
 * cannot listen (entries then only have their time).
 */
export function hearChanges(listen: Listen): Promise<boolean> {
  if (hearingOn === listen) return hearing;
  hearingOn = listen;
  // Whatever the caches hold was read from another database, or before anyone listened.
  dropEverything();
  hearing = listen(CHANGES_CHANNEL, heard, dropEverything).then(
    () => true,
    (error: unknown) => {
      logger().warn({ err: error }, "Caches: not hearing of changes; entries only age out");
      return false;
    },
  );
  return hearing;
}

/**
 * Waits until this process has heard of every change committed so far (the notices of one
 * database arrive in the order their transactions committed: a notice sent now arrives after
 * them). If it is not heard in time, every cache is emptied instead.
 */
export async function settleWrites(db: Database): Promise<void> {
  if (!(await hearing)) {
    dropEverything();
    return;
  }
  const token = `${BARRIER}${randomUUID()}`;
  let timer: NodeJS.Timeout | undefined;
  const arrived = new Promise<boolean>((resolve) => {
    waiting.set(token, () => resolve(true));
    timer = setTimeout(() => resolve(false), SETTLE_MS);
  });
  try {
    await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${token})`);
    if (!(await arrived)) dropEverything();
  } catch {
    dropEverything();
  } finally {
    clearTimeout(timer);
    waiting.delete(token);
  }
}
