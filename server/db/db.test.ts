// The data layer on every database we ship for: embedded PGlite always, PostgreSQL when DATABASE_URL is set.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { quickPhoto, testDatabases } from "../../tests/support/testing";
import type { DatabaseHandle } from "./client.server";
import { seedDemo } from "../../demo";
import { LocalDiskStorage } from "../media/storage.server";
import { listProperties } from "../api/listings/property/service";
import { properties, users } from "./schema";
import { getPropertySchema } from "../api/listings/property/schema";

for (const database of testDatabases()) {
  describe(`data layer on ${database.name}`, () => {
    let h: DatabaseHandle;
    const storage = new LocalDiskStorage({
      root: mkdtempSync(path.join(tmpdir(), "souq-db-")),
      publicBase: "/uploads",
    });
    beforeAll(async () => {
      h = await database.open();
      await seedDemo(h.db, storage, { propertyCount: 40, render: quickPhoto, log: () => {} });
    });
    afterAll(() => h?.close());

    it("applies every migration: tables, the search column and trigram support", async () => {
      const { rows } = await h.db.execute<{ n: number }>(
        sql`select count(*)::int as n from information_schema.columns where table_name = 'properties' and column_name = 'search_vector'`,
      );
      expect(Number(rows[0]!.n)).toBe(1);
      const sim = await h.db.execute<{ s: number }>(sql`select similarity('marina', 'marine') as s`);
      expect(Number(sim.rows[0]!.s)).toBeGreaterThan(0.3);
    });

    it("stores the demo catalogue with its relations", async () => {
      const [n] = await h.db.select({ n: sql<number>`count(*)::int` }).from(properties);
      expect(n!.n).toBe(40);
      const { rows } = await h.db.execute<{ n: number }>(sql`select count(*)::int as n from property_images`);
      expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(40 * 4);
    });

    it("searches by prefix and ranks matches", async () => {
      const q = getPropertySchema.parse({ search: "apartm", limit: "50" });
      const { rows, total } = await listProperties(h.db, q, { lang: "en", storage });
      expect(total).toBeGreaterThan(0);
      expect(rows.every((r) => /apartm/i.test(`${r.title} ${r.description} ${r.address}`))).toBe(true);
    });

    it("never half-writes: a failing transaction leaves nothing behind", async () => {
      const before = await h.db.select({ n: sql<number>`count(*)::int` }).from(users);
      await expect(
        h.db.transaction(async (tx) => {
          await tx
            .insert(users)
            .values({ firebase_id: "tx-test", name: "Tx Test", email: "tx@example.test" });
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      const after = await h.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it("refuses a second account with the same email, whatever its case", async () => {
      await h.db.insert(users).values({ firebase_id: "case-1", name: "A", email: "Case@Example.test" });
      await expect(
        h.db.insert(users).values({ firebase_id: "case-2", name: "B", email: "case@example.TEST" }),
      ).rejects.toThrow();
    });
  });
}

describe("a database just made", () => {
  it("takes a list of an enum the migrations created as a parameter (its array type is known at once)", async () => {
    for (const database of testDatabases()) {
      const handle = await database.open();
      try {
        const { rows } = await handle.db.execute<{ v: boolean }>(
          sql`select 'assigned'::photo_session_status = any(${sql.param(["assigned", "submitted"])}::photo_session_status[]) as v`,
        );
        expect(rows[0]!.v, database.name).toBe(true);
      } finally {
        await handle.close();
      }
    }
  });
});
