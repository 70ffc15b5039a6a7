// People in the admin console: finding them, reading what they have, switching an account off with
// a reason (every change the person then tries is refused with the spec's message, and they can
// still write to the team) and on again, and giving a package by hand. Each change has its audit row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, inArray } from "drizzle-orm";
import { adminAuditLog, packages, properties, users } from "../../db/schema";
import { createTestApi, signedUp, signedUpAdmin } from "../../../tests/support/testing";
import { GATES } from "../packages/contract";
import { DEACTIVATE_REASON_REQUIRED, PACKAGE_REQUIRED, SELF_DEACTIVATE } from "./users";

let t: Awaited<ReturnType<typeof createTestApi>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;
let person: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await createTestApi();
  admin = await signedUpAdmin(t, "Console Admin");
  person = await signedUp(t, "Zainab Searchable");
  await t.db.update(users).set({ mobile: "+971 50 765 4321", type: "agent" }).where(eq(users.id, person.id));
});
afterAll(() => t?.close());

const as = (token: string) => ({
  get: (name: string, query: Record<string, string> = {}) => t.call(name, { token, query }),
  post: (name: string, body: unknown) => t.call(name, { token, body }),
});
const lastAudit = async (action: string, targetId: number) =>
  (
    await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.target_id, String(targetId))))
      .orderBy(desc(adminAuditLog.id))
      .limit(1)
  )[0];

describe("admin/users", () => {
  it("finds people by name, email or phone, with filters and their listing counts", async () => {
    const a = as(admin.token);
    const byName = await a.get("admin/users", { search: "zainab search" });
    expect(byName.status).toBe(200);
    expect(byName.body.data.map((u: { id: number }) => u.id)).toEqual([person.id]);
    expect(byName.body.data[0]).toMatchObject({
      name: "Zainab Searchable",
      email: person.email,
      is_active: true,
      type: "agent",
      properties_count: 0,
      projects_count: 0,
    });
    expect((await a.get("admin/users", { search: person.email.toUpperCase() })).body.total).toBe(1);
    // Typed the way people write numbers: with or without spaces.
    expect((await a.get("admin/users", { search: "507654321" })).body.data[0].id).toBe(person.id);
    expect((await a.get("admin/users", { search: "765 4321" })).body.data[0].id).toBe(person.id);
    expect((await a.get("admin/users", { search: "zainab", type: "developer" })).body.total).toBe(0);
    expect(
      (await a.get("admin/users", { search: "zainab", verification_status: "initial", active: "1" })).body
        .total,
    ).toBe(1);
    expect((await a.get("admin/users", { search: "zainab", active: "0" })).body.total).toBe(0);

    // Someone with listings has them counted.
    const [owner] = await t.db.select({ id: properties.added_by }).from(properties).limit(1);
    const all = await a.get("admin/users", { limit: "100" });
    expect(all.body.data.find((u: { id: number }) => u.id === owner!.id).properties_count).toBeGreaterThan(0);
  });

  it("refuses nonsense filters with the message on the field", async () => {
    const r = await as(admin.token).get("admin/users", { active: "yes" });
    expect(r.status).toBe(400);
    expect(r.body.errors.active).toEqual(["active must be 1 or 0"]);
    expect(
      (await as(admin.token).get("admin/users", { verification_status: "maybe" })).body.errors
        .verification_status,
    ).toEqual(["verification_status is invalid"]);
  });
});

describe("admin/user", () => {
  it("shows a person's profile, listings, packages and payments, and what can be given", async () => {
    const [owner] = await t.db.select({ id: properties.added_by }).from(properties).limit(1);
    const r = await as(admin.token).get("admin/user", { id: String(owner!.id) });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.user).toMatchObject({ id: owner!.id, is_active: true, deactivated_reason: null });
    expect(d.user.firebase_id).toBeUndefined();
    expect(d.properties.total).toBeGreaterThan(0);
    expect(d.properties.rows[0]).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      request_status: expect.any(String),
      status: expect.any(String),
    });
    expect(d.projects).toMatchObject({ rows: expect.any(Array), total: expect.any(Number) });
    expect(d.transactions).toEqual(expect.any(Array));
    expect(d.offered.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["Agent", "Agency"]),
    );
    expect(d.is_self).toBe(false);
    expect((await as(admin.token).get("admin/user", { id: String(admin.id) })).body.data.is_self).toBe(true);
    expect((await as(admin.token).get("admin/user", { id: "99999999" })).status).toBe(404);
    expect((await as(admin.token).get("admin/user", { id: "abc" })).body.errors.id).toEqual([
      "id must be a number",
    ]);
  });
});

