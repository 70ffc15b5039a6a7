// The moderation queues: what an admin finds in them, what a decision does to the public site and
// what the owner is told, and the audit line each decision leaves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { adminAuditLog, advertisements, projects, properties } from "../../db/schema";
import { createTestApi, signedUp, signedUpAdmin } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;
let owner: Awaited<ReturnType<typeof signedUp>>;
let mine: { id: number; slug_id: string; title: string }[];

beforeAll(async () => {
  t = await createTestApi({ propertyCount: 20 });
  [admin, owner] = [await signedUpAdmin(t, "Queue Admin"), await signedUp(t, "Queue Owner")];
  // Three of the seeded listings become the owner's, waiting for review.
  const ids = (await t.db.select({ id: properties.id }).from(properties).orderBy(properties.id).limit(3)).map(
    (r) => r.id,
  );
  mine = await t.db
    .update(properties)
    .set({
      added_by: owner.id,
      request_status: "pending",
      status: "active",
      title: sql`'Queue test ' || ${properties.id}`,
    })
    .where(inArray(properties.id, ids))
    .returning({ id: properties.id, slug_id: properties.slug_id, title: properties.title });
  mine.sort((a, b) => a.id - b.id);
});
afterAll(() => t?.close());

const as = (token: string) => ({
  get: (name: string, query: Record<string, string | number> = {}) =>
    t.call(name, { token, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) }),
  post: (name: string, body: unknown) => t.call(name, { token, body }),
});
const lastAudit = async (target_type: string, target_id: number) =>
  (
    await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.target_type, target_type), eq(adminAuditLog.target_id, String(target_id))))
      .orderBy(desc(adminAuditLog.id))
      .limit(1)
  )[0];
const auditCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(adminAuditLog))[0]!.n;
const isPublic = async (slug_id: string) =>
  (await t.call("get_property", { query: { slug_id } })).body.data.length === 1;
const ownerNotices = async () =>
  (await as(owner.token).get("get_notification_list", { limit: 50 })).body.data.notifications as {
    type: string;
    title: string;
    body: string;
    link: string;
  }[];

