// "Your package ends soon": once per package, a few days before its end, not for a renewed package.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { notifications, packages, userPackages } from "../../db/schema";
import { createTestApi, signedUp } from "../../../tests/support/testing";
import { notifyExpiringPackages } from "./expiry";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;

const person = async (name: string) => (await signedUp(t, name)).id;

describe("package expiry notices", () => {
  it("tells the holder once, in both languages, and leaves long and renewed packages alone", async () => {
    const [pkg] = await t.db.select().from(packages).where(eq(packages.name, "Agent"));
    const ending = await person("Ending Soon");
    const renewed = await person("Renewed Already");
    const plenty = await person("Plenty Left");
    const now = Date.now();
    await t.db.insert(userPackages).values([
      {
        user_id: ending,
        package_id: pkg!.id,
        start_at: new Date(now - 28 * DAY),
        end_at: new Date(now + 2 * DAY),
      },
      {
        user_id: renewed,
        package_id: pkg!.id,
        start_at: new Date(now - 28 * DAY),
        end_at: new Date(now + 2 * DAY),
      },
      { user_id: renewed, package_id: pkg!.id, start_at: new Date(now), end_at: new Date(now + 32 * DAY) },
      { user_id: plenty, package_id: pkg!.id, start_at: new Date(now), end_at: new Date(now + 20 * DAY) },
    ]);

    await notifyExpiringPackages(t.db);
    const told = (id: number) =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, id), eq(notifications.type, "package_expiring")));
    const [note] = await told(ending);
    expect(note).toMatchObject({ title: "Your package ends soon", link: "/subscription-plan" });
    expect(note!.body).toContain("Agent ends on");
    expect(note!.translations.ar!.title).toBe("باقتك تنتهي قريبًا");
    expect(await told(renewed)).toHaveLength(0);
    expect(await told(plenty)).toHaveLength(0);

    // Every hour it runs again, and on every server process: still one notice.
    await Promise.all([notifyExpiringPackages(t.db), notifyExpiringPackages(t.db)]);
    expect(await told(ending)).toHaveLength(1);
  });
});
