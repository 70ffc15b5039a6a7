// The settings cache: kept for its time, dropped at once by `forget`, here or in another process.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../tests/support/testing";
import { provideRuntime, type Runtime } from "~server/runtime.server";
import type { DatabaseHandle } from "~server/db/client.server";
import { FORGET_CHANNEL, forget, memo } from "./memo.server";

const until = async (probe: () => boolean) => {
  for (let i = 0; i < 100 && !probe(); i++) await new Promise((r) => setTimeout(r, 50));
  return probe();
};

for (const database of testDatabases()) {
  describe(`cached settings on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let restoreRuntime: (() => void) | undefined;
    beforeAll(async () => {
      handle = await database.open();
      // Only the database is used here.
      restoreRuntime = provideRuntime({ database: handle } as Runtime);
    });
    // Test files share the process: the next one must not find this database, closed, as the runtime's.
    afterAll(async () => {
      restoreRuntime?.();
      await handle?.close();
    });

    it("keeps a value for its time and loads it again once forgotten", async () => {
      let loads = 0;
      const load = async () => ++loads;
      expect(await memo(`${database.name}:a`, 60_000, load)).toBe(1);
      expect(await memo(`${database.name}:a`, 60_000, load)).toBe(1);
      await forget(`${database.name}:a`);
      expect(await memo(`${database.name}:a`, 60_000, load)).toBe(2);
    });

    it("drops a value when another process forgets it (told through the database)", async () => {
      let loads = 0;
      const load = async () => ++loads;
      const key = `${database.name}:b`;
      expect(await memo(key, 60_000, load)).toBe(1);
      // What another process's forget sends.
      await handle.db.execute(sql`select pg_notify(${FORGET_CHANNEL}, ${key})`);
      let latest = 1;
      expect(await until(() => (void memo(key, 60_000, load).then((v) => (latest = v)), latest === 2))).toBe(
        true,
      );
    });
  });
}
