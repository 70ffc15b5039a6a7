// The reports queue and the admin inbox: what waits, in the admin's language; each decision's
// effect on the listing, its owner and the other reports of the listing; the audit rows; and the
// contact messages and blocks of the team.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { adminAuditLog, notifications, properties, userReports, users } from "../../db/schema";
import { createTestApi, signedUp, signedUpAdmin } from "../../../tests/support/testing";
import { GATES } from "../packages/contract";
import { DEACTIVATE_REASON_REQUIRED } from "./users";
import { ACTION_NOT_FOR_REPORT, ALREADY_RESOLVED, LISTING_OFF_REASON_REQUIRED } from "./reports";

let t: Awaited<ReturnType<typeof createTestApi>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;
let listings: { id: number; added_by: number; title: string }[];
let reasons: { id: number; reason: string }[];

beforeAll(async () => {
  t = await createTestApi();
  admin = await signedUpAdmin(t, "Reports Admin");
  // Three listings of three different owners.
  listings = (
    await t.db.execute<{ id: number; added_by: number; title: string }>(
      sql`select distinct on (added_by) id, added_by, title from properties where request_status = 'approved' and status = 'active' order by added_by, id limit 3`,
    )
  ).rows;
  reasons = (await t.call("get_report_reasons")).body.data;
});
afterAll(() => t?.close());

const get = (name: string, query: Record<string, string> = {}, lang?: string) =>
  t.call(name, { token: admin.token, query, lang });
const post = (name: string, body: unknown) => t.call(name, { token: admin.token, body });
const report = async (token: string, property_id: number, reason: Record<string, unknown>) => {
  const r = await t.call("add_reports", { token, body: { property_id, ...reason } });
  expect(r.status).toBe(201);
  return r.body.data.id as number;
};
const statusOf = async (ids: number[]) =>
  Object.fromEntries(
    (
      await t.db
        .select({ id: userReports.id, status: userReports.status })
        .from(userReports)
        .where(inArray(userReports.id, ids))
    ).map((r) => [r.id, r.status]),
  );
const auditOf = async (action: string, targetId: number | string) =>
  (
    await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.target_id, String(targetId))))
      .orderBy(desc(adminAuditLog.id))
  )[0];

