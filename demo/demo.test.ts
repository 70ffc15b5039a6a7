// What a newcomer finds in the demo besides listings: a published virtual tour with its floor plan
// and 3D model, and a demo agent with saved searches and leads. Its pictures are painted after
// seedIfEmpty returns, and one asked for first is painted at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { createTestApi } from "../tests/support/testing";
import { runDueJobs } from "../server/queue/worker";
import { DEMO_PASSWORD, seedIfEmpty, type DemoStart } from ".";

let t: Awaited<ReturnType<typeof createTestApi>>;
let demo: DemoStart;

beforeAll(async () => {
  t = await createTestApi({ propertyCount: 40 });
  // A database the demo catalogue filled before the tour and the agent's activity existed: a start adds them.
  demo = await seedIfEmpty(t.db, t.storage, t.auth, { log: () => {} });
});
afterAll(async () => {
  await demo?.stop();
  await t?.close();
});

describe("the demo", () => {
  it("shows visitors a listing with a published tour: floor plan, four linked 360° rooms", async () => {
    const found = await t.call("get_property", { query: { with_tour: "1" } });
    expect(found.body.total).toBe(1);
    const listing = found.body.data[0];
    expect(listing).toMatchObject({ has_tour: true, customer: { name: expect.any(String) } });
    const tour = (await t.call(`virtual-tours/property/${listing.id}`)).body.data;
    expect(tour).toMatchObject({ status: "published", can_edit: false });
    expect(tour.floorplanImage.url).toMatch(/^\/uploads\/demo\/tours\/plan-\d+\.webp$/);
    expect(tour.fullRoomData.map((r: { name: string }) => r.name)).toEqual([
      "Living room",
      "Kitchen",
      "Bedroom",
      "Study",
    ]);
    for (const room of tour.fullRoomData) {
      expect(room).toMatchObject({ kind: "panorama", image: { thumbhash: expect.any(String) } });
      expect(room.links.length).toBeGreaterThan(0);
    }

    // Its pictures may not be painted yet; asked for, one is painted there and then.
    const key = tour.fullRoomData[2].image.url.replace("/uploads/", "");
    const picture = await demo.storage.get(key);
    expect(await sharp(picture!).metadata()).toMatchObject({ format: "webp", width: 2048, height: 1024 });
  }, 120_000);

  it("builds the tour's 3D model in the background, as an owner's", async () => {
    const ran = await runDueJobs(
      { db: t.db, auth: t.auth, storage: demo.storage },
      { kinds: ["tour-model"], log: { warn: () => {} } },
    );
    expect(ran).toHaveLength(1);
    const { rows } = await t.db.execute<{ id: number }>(sql`select id from virtual_tours`);
    const model = (await t.call(`virtual-tours/${rows[0]!.id}/get-3d-model`)).body.data;
    expect(model).toMatchObject({ status: "ready", rooms: 4, stale: false });
    const glb = await t.storage.get(model.url.replace("/uploads/", ""));
    expect(glb!.subarray(0, 4).toString("latin1")).toBe("glTF");
  }, 180_000);

  it("signs the demo agent in to saved searches with alerts and leads on their listings", async () => {
    await demo.settled;
    const { rows } = await t.db.execute<{ email: string }>(
      sql`select email from users where type = 'agent' and firebase_id like 'demo-%' order by id limit 1`,
    );
    const { idToken } = await t.auth.signIn(rows[0]!.email, DEMO_PASSWORD);
    const searches = (await t.call("saved-searches", { token: idToken })).body.data;
    expect(searches).toHaveLength(3);
    expect(searches.map((s: { frequency: string }) => s.frequency).sort()).toEqual([
      "daily",
      "instant",
      "weekly",
    ]);
    const dashboard = (await t.call("get-user-dashboard", { token: idToken })).body.data;
    expect(dashboard.leads.totals.total).toBeGreaterThan(10);
    expect(dashboard.leads.listings.some((l: { reveals: { phone: number } }) => l.reveals.phone > 0)).toBe(
      true,
    );
  }, 120_000);

  it("adds nothing twice on the next start, and has every picture painted by the end", async () => {
    await demo.settled;
    const again = await seedIfEmpty(t.db, t.storage, null, { log: () => {} });
    await again.settled;
    const { rows } = await t.db.execute<{ tours: number; searches: number }>(sql`
      select (select count(*)::int from virtual_tours) as tours, (select count(*)::int from saved_searches) as searches`);
    expect(rows[0]).toMatchObject({ tours: 1, searches: 3 });
    const { rows: files } = await t.db.execute<{ key: string }>(sql`
      select distinct three_d_image as key from properties where three_d_image is not null
      union select 'demo/tours/plan-1280.avif'
      union select substring(profile from '/uploads/(.*)$') from users where profile like '/uploads/demo/%'`);
    expect(files.length).toBeGreaterThan(20);
    for (const { key } of files) expect(await t.storage.exists(key), key).toBe(true);
  }, 180_000);
});
