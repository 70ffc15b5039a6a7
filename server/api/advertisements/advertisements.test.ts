// Featuring listings over a real API and real accounts: the package pays one unit, the listing is
// promoted until the package ends, and every refusal leaves nothing written and nothing taken.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApi, signedUp } from "../../../tests/support/testing";
import {
  advertisements,
  packages,
  projects,
  properties,
  settings,
  userPackageFeatures,
  userPackages,
} from "../../db/schema";
import { assignPackage } from "../packages/service";
import { ALREADY_FEATURED_MESSAGE, ALREADY_WAITING_MESSAGE, NOT_LIVE_MESSAGE } from "./service";

let t: Awaited<ReturnType<typeof createTestApi>>;
type Account = { token: string; id: number };

// The spec's per-type message (§8): it names what the person's packages lack.
const NO_FEATURE = "Limit or Package Not Available: Featured properties";
const NO_PROJECT_FEATURE = "Limit or Package Not Available: Featured projects";
const LIMIT_OVER = "Your Package Limit is Over. Please Purchase Package.";

const person = (name: string) => signedUp(t, name);

const packageNamed = async (name: string) =>
  (await t.db.select().from(packages).where(eq(packages.name, name)))[0]!;

/** The free trial with one property_feature, taken the way the packages page takes it. */
async function takeTrial(who: Account) {
  const r = await t.call("assign_package", {
    token: who.token,
    body: { package_id: (await packageNamed("Spotlight trial")).id },
  });
  expect(r.status).toBe(200);
}

/** What a successful payment does: the paid package, held from now. */
const giveAgent = async (who: Account) => assignPackage(t.db, who.id, (await packageNamed("Agent")).id);

/**
 * Hands a demo listing nobody has advertised to `to`, in the state a test needs. It becomes the
 * newest listing, so the home page's featured section (newest first) shows it when featured.
 */
async function give(to: number, values: Partial<typeof properties.$inferInsert> = {}): Promise<number> {
  const [pick] = await t.db
    .select({ id: properties.id })
    .from(properties)
    .where(
      sql`not exists (select 1 from advertisements a where a.property_id = ${properties.id}) and ${properties.added_by} in (select id from users where firebase_id like 'demo-%')`,
    )
    .orderBy(properties.id)
    .limit(1);
  await t.db
    .update(properties)
    .set({
      added_by: to,
      request_status: "approved",
      status: "active",
      is_premium: false,
      created_at: sql`now()`,
      ...values,
    })
    .where(eq(properties.id, pick!.id));
  return pick!.id;
}

async function giveProject(to: number): Promise<number> {
  const [pick] = await t.db
    .select({ id: projects.id })
    .from(projects)
    .where(
      sql`not exists (select 1 from advertisements a where a.project_id = ${projects.id}) and ${projects.added_by} in (select id from users where firebase_id like 'demo-%')`,
    )
    .orderBy(projects.id)
    .limit(1);
  await t.db
    .update(projects)
    .set({ added_by: to, request_status: "approved", status: "active", created_at: sql`now()` })
    .where(eq(projects.id, pick!.id));
  return pick!.id;
}

const feature = (who: Account, property_id: number) =>
  t.call("store_advertisement", { token: who.token, body: { feature_for: "property", property_id } });
const adsOf = async (propertyId: number) =>
  t.db.select().from(advertisements).where(eq(advertisements.property_id, propertyId));
const featureUsed = async (userId: number) => {
  const rows = await t.db
    .select({ used: userPackageFeatures.used })
    .from(userPackageFeatures)
    .innerJoin(userPackages, eq(userPackages.id, userPackageFeatures.user_package_id))
    .where(and(eq(userPackages.user_id, userId), eq(userPackageFeatures.type, "property_feature")));
  return rows.reduce((n, r) => n + r.used, 0);
};
const promoted = async (id: number) =>
  (await t.call("get_property", { query: { id: String(id) } })).body.data[0]?.promoted as boolean | undefined;
