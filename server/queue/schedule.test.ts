// Recurring rounds of the background queue (housekeeping every hour, the digests every ten
// minutes): however many processes queue a round and try to run it at once, it runs once between
// them, and the next one waits for its hour.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { testDatabases } from "../../tests/support/testing";
import { openDatabase, type DatabaseHandle } from "../db/client.server";
import { policyOf, RECURRING_KINDS } from "./queue";
import { ensureSchedule } from "./schedule";
import { runDueJobs } from "./worker";

const HOURLY = RECURRING_KINDS.filter((k) => policyOf(k).everySeconds === 3600);

describe.each(testDatabases())("recurring rounds on $name", ({ open }) => {
  let handle: DatabaseHandle;
  /** A second process on PostgreSQL; on PGlite the same handle (one process, one connection). */
  let second: DatabaseHandle | null;
  beforeAll(async () => {
    handle = await open();
    second = handle.url ? await openDatabase({ url: handle.url }) : null;
  });
  afterAll(async () => {
    await second?.close();
    await handle.close();
  });

  const rounds = async () => {
    const { rows } = await handle.db.execute<{
      kind: string;
      status: string;
      hours_from_now: number;
      due_at_slot: boolean;
      worker: string | null;
    }>(sql`
      select kind, status, (extract(epoch from slot - date_trunc('hour', now())) / 3600)::int as hours_from_now,
        run_after = slot as due_at_slot, payload->>'worker' as worker
      from jobs where kind = any(${sql.param(HOURLY)}::text[]) order by kind, slot`);
    return rows;
  };

  it("runs each hour's housekeeping once, whichever of several processes asks and takes it first", async () => {
    expect(HOURLY).toEqual(["package-expiry", "prune-chat-events", "prune-listing-events", "prune-jobs"]);
    const dbs = [handle.db, second?.db ?? handle.db];
    // Four processes start at once: each makes sure this hour's rounds are queued.
    await Promise.all([0, 1, 0, 1].map((i) => ensureSchedule(dbs[i]!, HOURLY)));
    expect((await rounds()).map((r) => [r.kind, r.status, r.hours_from_now])).toEqual(
      HOURLY.map((k) => [k, "queued", 0]).sort(),
    );

    // They all look for due work at once: each round is taken by one of them.
    const takers = ["a:1", "b:2", "c:3", "d:4"];
    const ran = await Promise.all(
      takers.map((worker, i) => runDueJobs({ db: dbs[i % 2]! }, { kinds: HOURLY, worker })),
    );
    expect(
      ran
        .flat()
        .map((j) => j.kind)
        .sort(),
    ).toEqual([...HOURLY].sort());
    const after = await rounds();
    // Done once, and the next hour's round queued once, due when its hour begins.
    expect(after.map((r) => [r.kind, r.status, r.hours_from_now, r.due_at_slot])).toEqual(
      HOURLY.flatMap((k) => [
        [k, "ready", 0, true],
        [k, "queued", 1, true],
      ]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    for (const r of after.filter((r) => r.status === "ready")) expect(takers).toContain(r.worker);

    // A process that starts later in the hour queues nothing more, and nothing is due.
    await ensureSchedule(handle.db, HOURLY);
    expect(await rounds()).toHaveLength(after.length);
    expect(await runDueJobs({ db: handle.db }, { kinds: HOURLY })).toEqual([]);
  });

  it("runs the next round once when its hour has come", async () => {
    // An hour passes: every round's hour is an hour earlier than it was.
    await handle.db.execute(
      sql`update jobs set slot = slot - interval '1 hour', run_after = run_after - interval '1 hour' where kind = any(${sql.param(HOURLY)}::text[])`,
    );
    await ensureSchedule(handle.db, HOURLY);
    const dbs = [handle.db, second?.db ?? handle.db];
    const ran = await Promise.all(
      ["a:1", "b:2", "c:3"].map((worker, i) => runDueJobs({ db: dbs[i % 2]! }, { kinds: HOURLY, worker })),
    );
    expect(ran.flat()).toHaveLength(HOURLY.length);
    const now = (await rounds()).filter((r) => r.hours_from_now >= 0);
    expect(now.map((r) => [r.kind, r.status, r.hours_from_now])).toEqual(
      HOURLY.flatMap((k) => [
        [k, "ready", 0],
        [k, "queued", 1],
      ]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });
});
