// Notifications are written with their event, in the reader's language, and are each person's own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApi, signedUp } from "../../../tests/support/testing";
import { packages } from "../../db/schema";
import { createTransaction, settle } from "../payments/transactions";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const person = (name: string) => signedUp(t, name);
const list = async (token: string, lang?: string) =>
  (await t.call("get_notification_list", { token, lang })).body;

describe("notifications", () => {
  it("tell an owner of new interest once, in their language, and are read only by them", async () => {
    const owner = await person("Listing Owner");
    const fan = await person("Nadia Fan");
    const [row] = (
      await t.db.execute<{ id: number; title: string; slug_id: string }>(
        sql`update properties set added_by = ${owner.id} where id = (select id from properties where request_status = 'approved' and status = 'active' order by id limit 1) returning id, title, slug_id`,
      )
    ).rows;
    await t.call("interested_users", { token: fan.token, body: { property_id: row!.id, type: 1 } });
    await t.call("interested_users", { token: fan.token, body: { property_id: row!.id, type: 1 } }); // again: no second notice
    const mine = await list(owner.token);
    expect(mine.total).toBe(1);
    expect(mine.data.unread).toBe(1);
    expect(mine.data.notifications[0]).toMatchObject({
      type: "interest",
      title: "Someone is interested",
      body: `Nadia Fan is interested in ${row!.title}.`,
      link: `/my-property/${row!.slug_id}`,
      is_read: false,
    });
    expect((await list(owner.token, "ar")).data.notifications[0].title).toBe("شخص مهتم بإعلانك");
    expect((await list(fan.token)).total).toBe(0);

    // Someone else cannot mark them read; the owner can.
    const id = mine.data.notifications[0].id;
    expect(
      (await t.call("read-notifications", { token: fan.token, body: { ids: [id] } })).body.data.marked,
    ).toBe(0);
    expect((await list(owner.token)).data.unread).toBe(1);
    expect((await t.call("read-notifications", { token: owner.token, body: {} })).body.data.marked).toBe(1);
    expect((await list(owner.token)).data).toMatchObject({ unread: 0, notifications: [{ is_read: true }] });
  });

  it("tell a buyer how a payment ended: success once, a gateway's failure, never their own cancel", async () => {
    const buyer = await person("Notified Buyer");
    const [pkg] = await t.db.select().from(packages).where(eq(packages.name, "Agent"));
    const paid = await createTransaction(t.db, {
      user_id: buyer.id,
      package_id: pkg!.id,
      amount_minor: pkg!.price_minor,
      currency: "AED",
      payment_gateway: "stripe",
    });
    await settle(
      t.db,
      { id: paid.id },
      { status: "success", amount_minor: pkg!.price_minor, currency: "AED" },
      "webhook",
    );
    await settle(
      t.db,
      { id: paid.id },
      { status: "success", amount_minor: pkg!.price_minor, currency: "AED" },
      "webhook",
    );
    const failed = await createTransaction(t.db, {
      user_id: buyer.id,
      package_id: pkg!.id,
      amount_minor: pkg!.price_minor,
      currency: "AED",
      payment_gateway: "stripe",
    });
    await settle(t.db, { id: failed.id }, { status: "failed", reason: "Your card was declined." }, "webhook");
    const cancelled = await createTransaction(t.db, {
      user_id: buyer.id,
      package_id: pkg!.id,
      amount_minor: pkg!.price_minor,
      currency: "AED",
      payment_gateway: "stripe",
    });
    await t.call("payment-transaction-fail", {
      token: buyer.token,
      body: { payment_transaction_id: cancelled.id },
    });
    const notes = (await list(buyer.token)).data.notifications as {
      type: string;
      body: string;
      link: string;
    }[];
    expect(notes.map((n) => n.type).sort()).toEqual(["payment_failed", "payment_success"]);
    expect(notes.find((n) => n.type === "payment_success")!.body).toMatch(
      /^Agent is active until \d{4}-\d{2}-\d{2}\.$/,
    );
    expect(notes.find((n) => n.type === "payment_failed")!.link).toBe(`/user/payments/${failed.id}`);
  });
});
