// Recurring kinds (the digests every ten minutes, housekeeping every hour): one row per kind and
// period, the period's start in `slot`. A unique index on (kind, slot) lets only one such row exist,
// however many processes ask for it at once, and the queue's claim lets only one of them run it: so
// several instances on one database do each round once between them, not once each. No scheduler to
// install: a finished round queues the next (scheduleNext), and every worker makes sure the current
// period has its row (ensureSchedule) as it starts and now and then after, in case the chain broke
// (every process was down, or the database was away as a round ended).
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { policyOf, QUEUE_CHANNEL, RECURRING_KINDS, type JobKind } from "./queue";

/** The start of the period `at` lies in, periods counted from the epoch (whole hours for an hour). */
const slotOf = (at: SQL, seconds: SQL | number) =>
  sql`to_timestamp(floor(extract(epoch from ${at}) / ${seconds}) * ${seconds})`;

const periodOf = (kind: JobKind) => policyOf(kind).everySeconds!;

/**
 * Queues the current period's row of each recurring kind, unless the kind has a row waiting or
 * running, or this period's (or a later one's) row exists already, done or not. Reading first and
 * inserting only then keeps the row ids for rows that are written.
 */
export async function ensureSchedule(db: Executor, kinds: readonly JobKind[] = RECURRING_KINDS) {
  const recurring = kinds.filter((k) => policyOf(k).everySeconds);
  if (!recurring.length) return;
  const periods = recurring.map(periodOf);
  const { rows } = await db.execute(sql`
    insert into jobs (kind, slot, run_after)
    select k.kind, k.slot, k.slot
    from (
      select kind, ${slotOf(sql`now()`, sql`secs`)} as slot
      from unnest(${sql.param(recurring)}::text[], ${sql.param(periods)}::int[]) as p(kind, secs)
    ) k
    where not exists (
      select 1 from jobs j where j.kind = k.kind and (j.slot >= k.slot or j.status in ('queued', 'processing')))
    on conflict (kind, slot) do nothing
    returning id`);
  if (rows.length) await db.execute(sql`select pg_notify(${QUEUE_CHANNEL}, 'schedule')`);
}

/** A round ended (done or given up): the kind's next one falls due at the start of the next period. */
export async function scheduleNext(db: Executor, kind: JobKind) {
  const seconds = periodOf(kind);
  await db.execute(sql`
    insert into jobs (kind, slot, run_after)
    select ${kind}, next, next from (select ${slotOf(sql`now()`, seconds)} + make_interval(secs => ${seconds}) as next) n
    on conflict (kind, slot) do nothing`);
}