describe("admin/reports and admin/resolve-report", () => {
  let a: number, b: number, c: number, d: number;
  let reporters: Awaited<ReturnType<typeof signedUp>>[];
  let seller: Awaited<ReturnType<typeof signedUp>>;

  beforeAll(async () => {
    reporters = [await signedUp(t, "First Reporter"), await signedUp(t, "Second Reporter")];
    // The second listing's owner is someone who can sign in here.
    seller = await signedUp(t, "Reported Seller");
    await t.db.update(properties).set({ added_by: seller.id }).where(eq(properties.id, listings[1]!.id));
    listings[1]!.added_by = seller.id;
    const [one, two, three] = listings;
    a = await report(reporters[0]!.token, one!.id, { reason_id: reasons[0]!.id });
    b = await report(reporters[1]!.token, one!.id, {
      reason_id: "other",
      other_message: "Same photos as another ad.",
    });
    c = await report(reporters[0]!.token, two!.id, { reason_id: reasons[1]!.id });
    d = await report(reporters[0]!.token, three!.id, { reason_id: reasons[2]!.id });
  });

  it("lists open reports oldest first: the listing and its owner, the reason in the admin's language, the reporter", async () => {
    const r = await get("admin/reports", { limit: "100" });
    expect(r.status).toBe(200);
    const ours = r.body.data.filter((x: { id: number }) => [a, b, c, d].includes(x.id));
    expect(ours.map((x: { id: number }) => x.id)).toEqual([a, b, c, d]);
    const [one] = listings;
    const [owner] = await t.db.select().from(users).where(eq(users.id, one!.added_by));
    expect(ours[0]).toMatchObject({
      status: "open",
      reason: reasons[0]!.reason,
      other_message: null,
      reporter: { id: reporters[0]!.id, name: "First Reporter", email: reporters[0]!.email },
      listing: {
        id: one!.id,
        title: one!.title,
        request_status: "approved",
        status: "active",
        owner: { id: owner!.id, name: owner!.name, email: owner!.email },
      },
      open_for_target: 2,
      person: null,
      to_admin: false,
    });
    expect(ours[1]).toMatchObject({ reason: null, other_message: "Same photos as another ad." });
    const ar = await get("admin/reports", { limit: "100" }, "ar");
    expect(ar.body.data.find((x: { id: number }) => x.id === a).reason).toBe("الإعلان احتيال أو نصب");
    // Found by the reporter, the owner or the listing.
    expect(
      (await get("admin/reports", { search: "second reporter" })).body.data.map((x: { id: number }) => x.id),
    ).toEqual([b]);
    expect(
      (await get("admin/reports", { search: one!.title })).body.data.map((x: { id: number }) => x.id),
    ).toEqual([a, b]);
    expect((await get("admin/reports", { search: owner!.email! })).body.total).toBe(2);
    expect((await get("admin/reports", { status: "closed" })).body.errors.status).toEqual([
      "status must be open, dismissed, actioned or all",
    ]);
  });

  it("dismiss answers only that report: the listing's other report still waits", async () => {
    const r = await post("admin/resolve-report", { id: a, action: "dismiss" });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Report dismissed");
    expect(await statusOf([a, b])).toEqual({ [a]: "dismissed", [b]: "open" });
    const [row] = await t.db.select().from(userReports).where(eq(userReports.id, a));
    expect(row).toMatchObject({
      resolution: "dismiss",
      resolved_by: admin.id,
      resolved_at: expect.any(Date),
    });
    const audited = await auditOf("report.dismiss", a);
    expect(audited).toMatchObject({
      target_type: "report",
      before: { status: "open" },
      after: { status: "dismissed", resolution: "dismiss", resolved_reports: [a] },
    });
    const [listing] = await t.db
      .select({ status: properties.status })
      .from(properties)
      .where(eq(properties.id, listings[0]!.id));
    expect(listing!.status).toBe("active");
    // Decided already: a second admin hears so.
    const again = await post("admin/resolve-report", { id: a, action: "deactivate_listing", reason: "Late" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_RESOLVED);
    expect(
      (await get("admin/reports", { status: "dismissed", limit: "100" })).body.data.map(
        (x: { id: number }) => x.id,
      ),
    ).toContain(a);
  });

  it("deactivate_listing needs a reason, switches the listing off, tells its owner, and answers every open report of it", async () => {
    const missing = await post("admin/resolve-report", { id: b, action: "deactivate_listing" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.reason).toEqual([LISTING_OFF_REASON_REQUIRED]);
    expect((await post("admin/resolve-report", { id: b, action: "delete" })).body.errors.action).toEqual([
      "action must be dismiss, deactivate_listing, deactivate_owner or deactivate_user",
    ]);
    expect((await post("admin/resolve-report", { id: 99999999, action: "dismiss" })).status).toBe(404);

    // A third person reports the same listing meanwhile.
    const late = await signedUp(t, "Third Reporter");
    const e = await report(late.token, listings[0]!.id, { reason_id: reasons[3]!.id });
    const r = await post("admin/resolve-report", {
      id: b,
      action: "deactivate_listing",
      reason: "Photos taken from another listing",
    });
    expect(r.status).toBe(200);
    expect(r.body.data.resolved_reports).toEqual([b, e]);
    expect(await statusOf([a, b, e])).toEqual({ [a]: "dismissed", [b]: "actioned", [e]: "actioned" });
    const [listing] = await t.db
      .select({ status: properties.status, request_status: properties.request_status })
      .from(properties)
      .where(eq(properties.id, listings[0]!.id));
    expect(listing).toEqual({ status: "inactive", request_status: "approved" });
    expect(await auditOf("report.deactivate_listing", b)).toMatchObject({
      reason: "Photos taken from another listing",
      after: { status: "actioned", resolved_reports: [b, e] },
    });
    expect(await auditOf("property.deactivate", listings[0]!.id)).toMatchObject({
      before: { status: "active" },
      after: { status: "inactive" },
    });
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, listings[0]!.added_by))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(JSON.stringify(told)).toContain("Photos taken from another listing");
    // Off the public site.
    expect(
      (await t.call("get_property", { query: { id: String(listings[0]!.id) } })).body.data ?? [],
    ).toHaveLength(0);
  });

  it("deactivate_owner switches the owner's account off with the reason; their next change is refused", async () => {
    const missing = await post("admin/resolve-report", { id: c, action: "deactivate_owner", reason: " " });
    expect(missing.body.errors.reason).toEqual([DEACTIVATE_REASON_REQUIRED]);
    const r = await post("admin/resolve-report", {
      id: c,
      action: "deactivate_owner",
      reason: "Fake listings, several reports",
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Account deactivated");
    const ownerId = listings[1]!.added_by;
    const [owner] = await t.db.select().from(users).where(eq(users.id, ownerId));
    expect(owner).toMatchObject({
      is_active: false,
      deactivated_reason: "Fake listings, several reports",
      deactivated_at: expect.any(Date),
    });
    expect(await statusOf([c, d])).toEqual({ [c]: "actioned", [d]: "open" });
    expect(await auditOf("user.deactivate", ownerId)).toMatchObject({
      before: { is_active: true },
      after: { is_active: false, deactivated_reason: "Fake listings, several reports" },
    });
    expect(await auditOf("report.deactivate_owner", c)).toMatchObject({
      after: { status: "actioned", owner_id: ownerId },
    });
    // The owner, signed in, now hears the spec's words on any change.
    const refused = await t.call("update_profile", { token: seller.token, body: { name: "Another Name" } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(GATES.deactivated.message);
    expect(
      (await get("admin/reports", { status: "actioned", limit: "100" })).body.data.map(
        (x: { id: number }) => x.id,
      ),
    ).toEqual(expect.arrayContaining([b, c]));
  });
});

describe("reports of people and of the team (spec §6: to_user_id, to_admin)", () => {
  let personReasons: { id: number; reason: string }[];
  let target: Awaited<ReturnType<typeof signedUp>>;
  let first: Awaited<ReturnType<typeof signedUp>>;
  let second: Awaited<ReturnType<typeof signedUp>>;
  let p1: number, p2: number, team: number;

  beforeAll(async () => {
    personReasons = (await t.call("get_report_reasons", { query: { target: "user" } })).body.data;
    target = await signedUp(t, "Pushy Caller");
    first = await signedUp(t, "Person Reporter One");
    second = await signedUp(t, "Person Reporter Two");
    const sent = async (token: string, body: Record<string, unknown>) => {
      const r = await t.call("add_reports", { token, body });
      expect(r.status).toBe(201);
      return r.body.data.id as number;
    };
    p1 = await sent(first.token, { to_user_id: target.id, reason_id: personReasons[0]!.id });
    p2 = await sent(second.token, {
      to_user_id: target.id,
      reason_id: "other",
      other_message: "Calls me ten times a day.",
    });
    team = await sent(first.token, {
      to_admin: true,
      reason_id: "other",
      other_message: "The newsletter never stops.",
    });
  });

  it("lists them with the person (a link to their account) or the team, and filters by what was reported", async () => {
    const people = await get("admin/reports", { target: "user", limit: "100" });
    expect(people.status).toBe(200);
    const ours = people.body.data.filter((x: { id: number }) => [p1, p2].includes(x.id));
    expect(ours).toHaveLength(2);
    expect(ours[0]).toMatchObject({
      id: p1,
      status: "open",
      listing: null,
      to_admin: false,
      person: { id: target.id, name: "Pushy Caller", email: target.email, is_active: true },
      reason: personReasons[0]!.reason,
      reporter: { id: first.id, name: "Person Reporter One" },
      open_for_target: 2,
    });
    expect(people.body.data.every((x: { person: unknown }) => x.person !== null)).toBe(true);
    // Found by the reported person's name too.
    expect(
      (await get("admin/reports", { search: "pushy caller" })).body.data.map((x: { id: number }) => x.id),
    ).toEqual([p1, p2]);
    const teams = await get("admin/reports", { target: "admin", limit: "100" });
    expect(teams.body.data.map((x: { id: number }) => x.id)).toEqual([team]);
    expect(teams.body.data[0]).toMatchObject({
      listing: null,
      person: null,
      to_admin: true,
      other_message: "The newsletter never stops.",
    });
    const listingsOnly = await get("admin/reports", { target: "property", limit: "100" });
    expect(listingsOnly.body.data.map((x: { id: number }) => x.id)).not.toContain(p1);
    expect((await get("admin/reports", { target: "everyone" })).body.errors.target).toEqual([
      "target must be property, user, admin or all",
    ]);
  });

  it("a decision must fit the report: a listing's decisions are refused for a person, and the team's can only be dismissed", async () => {
    for (const action of ["deactivate_listing", "deactivate_owner"]) {
      const r = await post("admin/resolve-report", { id: p1, action, reason: "No" });
      expect(r.status).toBe(400);
      expect(r.body.errors.action).toEqual([ACTION_NOT_FOR_REPORT]);
    }
    const r = await post("admin/resolve-report", { id: team, action: "deactivate_user", reason: "No" });
    expect(r.body.errors.action).toEqual([ACTION_NOT_FOR_REPORT]);
    expect(
      (await post("admin/resolve-report", { id: p1, action: "deactivate_user" })).body.errors.reason,
    ).toEqual([DEACTIVATE_REASON_REQUIRED]);
    expect(await statusOf([p1, p2, team])).toEqual({ [p1]: "open", [p2]: "open", [team]: "open" });
    const dismissed = await post("admin/resolve-report", { id: team, action: "dismiss" });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.data).toMatchObject({
      to_admin: true,
      property_id: null,
      resolved_reports: [team],
    });
  });

  it("deactivate_user switches the reported person off and answers every open report of them", async () => {
    const r = await post("admin/resolve-report", {
      id: p1,
      action: "deactivate_user",
      reason: "Harassed several people",
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Account deactivated");
    expect(r.body.data).toMatchObject({ to_user_id: target.id, resolved_reports: [p1, p2] });
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ is_active: false, deactivated_reason: "Harassed several people" });
    expect(await statusOf([p1, p2])).toEqual({ [p1]: "actioned", [p2]: "actioned" });
    expect(await auditOf("user.deactivate", target.id)).toMatchObject({ after: { is_active: false } });
    expect(await auditOf("report.deactivate_user", p1)).toMatchObject({
      after: { status: "actioned", to_user_id: target.id, resolved_reports: [p1, p2] },
    });
    // Switched off, the person cannot be reported any more (as a listing no longer shown).
    const late = await signedUp(t, "Late Person Reporter");
    const refused = await t.call("add_reports", {
      token: late.token,
      body: { to_user_id: target.id, reason_id: personReasons[0]!.id },
    });
    expect(refused.status).toBe(404);
  });

  it("only an admin sees or decides reports: a member is refused, a visitor asked to sign in", async () => {
    const member = await signedUp(t, "Curious Member");
    expect((await t.call("admin/reports", { token: member.token })).status).toBe(403);
    expect(
      (await t.call("admin/resolve-report", { token: member.token, body: { id: p2, action: "dismiss" } }))
        .status,
    ).toBe(403);
    expect((await t.call("admin/reports")).status).toBe(401);
    expect((await t.call("admin/resolve-report", { body: { id: p2, action: "dismiss" } })).status).toBe(401);
  });
});

describe("admin/inbox and admin/contact-message-status", () => {
  it("shows contact messages and blocks of the team; a message is marked handled with its audit row", async () => {
    const writer = await signedUp(t, "Inbox Writer");
    const sent = await t.call("contct_us", {
      body: {
        first_name: "Layla",
        last_name: "Haddad",
        email: "layla@example.test",
        subject: "Wrong price shown",
        message: "The price on my listing is wrong.",
      },
      ip: "203.0.113.9",
    });
    expect(sent.status).toBe(200);
    expect(
      (
        await t.call("block-user", {
          token: writer.token,
          body: { to_admin: true, reason: "Too many emails" },
        })
      ).status,
    ).toBe(200);

    const inbox = await get("admin/inbox");
    expect(inbox.status).toBe(200);
    const message = inbox.body.data.messages.find(
      (m: { subject: string }) => m.subject === "Wrong price shown",
    );
    expect(message).toMatchObject({
      name: "Layla Haddad",
      email: "layla@example.test",
      message: "The price on my listing is wrong.",
      status: "new",
      created_at: expect.any(String),
    });
    expect(inbox.body.data.blocks[0]).toMatchObject({
      reason: "Too many emails",
      user: { id: writer.id, name: "Inbox Writer", email: writer.email },
      created_at: expect.any(String),
    });
    expect(inbox.body.data.new_messages).toBeGreaterThanOrEqual(1);

    const bad = await post("admin/contact-message-status", { id: message.id, status: "done" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.status).toEqual(["status must be new or handled"]);
    expect((await post("admin/contact-message-status", { id: 99999999, status: "handled" })).status).toBe(
      404,
    );

    const handled = await post("admin/contact-message-status", { id: message.id, status: "handled" });
    expect(handled.status).toBe(200);
    expect(await auditOf("contact_message.handle", message.id)).toMatchObject({
      target_type: "contact_message",
      before: { status: "new" },
      after: { status: "handled" },
    });
    expect((await get("admin/inbox")).body.data.messages.map((m: { id: number }) => m.id)).not.toContain(
      message.id,
    );
    expect(
      (await get("admin/inbox", { status: "handled" })).body.data.messages.map((m: { id: number }) => m.id),
    ).toContain(message.id);
    expect((await get("admin/inbox", { status: "later" })).body.errors.status).toEqual([
      "status must be new, handled or all",
    ]);
  });
});
