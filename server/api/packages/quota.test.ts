import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { testDatabases } from "../../../tests/support/testing";
import type { DatabaseHandle } from "../../db/client.server";
import { packages, settings, userPackageFeatures, userPackages, users } from "../../db/schema";
import { GateError, assertCanList, gateFor, takeListingQuota } from "./quota";
import { STARTER_PACKAGE_SETTING, giveStarterPackage, usageOf } from "./service";

// Runs on PGlite and, when DATABASE_URL is set, on PostgreSQL: the concurrency case matters there.
for (const database of testDatabases()) {
  describe(`listing gates and package units (${database.name})`, () => {
    let h: DatabaseHandle;
    beforeAll(async () => {
      h = await database.open();
    });
    afterAll(() => h?.close());

    let n = 0;
    async function person(fields: Partial<typeof users.$inferInsert> = {}) {
      n += 1;
      const [u] = await h.db
        .insert(users)
        .values({
          firebase_id: `quota-${n}-${Math.random()}`,
          name: "Quota Person",
          email: `q${n}@example.test`,
          mobile: "+971500000000",
          profile: "avatars/x",
          address: "1 Test Street",
          ...fields,
        })
        .returning();
      return u!;
    }
    const reason = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e) => (e instanceof GateError ? e.reason : e),
      );

    it("says what to fix first: account, profile, package, limit", async () => {
      const off = await person({ is_active: false });
      expect(await gateFor(h.db, off.id, "property_list")).toBe("deactivated");
      const noPhoto = await person({ profile: null });
      expect(await gateFor(h.db, noPhoto.id, "property_list")).toBe("profile");
      const ready = await person();
      expect(await gateFor(h.db, ready.id, "property_list")).toBe("no_package");
      await h.db.transaction((tx) => giveStarterPackage(tx, ready.id));
      expect(await gateFor(h.db, ready.id, "property_list")).toBeNull();
      // Subscribed, but the starter package does not include featuring.
      expect(await gateFor(h.db, ready.id, "property_feature")).toBe("feature_unavailable");
    });

    it("the starter package is found by its id, so an admin may rename it; retired, new accounts get none", async () => {
      const first = await person();
      await h.db.transaction((tx) => giveStarterPackage(tx, first.id));
      const [kept] = await h.db.select().from(settings).where(eq(settings.key, STARTER_PACKAGE_SETTING));
      const id = Number(kept!.value);
      await h.db.update(packages).set({ name: "Welcome pack" }).where(eq(packages.id, id));
      const second = await person();
      await h.db.transaction((tx) => giveStarterPackage(tx, second.id));
      expect(
        (
          await h.db
            .select({ package_id: userPackages.package_id })
            .from(userPackages)
            .where(eq(userPackages.user_id, second.id))
        ).map((r) => r.package_id),
      ).toEqual([id]);
      await h.db.update(packages).set({ status: false }).where(eq(packages.id, id));
      const third = await person();
      expect(await h.db.transaction((tx) => giveStarterPackage(tx, third.id))).toBeNull();
      expect(await h.db.$count(packages, eq(packages.is_free, true))).toBeGreaterThan(0);
      expect(await h.db.$count(userPackages, eq(userPackages.user_id, third.id))).toBe(0);
      await h.db.update(packages).set({ status: true, name: "Starter" }).where(eq(packages.id, id));
    });

    it("takes one unit per listing and refuses with the spec's message once the limit is used", async () => {
      const u = await person();
      await h.db.transaction((tx) => giveStarterPackage(tx, u.id));
      const limit = (await usageOf(h.db, u.id)).find((f) => f.type === "property_list")!.total!;
      for (let i = 0; i < limit; i++)
        await h.db.transaction((tx) => takeListingQuota(tx, u.id, "property_list"));
      const refused = await h.db
        .transaction((tx) => takeListingQuota(tx, u.id, "property_list"))
        .catch((e) => e);
      expect(refused).toBeInstanceOf(GateError);
      expect(refused.message).toBe("Your Package Limit is Over. Please Purchase Package.");
      expect(refused.status).toBe(403);
      expect((await usageOf(h.db, u.id)).find((f) => f.type === "property_list")!.used).toBe(limit);
      expect(await reason(assertCanList(h.db, u.id, "property_list"))).toBe("limit");
      // The project allowance is separate.
      expect(await reason(assertCanList(h.db, u.id, "project_list"))).toBeNull();
    });

    it("a unit taken in a transaction that fails is given back", async () => {
      const u = await person();
      await h.db.transaction((tx) => giveStarterPackage(tx, u.id));
      await h.db
        .transaction(async (tx) => {
          await takeListingQuota(tx, u.id, "property_list");
          throw new Error("the insert failed");
        })
        .catch(() => {});
      expect((await usageOf(h.db, u.id)).find((f) => f.type === "property_list")!.used).toBe(0);
    });

    it("two posts at the same moment never both take the last unit", async () => {
      const u = await person();
      await h.db.transaction((tx) => giveStarterPackage(tx, u.id));
      const [held] = await h.db
        .select({ id: userPackages.id })
        .from(userPackages)
        .where(eq(userPackages.user_id, u.id));
      // One unit left.
      await h.db.execute(
        sql`update user_package_features set used = total - 1 where user_package_id = ${held!.id} and type = 'property_list'`,
      );
      const attempts = await Promise.allSettled(
        Array.from({ length: 6 }, () =>
          h.db.transaction(async (tx) => {
            await takeListingQuota(tx, u.id, "property_list");
            // Hold the lock a moment, as an insert with photos would.
            await tx.execute(sql`select pg_sleep(0.05)`);
          }),
        ),
      );
      expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
      const [f] = await h.db
        .select()
        .from(userPackageFeatures)
        .where(
          sql`${userPackageFeatures.user_package_id} = ${held!.id} and ${userPackageFeatures.type} = 'property_list'`,
        );
      expect(f!.used).toBe(f!.total);
    });

    it("reads the verification switch the same way however it was stored", async () => {
      const u = await person({ verification_status: "pending" });
      await h.db.transaction((tx) => giveStarterPackage(tx, u.id));
      const store = (value: unknown) =>
        h.db
          .insert(settings)
          .values({ key: "verification_required_for_user", value })
          .onConflictDoUpdate({ target: settings.key, set: { value } });
      try {
        for (const off of [false, "false", "0", 0]) {
          await store(off);
          expect(await gateFor(h.db, u.id, "property_list")).toBeNull();
        }
        for (const on of [true, "true", "1", 1]) {
          await store(on);
          expect(await gateFor(h.db, u.id, "property_list")).toBe("verification");
        }
      } finally {
        await store(false);
      }
    });

    it("an expired package stops counting without any job", async () => {
      const u = await person();
      await h.db.transaction((tx) => giveStarterPackage(tx, u.id));
      await h.db
        .update(userPackages)
        .set({ end_at: sql`now() - interval '1 day'` })
        .where(eq(userPackages.user_id, u.id));
      expect(await gateFor(h.db, u.id, "property_list")).toBe("no_package");
      // And the starter package is given only once.
      expect(await h.db.transaction((tx) => giveStarterPackage(tx, u.id))).toBeNull();
    });
  });
}