describe("a deactivated owner's listings", () => {
  it("leave the site with them and come back with them; one the owner or an admin switched off stays off", async () => {
    const a = as(admin.token);
    const owner = await signedUp(t, "Listing Owner Offline");
    const live = await t.db
      .select({ id: properties.id, slug: properties.slug_id })
      .from(properties)
      .where(and(eq(properties.request_status, "approved"), eq(properties.status, "active")))
      .orderBy(desc(properties.id))
      .limit(3);
    await t.db
      .update(properties)
      .set({ added_by: owner.id })
      .where(
        inArray(
          properties.id,
          live.map((p) => p.id),
        ),
      );
    await t.db.update(properties).set({ status: "inactive" }).where(eq(properties.id, live[2]!.id));
    const visible = async (slug: string) =>
      (await t.call("get_property", { query: { slug_id: slug } })).body.data.length > 0;
    expect(await visible(live[0]!.slug)).toBe(true);

    await a.post("admin/deactivate-user", { id: owner.id, reason: "Fraudulent listings" });
    expect(await visible(live[0]!.slug)).toBe(false);
    expect(await visible(live[1]!.slug)).toBe(false);
    expect((await lastAudit("user.deactivate", owner.id))!.after).toMatchObject({
      properties_switched_off: expect.arrayContaining([live[0]!.id, live[1]!.id]),
    });
    // Meanwhile: switching one on must wait for its owner; switching one off is the admin's own call and lasts.
    const early = await a.post("admin/listing-status", {
      kind: "property",
      id: live[0]!.id,
      status: "active",
    });
    expect(early.status).toBe(409);
    expect(await visible(live[0]!.slug)).toBe(false);
    expect(
      (
        await a.post("admin/listing-status", {
          kind: "property",
          id: live[1]!.id,
          status: "inactive",
          reason: "Copied photos",
        })
      ).status,
    ).toBe(200);

    await a.post("admin/reactivate-user", { id: owner.id });
    expect(await visible(live[0]!.slug)).toBe(true);
    expect(await visible(live[1]!.slug)).toBe(false);
    const [kept] = await t.db
      .select({ status: properties.status })
      .from(properties)
      .where(eq(properties.id, live[2]!.id));
    expect(kept!.status).toBe("inactive");
  });
});

