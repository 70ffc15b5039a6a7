import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { testDatabases } from "../tests/support/testing";
import type { DatabaseHandle } from "./db/client.server";
import { claimHour } from "./housekeeping";

describe.each(testDatabases())("housekeeping on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(() => handle.close());

  it("runs each hour's round once, whichever process asks first", async () => {
    const claims = await Promise.all(["a:1", "b:2", "a:1", "c:3"].map((who) => claimHour(handle.db, who)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // An hour later the round is there to be claimed again; a week-old claim is dropped meanwhile.
    await handle.db.execute(sql`update housekeeping_runs set slot = slot - interval '8 days'`);
    expect(await claimHour(handle.db, "b:2")).toBe(true);
    const { rows } = await handle.db.execute<{ ran_by: string }>(sql`select ran_by from housekeeping_runs`);
    expect(rows).toEqual([{ ran_by: "b:2" }]);
  });
});
