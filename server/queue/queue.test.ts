// The background queue as its operator sees it: a row committed anywhere wakes the worker through
// the one channel, a delayed row runs when it falls due, the rows that only say "there is work" are
// taken together, and the metrics tell what waits, kind by kind.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { testDatabases } from "../../tests/support/testing";
import type { DatabaseHandle } from "../db/client.server";
import { renderMetrics, watchDatabase } from "../observability/metrics";
import { enqueueJob, waiting } from "./queue";
import { runDueJobs, startQueueWorker } from "./worker";

describe.each(testDatabases())("the background queue on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(() => handle.close());

  const statusOf = async (id: number) =>
    (await handle.db.execute<{ status: string }>(sql`select status from jobs where id = ${id}`)).rows[0]
      ?.status;

  async function until(what: string, probe: () => Promise<boolean>, ms = 10_000) {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (await probe()) return;
    throw new Error(`Timed out waiting for ${what}`);
  }

  it("wakes a listening worker when a row's transaction commits, and runs a delayed row when it falls due", async () => {
    // A poll too slow to matter here: only the channel and the worker's own timer can run them.
    const worker = await startQueueWorker(
      { db: handle.db, listen: handle.listen },
      { kinds: ["push", "alerts"], pollMs: 10 * 60_000, firstAfterMs: 0 },
    );
    try {
      await worker.settled();
      const now = await handle.db.transaction((tx) => enqueueJob(tx, { kind: "push" }));
      await until("the push row to run", async () => (await statusOf(now)) === "ready");

      const started = Date.now();
      const later = await handle.db.transaction((tx) => enqueueJob(tx, { kind: "alerts", delaySeconds: 1 }));
      expect(await statusOf(later)).toBe("queued");
      await until("the delayed row to run", async () => (await statusOf(later)) === "ready");
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      // A rolled-back change queues nothing.
      await handle.db
        .transaction(async (tx) => {
          await enqueueJob(tx, { kind: "push" });
          throw new Error("changed my mind");
        })
        .catch(() => {});
      const { rows } = await handle.db.execute(sql`select 1 from jobs where status = 'queued'`);
      expect(rows).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it("takes every queued row of a kind that only says there is work in one run", async () => {
    for (let i = 0; i < 3; i++) await handle.db.transaction((tx) => enqueueJob(tx, { kind: "push" }));
    const ran = await runDueJobs({ db: handle.db }, { kinds: ["push"] });
    expect(ran).toHaveLength(1);
    expect((await waiting(handle.db)).filter((w) => w.kind === "push")).toEqual([]);
  });

  it("is counted by kind and status in the metrics", async () => {
    await handle.db.transaction(async (tx) => {
      await enqueueJob(tx, { kind: "tour-video", subject_id: 1 });
      await enqueueJob(tx, { kind: "tour-video", subject_id: 2 });
      await enqueueJob(tx, { kind: "listing-import", subject_id: 3, delaySeconds: 600 });
    });
    watchDatabase(handle);
    const body = (await renderMetrics()).body;
    const value = (series: string) =>
      body
        .split("\n")
        .find((l) => l.startsWith(`${series} `))
        ?.split(" ")[1];
    expect(value('queue_jobs{kind="tour-video",status="queued"}')).toBe("2");
    expect(value('queue_jobs{kind="listing-import",status="scheduled"}')).toBe("1");
    expect(value('queue_jobs{kind="push",status="queued"}')).toBe("0");
    expect(value("jobs_queue_length")).toBe("2");
  });
});
