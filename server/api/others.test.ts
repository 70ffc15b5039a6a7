// Nobody acts as someone else: each social call of the API, tried by one person against another's
// favourites, interest, reports, blocks, notifications and messages, changes only the caller's own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  chatMessages,
  favourites,
  interestedUsers,
  notifications,
  properties,
  userBlocks,
  userReports,
} from "../db/schema";
import { createTestApi, signedUp } from "../../tests/support/testing";
import { notify } from "./notifications/service";

let t: Awaited<ReturnType<typeof createTestApi>>;
let a: { token: string; id: number };
let b: { token: string; id: number };
let owner: { token: string; id: number };
let listing: number;
beforeAll(async () => {
  t = await createTestApi();
  [a, b, owner] = [
    await signedUp(t, "Alice Own"),
    await signedUp(t, "Bob Other"),
    await signedUp(t, "Olga Owner"),
  ];
  listing = Number(
    (
      await t.db.execute<{ id: number }>(
        sql`select id from properties where request_status = 'approved' and status = 'active' order by id limit 1`,
      )
    ).rows[0]!.id,
  );
  await t.db.update(properties).set({ added_by: owner.id }).where(eq(properties.id, listing));
});
afterAll(() => t?.close());

describe("one person cannot change another's", () => {
  it("favourites and interest: B's 'remove' leaves A's in place", async () => {
    await t.call("add_favourite", { token: a.token, body: { property_id: listing, type: 1 } });
    await t.call("interested_users", { token: a.token, body: { property_id: listing, type: 1 } });
    expect(
      (await t.call("add_favourite", { token: b.token, body: { property_id: listing, type: 0 } })).status,
    ).toBe(200);
    expect(
      (await t.call("interested_users", { token: b.token, body: { property_id: listing, type: 0 } })).status,
    ).toBe(200);
    expect(
      await t.db.$count(favourites, and(eq(favourites.user_id, a.id), eq(favourites.property_id, listing))),
    ).toBe(1);
    expect(
      await t.db.$count(
        interestedUsers,
        and(eq(interestedUsers.user_id, a.id), eq(interestedUsers.property_id, listing)),
      ),
    ).toBe(1);
    // There is no field to name someone else: a user_id sent along is ignored.
    await t.call("add_favourite", { token: b.token, body: { property_id: listing, type: 0, user_id: a.id } });
    expect(await t.db.$count(favourites, eq(favourites.user_id, a.id))).toBe(1);
  });

  it("blocks: B cannot lift A's block, and B's own unblock of A's target changes nothing", async () => {
    await t.call("block-user", { token: a.token, body: { to_user_id: owner.id, reason: "Calls at night" } });
    await t.call("unblock-user", { token: b.token, body: { to_user_id: owner.id } });
    await t.call("unblock-user", { token: owner.token, body: { to_user_id: a.id } });
    expect(
      await t.db.$count(userBlocks, and(eq(userBlocks.user_id, a.id), eq(userBlocks.to_user_id, owner.id))),
    ).toBe(1);
    const theirs = await t.call("get-blocked-users", { token: b.token });
    expect(theirs.body.data).toEqual([]);
    await t.call("unblock-user", { token: a.token, body: { to_user_id: owner.id } });
  });

  it("reports: B's report is B's; A's report status is A's", async () => {
    const reason = (await t.call("get_report_reasons")).body.data[0].id;
    await t.call("add_reports", { token: a.token, body: { property_id: listing, reason_id: reason } });
    const bStatus = await t.call("get-report-status", {
      token: b.token,
      query: { property_id: String(listing) },
    });
    expect(bStatus.body.data.reported).toBe(false);
    expect(await t.db.$count(userReports, eq(userReports.property_id, listing))).toBe(1);
  });

  it("notifications: B cannot read A's list or mark A's notifications read", async () => {
    await t.db.transaction((tx) => notify(tx, a.id, "interest", { name: "Someone", listing: "A flat" }));
    const [mine] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, a.id))
      .orderBy(sql`id desc`)
      .limit(1);
    const marked = await t.call("read-notifications", { token: b.token, body: { ids: [mine!.id] } });
    expect(marked.body.data.marked).toBe(0);
    expect(
      await t.db.$count(notifications, and(eq(notifications.id, mine!.id), isNull(notifications.read_at))),
    ).toBe(1);
    const list = await t.call("get_notification_list", { token: b.token });
    expect(list.body.data.notifications.map((n: { id: number }) => n.id)).not.toContain(mine!.id);
  });

  it("messages: B can neither read, delete nor open the file of A's conversation", async () => {
    const sent = await t.call("send_message", {
      token: a.token,
      body: { receiver_id: owner.id, property_id: listing, message: "Only for Olga" },
    });
    const id = sent.body.data.message_id as number;
    expect(
      (
        await t.call("get_messages", {
          token: b.token,
          query: { user_id: String(a.id), property_id: String(listing) },
        })
      ).status,
    ).toBe(403);
    expect((await t.call("delete_chat_message", { token: b.token, body: { message_id: id } })).status).toBe(
      404,
    );
    expect(
      (await t.call("delete_chat_message", { token: owner.token, body: { message_id: id } })).status,
    ).toBe(403);
    const bChats = await t.call("get_chats", { token: b.token });
    expect(bChats.body.data.chats).toEqual([]);
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, id));
    expect(row).toMatchObject({ message: "Only for Olga", deleted_at: null, read_at: null });
  });

  it("every one of these calls refuses a visitor who is not signed in", async () => {
    const calls: [string, unknown][] = [
      ["add_favourite", { property_id: listing, type: 1 }],
      ["interested_users", { property_id: listing, type: 1 }],
      ["add_reports", { property_id: listing, reason_id: 1 }],
      ["block-user", { to_user_id: owner.id }],
      ["unblock-user", { to_user_id: owner.id }],
      ["read-notifications", {}],
      ["send_message", { receiver_id: owner.id, property_id: listing, message: "Hi" }],
      ["delete_chat_message", { message_id: 1 }],
      ["apply-agent-verification", { form_fields: [] }],
      ["before-logout", { fcm_id: "x" }],
      ["update-fcm-id", { fcm_id: "x" }],
    ];
    for (const [name, body] of calls)
      expect([name, (await t.call(name, { body })).status]).toEqual([name, 401]);
  });
});