const featuredIds = async (type = "property") =>
  (await t.call("get-featured-data", { query: { type, limit: "50" } })).body.data.map(
    (p: { id: number }) => p.id,
  ) as number[];

async function setAutoApprove(on: boolean) {
  await t.db
    .insert(settings)
    .values({ key: "auto_approve", value: on })
    .onConflictDoUpdate({ target: settings.key, set: { value: on } });
}

beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

describe("store_advertisement", () => {
  it("needs a signed-in caller and the id that matches feature_for", async () => {
    expect(
      (await t.call("store_advertisement", { body: { feature_for: "property", property_id: 1 } })).status,
    ).toBe(401);
    const p = await person("Form Filler");
    const none = await t.call("store_advertisement", { token: p.token, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.errors.feature_for).toEqual(["feature_for must be property or project"]);
    const noProperty = await t.call("store_advertisement", {
      token: p.token,
      body: { feature_for: "property", project_id: 3 },
    });
    expect(noProperty.status).toBe(400);
    expect(noProperty.body.errors.property_id).toEqual(["property_id is required"]);
    const noProject = await t.call("store_advertisement", {
      token: p.token,
      body: { feature_for: "project", property_id: "" },
    });
    expect(noProject.body.errors.project_id).toEqual(["project_id is required"]);
    expect(
      (
        await t.call("store_advertisement", {
          token: p.token,
          body: { feature_for: "property", property_id: "abc" },
        })
      ).body.errors.property_id,
    ).toEqual(["property_id must be a number"]);
    expect((await feature(p, 2 ** 30)).status).toBe(404);
  });

  it("without a package that has the feature: the spec's message, nothing written or taken", async () => {
    const p = await person("Starter Only");
    const id = await give(p.id);
    const r = await feature(p, id);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(NO_FEATURE);
    expect(await adsOf(id)).toEqual([]);
    // No package at all reads as not subscribed.
    await t.db.delete(userPackages).where(eq(userPackages.user_id, p.id));
    expect((await feature(p, id)).body.message).toBe("You have not subscribed. Please subscribe first");
  });

  it("with the free trial: featured at once until the trial ends, promoted everywhere, and the unit is used", async () => {
    const p = await person("Spotlight Owner");
    await takeTrial(p);
    const first = await give(p.id, { title: "Quillon Bay Penthouse" });
    const second = await give(p.id);
    const r = await feature(p, first);
    expect(r.status).toBe(201);
    expect(r.body.message).toBe("Your listing is now featured");
    expect(r.body.data).toMatchObject({
      feature_for: "property",
      property_id: first,
      project_id: null,
      status: "approved",
      reject_reason: null,
    });
    // An advertisement never outlives the package that paid for it.
    const [trial] = await t.db
      .select({ end_at: userPackages.end_at })
      .from(userPackages)
      .where(
        and(
          eq(userPackages.user_id, p.id),
          eq(userPackages.package_id, (await packageNamed("Spotlight trial")).id),
        ),
      );
    expect(new Date(r.body.data.end_date).getTime()).toBe(trial!.end_at.getTime());
    expect(await featureUsed(p.id)).toBe(1);

    expect(await promoted(first)).toBe(true);
    // The owner's own list says which listing is featured, so it offers no second request.
    const own = (await t.call("get-added-properties", { token: p.token, query: { limit: "50" } })).body
      .data as { id: number; featured: string | null }[];
    expect(own.find((x) => x.id === first)!.featured).toBe("live");
    expect(own.find((x) => x.id === second)!.featured).toBeNull();
    expect((await featuredIds())[0]).toBe(first);
    const home = await t.call("homepage-data");
    expect(home.body.data.featured_section.map((x: { id: number }) => x.id)).toContain(first);
    // The featured card is get_property's card.
    const card = (await t.call("get-featured-data", { query: { limit: "1" } })).body.data[0];
    const listed = (await t.call("get_property", { query: { promoted: "1", limit: "50" } })).body.data.find(
      (x: { id: number }) => x.id === first,
    );
    expect(card).toEqual(listed);

    // The one unit is gone: the next listing hears the spec's limit message.
    const again = await feature(p, second);
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(LIMIT_OVER);
    expect(await adsOf(second)).toEqual([]);
    expect(await featureUsed(p.id)).toBe(1);
  });

  it("refuses someone else's listing with 'Forbidden', writing and taking nothing", async () => {
    const owner = await person("Listing Keeper");
    const intruder = await person("Intruder");
    await giveAgent(intruder);
    const id = await give(owner.id);
    const r = await feature(intruder, id);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("Forbidden");
    expect(await adsOf(id)).toEqual([]);
    expect(await featureUsed(intruder.id)).toBe(0);
  });

  it("features only an approved, active listing, and only once at a time", async () => {
    const p = await person("Careful Agent");
    await giveAgent(p);
    for (const state of [
      { request_status: "pending" as const },
      { request_status: "rejected" as const },
      { status: "inactive" as const },
    ]) {
      const id = await give(p.id, state);
      const r = await feature(p, id);
      expect(r.status, JSON.stringify(state)).toBe(400);
      expect(r.body.message).toBe(NOT_LIVE_MESSAGE);
      expect(await adsOf(id)).toEqual([]);
    }
    expect(await featureUsed(p.id)).toBe(0);

    const id = await give(p.id);
    expect((await feature(p, id)).status).toBe(201);
    const twice = await feature(p, id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ALREADY_FEATURED_MESSAGE);
    expect(await featureUsed(p.id)).toBe(1);

    // Two at the same moment: the listing's lock lets exactly one through, and one unit goes.
    const other = await give(p.id);
    const both = await Promise.all([feature(p, other), feature(p, other)]);
    expect(both.map((b) => b.status).sort()).toEqual([201, 409]);
    expect(await adsOf(other)).toHaveLength(1);
    expect(await featureUsed(p.id)).toBe(2);
  });

  it("waits for an admin when auto_approve is off, and is not featured meanwhile", async () => {
    const p = await person("Patient Agent");
    await giveAgent(p);
    const id = await give(p.id);
    await setAutoApprove(false);
    try {
      const r = await feature(p, id);
      expect(r.status).toBe(201);
      expect(r.body.data.status).toBe("pending");
      expect(r.body.message).toBe("Your feature request is waiting for approval");
      expect(await promoted(id)).toBe(false);
      expect(await featuredIds()).not.toContain(id);
      const again = await feature(p, id);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ALREADY_WAITING_MESSAGE);
    } finally {
      await setAutoApprove(true);
    }
  });

  it("an advertisement past its end reads expired, promotes nothing, and the listing may be featured again", async () => {
    const p = await person("Seasonal Agent");
    await giveAgent(p);
    const id = await give(p.id);
    const r = await feature(p, id);
    expect(r.status).toBe(201);
    await t.db
      .update(advertisements)
      .set({
        start_date: sql`now() - interval '40 days'`,
        end_date: sql`now() - interval '1 day'`,
        created_at: sql`now() - interval '40 days'`,
      })
      .where(eq(advertisements.id, r.body.data.id));
    expect(await promoted(id)).toBe(false);
    expect(await featuredIds()).not.toContain(id);
    const mine = await t.call("get-advertisements", { token: p.token });
    expect(mine.body.data[0]).toMatchObject({ id: r.body.data.id, status: "expired" });
    // Expired stays what the row says in the database: nothing rewrote it.
    expect((await adsOf(id))[0]!.status).toBe("approved");
    expect((await feature(p, id)).status).toBe(201);
    expect(await promoted(id)).toBe(true);
  });

  it("features a project with project_feature, shown as get-projects shows it", async () => {
    const p = await person("Project Developer");
    const id = await giveProject(p.id);
    const refused = await t.call("store_advertisement", {
      token: p.token,
      body: { feature_for: "project", project_id: id },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NO_PROJECT_FEATURE);
    await giveAgent(p);
    const r = await t.call("store_advertisement", {
      token: p.token,
      body: { feature_for: "project", project_id: id },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      feature_for: "project",
      project_id: id,
      property_id: null,
      status: "approved",
    });
    const featured = await t.call("get-featured-data", { query: { type: "project" } });
    expect(featured.body.data[0].id).toBe(id);
    expect(featured.body.total).toBeGreaterThanOrEqual(1);
    const listed = (await t.call("get-projects", { query: { id: String(id) } })).body.data[0];
    expect(featured.body.data[0]).toEqual(listed);
    // Agent has one project_feature: used now.
    const second = await giveProject(p.id);
    expect(
      (
        await t.call("store_advertisement", {
          token: p.token,
          body: { feature_for: "project", project_id: second },
        })
      ).body.message,
    ).toBe(LIMIT_OVER);
  });
});

describe("get-featured-data", () => {
  it("pages the featured listings with a total, and checks its query", async () => {
    const all = await t.call("get-featured-data", { query: { limit: "50" } });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.data.length);
    expect(all.body.data.every((x: { promoted: boolean }) => x.promoted)).toBe(true);
    const first = await t.call("get-featured-data", { query: { limit: "1" } });
    const second = await t.call("get-featured-data", { query: { limit: "1", offset: "1" } });
    expect(first.body.data[0].id).toBe(all.body.data[0].id);
    expect(second.body.data[0].id).toBe(all.body.data[1].id);
    expect(first.body.total).toBe(all.body.total);
    const bad = await t.call("get-featured-data", { query: { type: "villa" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.type).toEqual(["type must be property or project"]);
    expect((await t.call("get-featured-data", { query: { limit: "51" } })).status).toBe(400);
  });
});

describe("get-advertisements and delete-advertisement", () => {
  it("shows each person only their own, and only the owner may withdraw one (no unit back)", async () => {
    const owner = await person("Ad Owner");
    const stranger = await person("Ad Stranger");
    await takeTrial(owner);
    const id = await give(owner.id, { title: "Velmora Garden Villa" });
    const ad = (await feature(owner, id)).body.data;

    expect((await t.call("get-advertisements")).status).toBe(401);
    const mine = await t.call("get-advertisements", { token: owner.token });
    expect(mine.body.total).toBe(1);
    expect(mine.body.data[0]).toMatchObject({
      id: ad.id,
      status: "approved",
      feature_for: "property",
      reject_reason: null,
    });
    expect(mine.body.data[0].listing).toMatchObject({
      id,
      title: "Velmora Garden Villa",
      request_status: "approved",
      status: "active",
    });
    expect(typeof mine.body.data[0].listing.slug_id).toBe("string");
    expect(mine.body.data[0].listing.title_image.url).toMatch(/\.webp$/);
    expect((await t.call("get-advertisements", { token: stranger.token })).body).toMatchObject({
      data: [],
      total: 0,
    });

    const theirs = await t.call("delete-advertisement", { token: stranger.token, body: { id: ad.id } });
    expect(theirs.status).toBe(403);
    expect(await adsOf(id)).toHaveLength(1);
    expect((await t.call("delete-advertisement", { token: owner.token, body: { id: 2 ** 30 } })).status).toBe(
      404,
    );

    const gone = await t.call("delete-advertisement", { token: owner.token, body: { id: ad.id } });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe("Advertisement withdrawn");
    expect(await adsOf(id)).toEqual([]);
    expect(await promoted(id)).toBe(false);
    expect(await featureUsed(owner.id)).toBe(1);
  });

  it("shows a rejection with its reason, and will not withdraw what is no longer running", async () => {
    const p = await person("Rejected Agent");
    await giveAgent(p);
    const id = await give(p.id);
    const ad = (await feature(p, id)).body.data;
    await t.db
      .update(advertisements)
      .set({ status: "rejected", reject_reason: "Photos do not match" })
      .where(eq(advertisements.id, ad.id));
    const mine = await t.call("get-advertisements", { token: p.token });
    expect(mine.body.data[0]).toMatchObject({ status: "rejected", reject_reason: "Photos do not match" });
    const r = await t.call("delete-advertisement", { token: p.token, body: { id: ad.id } });
    expect(r.status).toBe(400);
  });
});