describe("admin/deactivate-user and admin/reactivate-user", () => {
  it("needs a reason, on its field, and never switches the admin themself off", async () => {
    const a = as(admin.token);
    for (const body of [{ id: person.id }, { id: person.id, reason: "   " }]) {
      const r = await a.post("admin/deactivate-user", body);
      expect(r.status).toBe(400);
      expect(r.body.errors.reason).toEqual([DEACTIVATE_REASON_REQUIRED]);
    }
    const self = await a.post("admin/deactivate-user", { id: admin.id, reason: "Testing" });
    expect(self.status).toBe(400);
    expect(self.body.errors.id).toEqual([SELF_DEACTIVATE]);
    expect((await a.post("admin/deactivate-user", { id: 99999999, reason: "Gone" })).status).toBe(404);
    const [row] = await t.db
      .select({ is_active: users.is_active })
      .from(users)
      .where(eq(users.id, person.id));
    expect(row!.is_active).toBe(true);
  });

  it("switches the account off with the reason: its changes are refused with the spec's message, the contact form still works; on again, all is allowed", async () => {
    const a = as(admin.token);
    const me = as(person.token);
    const off = await a.post("admin/deactivate-user", {
      id: person.id,
      reason: "Listings copied from other sites",
    });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe("Account deactivated");
    const audited = await lastAudit("user.deactivate", person.id);
    expect(audited).toMatchObject({
      target_type: "user",
      admin_user_id: admin.id,
      reason: "Listings copied from other sites",
    });
    expect(audited!.before).toMatchObject({ is_active: true, deactivated_reason: null });
    expect(audited!.after).toMatchObject({
      is_active: false,
      deactivated_reason: "Listings copied from other sites",
      deactivated_at: expect.any(String),
    });

    // Posting a property, or any other change: the spec's words.
    const post = await me.post("post_property", { title: "Anything" });
    expect(post.status).toBe(403);
    expect(post.body.message).toBe(GATES.deactivated.message);
    expect((await me.post("update_profile", { name: "New Name" })).body.message).toBe(
      GATES.deactivated.message,
    );
    // The add form's gate says it before the form opens; the person's profile carries the reason.
    const gate = await me.get("check-package-limit", { type: "property_list" });
    expect(gate.body.data).toMatchObject({
      allowed: false,
      reason: "deactivated",
      message: GATES.deactivated.message,
    });
    const profile = await me.get("get-profile");
    expect(profile.body.data).toMatchObject({
      is_active: false,
      deactivated_reason: "Listings copied from other sites",
    });
    // "please connect them": the one way to reach the team stays open.
    const contact = await me.post("contct_us", {
      first_name: "Zainab",
      email: person.email,
      subject: "My account",
      message: "Please look again, the listings are mine.",
    });
    expect(contact.status).toBe(200);
    // The list filter finds them.
    expect((await a.get("admin/users", { search: "zainab", active: "0" })).body.data[0]).toMatchObject({
      id: person.id,
      is_active: false,
      deactivated_reason: "Listings copied from other sites",
    });

    const on = await a.post("admin/reactivate-user", { id: person.id });
    expect(on.status).toBe(200);
    expect(on.body.message).toBe("Account reactivated");
    const back = await lastAudit("user.reactivate", person.id);
    expect(back!.before).toMatchObject({
      is_active: false,
      deactivated_reason: "Listings copied from other sites",
    });
    expect(back!.after).toEqual({
      is_active: true,
      deactivated_reason: null,
      deactivated_at: null,
      properties_switched_on: [],
    });
    expect((await me.post("update_profile", { name: "Zainab Searchable" })).status).toBe(200);
    expect((await me.get("check-package-limit", { type: "property_list" })).body.data.reason).not.toBe(
      "deactivated",
    );

    // Again: nothing to change, nothing logged.
    const again = await a.post("admin/reactivate-user", { id: person.id });
    expect(again.body.message).toBe("This account is already active");
    expect((await lastAudit("user.reactivate", person.id))!.id).toBe(back!.id);
  });
});

describe("admin/assign-package", () => {
  it("gives a package, retired ones too, and it shows in the person's packages; nonsense is refused on its field", async () => {
    const a = as(admin.token);
    const [agent] = await t.db.select({ id: packages.id }).from(packages).where(eq(packages.name, "Agent"));
    const r = await a.post("admin/assign-package", { user_id: person.id, package_id: agent!.id });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Package assigned");
    const mine = await as(person.token).get("get-package");
    expect(JSON.stringify(mine.body)).toContain("Agent");
    const detail = await a.get("admin/user", { id: String(person.id) });
    expect(detail.body.data.packages.map((p: { package_id: number }) => p.package_id)).toContain(agent!.id);
    const audited = await lastAudit("user.assign_package", person.id);
    expect(audited!.after).toMatchObject({
      assigned: { package_id: agent!.id, name: "Agent", user_package_id: r.body.data.user_package_id },
    });
    expect((audited!.after as { packages: unknown[] }).packages.length).toBe(
      (audited!.before as { packages: unknown[] }).packages.length + 1,
    );

    // Retiring takes a package off sale; an admin may still honour it.
    const [retired] = await t.db
      .insert(packages)
      .values({ name: "Old Plan", validity_days: 10, status: false })
      .returning({ id: packages.id });
    expect(
      (await a.post("admin/assign-package", { user_id: person.id, package_id: retired!.id })).status,
    ).toBe(200);

    const none = await a.post("admin/assign-package", { user_id: person.id });
    expect(none.status).toBe(400);
    expect(none.body.errors.package_id).toEqual([PACKAGE_REQUIRED]);
    const unknown = await a.post("admin/assign-package", { user_id: person.id, package_id: 99999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.package_id).toEqual(["Package not found"]);
    expect((await a.post("admin/assign-package", { user_id: 99999999, package_id: agent!.id })).status).toBe(
      404,
    );
  });
});