describe("listing queues", () => {
  it("lists pending properties with owner, category and link, and filters by owner, words and status", async () => {
    const res = await as(admin.token).get("admin/properties", {
      request_status: "pending",
      owner_id: owner.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    // Newest first.
    const dates = res.body.data.map((r: { created_at: string }) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const row = res.body.data.find((r: { id: number }) => r.id === mine[0]!.id);
    expect(row).toMatchObject({
      kind: "property",
      slug_id: mine[0]!.slug_id,
      request_status: "pending",
      status: "active",
      owner: { id: owner.id, name: "Queue Owner", email: owner.email },
      link: `/properties-details/${mine[0]!.slug_id}`,
      is_public: false,
    });
    expect(row.category.category).toBeTruthy();
    expect(row.price).toBeGreaterThan(0);
    expect(["available", "sold", "rented"]).toContain(row.property_status);

    const byEmail = await as(admin.token).get("admin/properties", {
      search: owner.email,
      request_status: "all",
    });
    expect(byEmail.body.data.map((r: { id: number }) => r.id).sort()).toEqual(mine.map((m) => m.id));
    expect(
      (await as(admin.token).get("admin/properties", { search: "Queue test", request_status: "approved" }))
        .body.total,
    ).toBe(0);
    expect(
      (await as(admin.token).get("admin/properties", { owner_id: owner.id, status: "inactive" })).body.total,
    ).toBe(0);
    // A percent sign is a character to find, not a wildcard.
    expect((await as(admin.token).get("admin/properties", { search: "%" })).body.total).toBe(0);

    const bad = await as(admin.token).get("admin/properties", { request_status: "maybe" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.request_status).toEqual([
      "request_status must be pending, approved, rejected or all",
    ]);
  });

  it("approving makes the listing public, tells the owner, and logs before and after", async () => {
    const p = mine[0]!;
    expect(await isPublic(p.slug_id)).toBe(false);
    const res = await as(admin.token).post("admin/review-listing", {
      kind: "property",
      id: p.id,
      status: "approved",
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Listing approved");
    expect(await isPublic(p.slug_id)).toBe(true);
    expect((await ownerNotices()).find((n) => n.type === "listing_approved")).toMatchObject({
      title: "Your listing is live",
      body: `${p.title} was approved and is now public.`,
    });
    const line = await lastAudit("property", p.id);
    expect(line).toMatchObject({
      action: "property.approve",
      admin_email: admin.email,
      before: { request_status: "pending" },
      after: { request_status: "approved" },
    });

    // The same decision again changes and logs nothing.
    const n = await auditCount();
    expect(
      (await as(admin.token).post("admin/review-listing", { kind: "property", id: p.id, status: "approved" }))
        .body.message,
    ).toBe("Nothing to change");
    expect(await auditCount()).toBe(n);
  });

  it("a rejection needs a reason (on the reason field), which the owner then reads", async () => {
    const p = mine[1]!;
    const n = await auditCount();
    for (const reason of [undefined, "   "]) {
      const res = await as(admin.token).post("admin/review-listing", {
        kind: "property",
        id: p.id,
        status: "rejected",
        reason,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please write why the listing is rejected");
      expect(res.body.errors).toEqual({ reason: ["Please write why the listing is rejected"] });
    }
    expect(await auditCount()).toBe(n);
    expect((await t.db.select().from(properties).where(eq(properties.id, p.id)))[0]!.request_status).toBe(
      "pending",
    );

    const reason = "The photos show a different building.";
    const res = await as(admin.token).post("admin/review-listing", {
      kind: "property",
      id: p.id,
      status: "rejected",
      reason,
    });
    expect(res.status).toBe(200);
    expect((await ownerNotices()).find((n) => n.type === "listing_rejected")!.body).toBe(
      `${p.title} was not approved: ${reason}`,
    );
    const own = await as(owner.token).get("get-added-properties", { id: p.id, limit: 1 });
    expect(own.body.data[0]).toMatchObject({ request_status: "rejected", reject_reason: reason });
    expect(await lastAudit("property", p.id)).toMatchObject({
      action: "property.reject",
      reason,
      before: { request_status: "pending", reject_reason: null },
      after: { request_status: "rejected", reject_reason: reason },
    });
    expect(await isPublic(p.slug_id)).toBe(false);
  });

  it("refuses nonsense without a 500 and says when the listing does not exist", async () => {
    expect(
      (
        await as(admin.token).post("admin/review-listing", {
          kind: "villa",
          id: mine[2]!.id,
          status: "approved",
        })
      ).body.errors.kind,
    ).toEqual(["kind must be property or project"]);
    expect(
      (await as(admin.token).post("admin/review-listing", { kind: "property", id: "x", status: "approved" }))
        .status,
    ).toBe(400);
    expect(
      (
        await as(admin.token).post("admin/review-listing", {
          kind: "property",
          id: 99999999,
          status: "approved",
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await as(admin.token).post("admin/listing-status", {
          kind: "project",
          id: 99999999,
          status: "inactive",
        })
      ).body.message,
    ).toBe("Project not found");
  });

  it("a switched-off listing leaves the public lists and its owner is told; switched on, it is back", async () => {
    const p = mine[0]!;
    const reason = "Reported as already sold.";
    const off = await as(admin.token).post("admin/listing-status", {
      kind: "property",
      id: p.id,
      status: "inactive",
      reason,
    });
    expect(off.body).toMatchObject({ error: false, message: "Listing switched off" });
    expect(await isPublic(p.slug_id)).toBe(false);
    const everyone = await t.call("get_property", { query: { search: p.title, limit: "50" } });
    expect(everyone.body.data.map((r: { id: number }) => r.id)).not.toContain(p.id);
    expect((await ownerNotices()).find((n) => n.type === "listing_deactivated")).toMatchObject({
      title: "Your listing was switched off",
      body: `${p.title} is no longer shown to the public. ${reason}`,
    });
    expect(await lastAudit("property", p.id)).toMatchObject({
      action: "property.deactivate",
      reason,
      before: { status: "active" },
      after: { status: "inactive" },
    });
    // The queue shows the admin's and the owner's status apart.
    const row = (await as(admin.token).get("admin/properties", { owner_id: owner.id, status: "inactive" }))
      .body.data[0];
    expect(row).toMatchObject({ id: p.id, request_status: "approved", status: "inactive", is_public: false });

    const on = await as(admin.token).post("admin/listing-status", {
      kind: "property",
      id: p.id,
      status: "active",
    });
    expect(on.body.message).toBe("Listing switched on");
    expect(await isPublic(p.slug_id)).toBe(true);
    expect((await lastAudit("property", p.id))!.action).toBe("property.activate");
  });

  it("projects: the seeded pending ones wait in their queue; approved, one is public", async () => {
    const res = await as(admin.token).get("admin/projects", { request_status: "pending" });
    expect(res.body.total).toBeGreaterThanOrEqual(2);
    const pj = res.body.data[0];
    expect(pj).toMatchObject({
      kind: "project",
      request_status: "pending",
      price: null,
      property_status: null,
      link: `/project-details/${pj.slug_id}`,
    });
    expect((await t.call("get-project-detail", { query: { slug_id: pj.slug_id } })).status).not.toBe(200);
    await as(admin.token).post("admin/review-listing", { kind: "project", id: pj.id, status: "approved" });
    expect((await t.call("get-project-detail", { query: { slug_id: pj.slug_id } })).status).toBe(200);
    expect((await t.db.select().from(projects).where(eq(projects.id, pj.id)))[0]!.request_status).toBe(
      "approved",
    );
    expect((await lastAudit("project", pj.id))!.action).toBe("project.approve");
  });
});

describe("featured-listing requests", () => {
  const day = 86_400_000;
  const request = async (propertyId: number, values: Partial<typeof advertisements.$inferInsert> = {}) =>
    (
      await t.db
        .insert(advertisements)
        .values({
          user_id: owner.id,
          feature_for: "property",
          property_id: propertyId,
          status: "pending",
          start_date: new Date(Date.now() - 2 * day),
          end_date: new Date(Date.now() + 20 * day),
          ...values,
        })
        .returning()
    )[0]!;
  // A live listing of the owner's, whatever the tests above did to theirs.
  let p: (typeof mine)[number];
  beforeAll(async () => {
    p = mine[2]!;
    await t.db
      .update(properties)
      .set({ request_status: "approved", status: "active" })
      .where(eq(properties.id, p.id));
  });
  const featured = async () =>
    (await t.call("get-featured-data", { query: { type: "property", limit: "50" } })).body.data.map(
      (r: { id: number }) => r.id,
    ) as number[];

  it("approving a pending request features the listing from now until its end, and tells the owner", async () => {
    const ad = await request(p.id);
    const list = await as(admin.token).get("admin/advertisements", {
      status: "pending",
      search: owner.email,
    });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      id: ad.id,
      status: "pending",
      running: false,
      owner: { id: owner.id },
      listing: { id: p.id, title: p.title, link: `/properties-details/${p.slug_id}` },
    });
    expect(await featured()).not.toContain(p.id);

    const res = await as(admin.token).post("admin/review-advertisement", { id: ad.id, status: "approved" });
    expect(res.body.message).toBe("Request approved: the listing is featured");
    expect(await featured()).toContain(p.id);
    const [row] = await t.db.select().from(advertisements).where(eq(advertisements.id, ad.id));
    expect(row!.start_date.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row!.end_date).toEqual(ad.end_date);
    const until = ad.end_date.toISOString().slice(0, 10);
    expect((await ownerNotices()).find((n) => n.type === "advertisement_approved")).toMatchObject({
      body: `${p.title} is featured until ${until}.`,
      link: "/user/advertisement",
    });
    expect(await lastAudit("advertisement", ad.id)).toMatchObject({
      action: "advertisement.approve",
      before: { status: "pending" },
      after: { status: "approved" },
    });
    expect(
      (await as(admin.token).get("admin/advertisements", { status: "approved", search: owner.email })).body
        .data[0],
    ).toMatchObject({ id: ad.id, running: true });
    // Only a pending request is approved.
    await as(admin.token).post("admin/review-advertisement", {
      id: ad.id,
      status: "rejected",
      reason: "Taken down.",
    });
    expect(
      (await as(admin.token).post("admin/review-advertisement", { id: ad.id, status: "approved" })).body
        .message,
    ).toBe("Only a pending request can be approved");
    expect(await featured()).not.toContain(p.id);
  });

  it("a rejection needs a reason, which the owner sees on their advertisements and in a notification", async () => {
    const ad = await request(p.id);
    const n = await auditCount();
    const bare = await as(admin.token).post("admin/review-advertisement", {
      id: ad.id,
      status: "rejected",
      reason: " ",
    });
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toEqual({ reason: ["Please write why the request is rejected"] });
    expect(await auditCount()).toBe(n);

    const reason = "Featured photos must show the property itself.";
    expect(
      (await as(admin.token).post("admin/review-advertisement", { id: ad.id, status: "rejected", reason }))
        .status,
    ).toBe(200);
    const own = (await as(owner.token).get("get-advertisements", { limit: 50 })).body.data.find(
      (r: { id: number }) => r.id === ad.id,
    );
    expect(own).toMatchObject({ status: "rejected", reject_reason: reason });
    expect((await ownerNotices()).find((x) => x.type === "advertisement_rejected")!.body).toBe(
      `The request to feature ${p.title} was not approved: ${reason}`,
    );
    expect(await lastAudit("advertisement", ad.id)).toMatchObject({
      action: "advertisement.reject",
      reason,
      after: { status: "rejected", reject_reason: reason },
    });
  });

  it("shows expired requests as expired, and will not approve a request whose package has ended", async () => {
    const old = await request(p.id, { status: "approved", end_date: new Date(Date.now() - day) });
    const late = await request(p.id, { end_date: new Date(Date.now() - day) });
    const expired = await as(admin.token).get("admin/advertisements", {
      status: "expired",
      search: owner.email,
    });
    expect(expired.body.data.map((r: { id: number }) => r.id)).toContain(old.id);
    expect(expired.body.data.find((r: { id: number }) => r.id === old.id)).toMatchObject({
      status: "expired",
      running: false,
    });
    expect(
      (
        await as(admin.token).get("admin/advertisements", { status: "approved", search: owner.email })
      ).body.data.map((r: { id: number }) => r.id),
    ).not.toContain(old.id);
    const res = await as(admin.token).post("admin/review-advertisement", { id: late.id, status: "approved" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "The package that paid for this request has ended, so it can no longer be approved",
    );
    expect(
      (await as(admin.token).get("admin/advertisements", { status: "soon" })).body.errors.status,
    ).toBeDefined();
    expect(
      (await as(admin.token).post("admin/review-advertisement", { id: 99999999, status: "approved" })).status,
    ).toBe(404);
  });
});
