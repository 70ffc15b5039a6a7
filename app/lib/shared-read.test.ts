// Shared reads: what visitors who are not signed in are shown is read once and then answered from
// the process's copy, until anything it is read from changes (a trigger tells every process).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, signedUp, testDatabases } from "../../tests/support/testing";
import { provideRuntime } from "~server/runtime.server";
import { api } from "./api.server";

/** What was there before this file's runtime: put back when the file is done (files share a process). */
let restoreRuntime = () => {};
afterAll(() => restoreRuntime());

const until = async (probe: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await probe()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
};

for (const database of testDatabases()) {
  describe(`shared reads on ${database.name}`, () => {
    let t: Awaited<ReturnType<typeof createTestApi>>;
    beforeAll(async () => {
      t = await createTestApi({ database, propertyCount: 6 });
      restoreRuntime = provideRuntime({ database: t.handle, auth: t.auth, storage: t.storage, api: t.api });
    });
    afterAll(() => t?.close());

    const titleOf = async (slug: string) =>
      (await api("get_property", { slug_id: slug }, { locale: "en" })).data?.[0]?.title;

    it("answers a visitor from the copy until the listing changes, then reads it again", async () => {
      const first = (await api("get_property", { limit: 1 }, { locale: "en" })).data![0]!;
      const again = (await api("get_property", { limit: 1 }, { locale: "en" })).data!;
      // The same copy: nothing was read again.
      expect(again[0]).toBe(first);
      // The copy is shared, so nobody may change it.
      expect(() => {
        (again[0] as { title: string }).title = "changed by a loader";
      }).toThrow(TypeError);

      // A view is counted without dropping the copies (it is not what a listing shows).
      await t.handle.db.execute(
        sql`update properties set total_click = total_click + 1 where slug_id = ${first.slug_id}`,
      );
      expect((await api("get_property", { limit: 1 }, { locale: "en" })).data![0]).toBe(first);

      // Any other change, however it was made, reaches the visitor at once.
      await t.handle.db.execute(
        sql`update properties set title = 'Renamed by its owner' where slug_id = ${first.slug_id}`,
      );
      expect(await until(async () => (await titleOf(first.slug_id)) === "Renamed by its owner")).toBe(true);
    });

    it("keeps each language apart and never serves a signed-in person from the copies", async () => {
      const { token } = await signedUp(t);
      const en = await api("get_categories", {}, { locale: "en" });
      const ar = await api("get_categories", {}, { locale: "ar" });
      expect(ar).not.toBe(en);
      const mine = await api("get_categories", {}, { locale: "en", token });
      expect(mine).not.toBe(en);
      expect(mine.data).toEqual(en.data);
    });

    it("does not keep an answer that failed", async () => {
      const missing = await api("get_property", { slug_id: "no-such-listing" }, { locale: "en" });
      expect(missing.data).toEqual([]);
      const bad = await api("get_property", { limit: -4 } as never, { locale: "en" });
      expect(bad.error).toBe(true);
      expect(await api("get_property", { limit: -4 } as never, { locale: "en" })).not.toBe(bad);
    });
  });
}
