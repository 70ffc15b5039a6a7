// Reports and blocks through the API: the spec's messages, once per person and listing, a limit per
// hour, and blocks that are each person's own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApi, signedUp } from "../../../tests/support/testing";
import { blockedBetween } from "./service";

let t: Awaited<ReturnType<typeof createTestApi>>;
let listings: { id: number; added_by: number }[];
beforeAll(async () => {
  t = await createTestApi();
  listings = (
    await t.db.execute<{ id: number; added_by: number }>(
      sql`select id, added_by from properties where request_status = 'approved' and status = 'active' order by id limit 14`,
    )
  ).rows;
});
afterAll(() => t?.close());

const person = (name: string) => signedUp(t, name);

describe("get_report_reasons and add_reports", () => {
  it("lists the reasons in the reader's language", async () => {
    const en = await t.call("get_report_reasons");
    expect(en.body.data.length).toBeGreaterThanOrEqual(5);
    expect(en.body.data[0]).toEqual({ id: expect.any(Number), reason: "The listing is a scam or fraud" });
    const ar = await t.call("get_report_reasons", { lang: "ar" });
    expect(ar.body.data[0].reason).toBe("الإعلان احتيال أو نصب");
  });

  it("needs a reason, or words for 'other'; once per listing; the reporter can tell", async () => {
    const p = await person("Watchful Reader");
    const [first, second] = listings;
    const none = await t.call("add_reports", { token: p.token, body: { property_id: first!.id } });
    expect(none.status).toBe(400);
    expect(none.body.errors.reason_id).toEqual(["Please select a reason first"]);
    const other = await t.call("add_reports", {
      token: p.token,
      body: { property_id: first!.id, reason_id: "other" },
    });
    expect(other.body.errors.other_message).toEqual(["Please write your reason"]);
    const unknown = await t.call("add_reports", {
      token: p.token,
      body: { property_id: first!.id, reason_id: 99999 },
    });
    expect(unknown.body.errors.reason_id).toEqual(["Please select a reason first"]);

    const reason = (await t.call("get_report_reasons")).body.data[1].id;
    const ok = await t.call("add_reports", {
      token: p.token,
      body: { property_id: first!.id, reason_id: reason },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ property_id: first!.id, reason_id: reason, other_message: null });
    const again = await t.call("add_reports", {
      token: p.token,
      body: { property_id: first!.id, reason_id: reason },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You have already reported this listing");
    expect(
      (await t.call("get-report-status", { token: p.token, query: { property_id: String(first!.id) } })).body
        .data.reported,
    ).toBe(true);

    const written = await t.call("add_reports", {
      token: p.token,
      body: {
        property_id: second!.id,
        reason_id: "0",
        other_message: "The phone number belongs to someone else.",
      },
    });
    expect(written.status).toBe(201);
    expect(written.body.data).toMatchObject({
      reason_id: null,
      other_message: "The phone number belongs to someone else.",
    });
    expect(
      (await t.call("add_reports", { body: { property_id: second!.id, reason_id: reason } })).status,
    ).toBe(401);
  });

  it("is limited to a few an hour per person", async () => {
    const p = await person("Busy Reporter");
    const reason = (await t.call("get_report_reasons")).body.data[0].id;
    const statuses: number[] = [];
    for (const l of listings.slice(0, 12))
      statuses.push(
        (await t.call("add_reports", { token: p.token, body: { property_id: l.id, reason_id: reason } }))
          .status,
      );
    // Listings of this person's own would be refused differently; none of these are theirs.
    expect(statuses.filter((s) => s === 201).length).toBe(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // One counter, whatever is reported: a person or the team next is refused too.
    const someone = await person("Reported Meanwhile");
    const personReason = (await t.call("get_report_reasons", { query: { target: "user" } })).body.data[0].id;
    expect(
      (
        await t.call("add_reports", {
          token: p.token,
          body: { to_user_id: someone.id, reason_id: personReason },
        })
      ).status,
    ).toBe(429);
  });
});

describe("add_reports about a person (to_user_id) or the team (to_admin), spec §6", () => {
  it("offers a person's reasons, in the reader's language, apart from a listing's", async () => {
    const forPerson = await t.call("get_report_reasons", { query: { target: "user" } });
    expect(forPerson.body.data[0].reason).toBe("Harassment or threats");
    const ar = await t.call("get_report_reasons", { query: { target: "user" }, lang: "ar" });
    expect(ar.body.data[0].reason).toBe("مضايقة أو تهديد");
    const forTeam = await t.call("get_report_reasons", { query: { target: "admin" } });
    expect(forTeam.body.data).toEqual(forPerson.body.data);
    const forListing = (await t.call("get_report_reasons")).body.data.map(
      (r: { reason: string }) => r.reason,
    );
    expect(forListing).not.toContain("Harassment or threats");
    expect((await t.call("get_report_reasons", { query: { target: "agent" } })).body.errors.target).toEqual([
      "target must be property, user or admin",
    ]);
  });

  it("reports a person once, with the spec's messages; never oneself; a listing's reason does not fit", async () => {
    const p = await person("Person Reporter");
    const q = await person("Rude Caller");
    const reasons = (await t.call("get_report_reasons", { query: { target: "user" } })).body.data;
    const listingReason = (await t.call("get_report_reasons")).body.data[0].id;

    const none = await t.call("add_reports", { token: p.token, body: { to_user_id: q.id } });
    expect(none.status).toBe(400);
    expect(none.body.errors.reason_id).toEqual(["Please select a reason first"]);
    const other = await t.call("add_reports", {
      token: p.token,
      body: { to_user_id: q.id, reason_id: "other" },
    });
    expect(other.body.errors.other_message).toEqual(["Please write your reason"]);
    const wrongKind = await t.call("add_reports", {
      token: p.token,
      body: { to_user_id: q.id, reason_id: listingReason },
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.errors.reason_id).toEqual(["Please select a reason first"]);

    const self = await t.call("add_reports", {
      token: p.token,
      body: { to_user_id: p.id, reason_id: reasons[0].id },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("You cannot report yourself");
    expect(
      (
        await t.call("add_reports", {
          token: p.token,
          body: { to_user_id: 99999999, reason_id: reasons[0].id },
        })
      ).status,
    ).toBe(404);

    const ok = await t.call("add_reports", {
      token: p.token,
      body: { to_user_id: q.id, reason_id: reasons[0].id },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe("Thank you. We will look into your report.");
    expect(ok.body.data).toMatchObject({
      to_user_id: q.id,
      property_id: null,
      to_admin: false,
      reason_id: reasons[0].id,
    });
    const again = await t.call("add_reports", {
      token: p.token,
      body: { to_user_id: q.id, reason_id: "other", other_message: "And again" },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You have already reported this person");

    // The reported person sees nothing of it; the reporter's status says so, with the person's name.
    const status = await t.call("get-report-status", { token: p.token, query: { to_user_id: String(q.id) } });
    expect(status.body.data).toMatchObject({
      to_user_id: q.id,
      reported: true,
      blocked: false,
      person: { id: q.id, name: "Rude Caller" },
    });
    expect(
      (await t.call("get-report-status", { token: q.token, query: { to_user_id: String(p.id) } })).body.data
        .reported,
    ).toBe(false);
    await t.call("block-user", { token: p.token, body: { to_user_id: q.id } });
    expect(
      (await t.call("get-report-status", { token: p.token, query: { to_user_id: String(q.id) } })).body.data
        .blocked,
    ).toBe(true);
  });

  it("reports the team once; exactly one target is named", async () => {
    const p = await person("Team Critic");
    const first = await t.call("add_reports", {
      token: p.token,
      body: { to_admin: "1", reason_id: "other", other_message: "Your notices are misleading." },
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ to_admin: true, to_user_id: null, property_id: null });
    const again = await t.call("add_reports", {
      token: p.token,
      body: { to_admin: true, reason_id: "other", other_message: "Still" },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You have already reported the marketplace team");
    expect(
      (await t.call("get-report-status", { token: p.token, query: { to_admin: "1" } })).body.data,
    ).toMatchObject({ to_admin: true, reported: true, person: null });

    const nothing = await t.call("add_reports", {
      token: p.token,
      body: { reason_id: "other", other_message: "About what?" },
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors.property_id).toEqual([
      "Say what you report: property_id, to_user_id or to_admin",
    ]);
    const two = await t.call("add_reports", {
      token: p.token,
      body: { property_id: listings[3]!.id, to_admin: true, reason_id: "other", other_message: "Both" },
    });
    expect(two.body.errors.property_id).toEqual([
      "Report one thing at a time: property_id, to_user_id or to_admin",
    ]);
  });

  it("nobody reports or blocks on someone else's behalf; a visitor is refused", async () => {
    const a = await person("Account Owner");
    const b = await person("Would-be Impostor");
    const q = await person("Their Target");
    const reason = (await t.call("get_report_reasons", { query: { target: "user" } })).body.data[0].id;
    // There is no field to name the reporter or the blocker: the token says who is asking.
    for (const field of ["user_id", "userid", "reporter_id"]) {
      const r = await t.call("add_reports", {
        token: b.token,
        body: { to_user_id: q.id, reason_id: reason, [field]: a.id },
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(`Unknown field: ${field}`);
    }
    const block = await t.call("block-user", { token: b.token, body: { to_user_id: q.id, user_id: a.id } });
    expect(block.status).toBe(400);
    expect(await blockedBetween(t.db, a.id, q.id)).toBe(false);
    const mine = await t.call("add_reports", {
      token: b.token,
      body: { to_user_id: q.id, reason_id: reason },
    });
    expect(mine.status).toBe(201);
    const [row] = (
      await t.db.execute<{ user_id: number }>(
        sql`select user_id from user_reports where id = ${mine.body.data.id}`,
      )
    ).rows;
    expect(row!.user_id).toBe(b.id);
    expect(
      (await t.call("get-report-status", { token: a.token, query: { to_user_id: String(q.id) } })).body.data
        .reported,
    ).toBe(false);

    expect((await t.call("add_reports", { body: { to_user_id: q.id, reason_id: reason } })).status).toBe(401);
    expect((await t.call("add_reports", { body: { to_admin: true, reason_id: reason } })).status).toBe(401);
    expect((await t.call("block-user", { body: { to_user_id: q.id } })).status).toBe(401);
  });

  it("a switched-off reporter cannot report anyone", async () => {
    const p = await person("Switched Off Reporter");
    const q = await person("Someone Else");
    await t.db.execute(sql`update users set is_active = false where id = ${p.id}`);
    const reason = (await t.call("get_report_reasons", { query: { target: "user" } })).body.data[0].id;
    expect(
      (await t.call("add_reports", { token: p.token, body: { to_user_id: q.id, reason_id: reason } })).status,
    ).toBe(403);
  });
});

describe("block-user, unblock-user, get-blocked-users", () => {
  it("blocks a person (both ways for messages) or the admin, lists them, and unblocks", async () => {
    const p = await person("Blocker");
    const q = await person("Blocked One");
    expect((await t.call("block-user", { token: p.token, body: {} })).body.errors.to_user_id).toEqual([
      "Say whom to block: to_user_id or to_admin",
    ]);
    expect((await t.call("block-user", { token: p.token, body: { to_user_id: p.id } })).body.message).toBe(
      "You cannot block yourself",
    );
    expect((await t.call("block-user", { token: p.token, body: { to_user_id: 99999999 } })).status).toBe(404);

    expect(
      (
        await t.call("block-user", {
          token: p.token,
          body: { to_user_id: q.id, reason: "Keeps calling at night" },
        })
      ).status,
    ).toBe(200);
    expect((await t.call("block-user", { token: p.token, body: { to_user_id: q.id } })).status).toBe(200); // twice: still one
    expect(
      (await t.call("block-user", { token: p.token, body: { to_admin: true, reason: "No newsletters" } }))
        .status,
    ).toBe(200);
    const list = await t.call("get-blocked-users", { token: p.token });
    expect(list.body.total).toBe(2);
    expect(
      list.body.data.map((b: { to_user_id: number | null; to_admin: boolean }) => [b.to_user_id, b.to_admin]),
    ).toEqual(
      expect.arrayContaining([
        [q.id, false],
        [null, true],
      ]),
    );
    expect(await blockedBetween(t.db, p.id, q.id)).toBe(true);
    expect(await blockedBetween(t.db, q.id, p.id)).toBe(true);
    // The blocked person sees nothing of it and cannot undo it.
    expect((await t.call("get-blocked-users", { token: q.token })).body.total).toBe(0);
    await t.call("unblock-user", { token: q.token, body: { to_user_id: p.id } });
    expect(await blockedBetween(t.db, p.id, q.id)).toBe(true);

    await t.call("unblock-user", { token: p.token, body: { to_user_id: q.id } });
    await t.call("unblock-user", { token: p.token, body: { to_admin: "1" } });
    expect((await t.call("get-blocked-users", { token: p.token })).body.total).toBe(0);
    expect(await blockedBetween(t.db, p.id, q.id)).toBe(false);
  });
});
