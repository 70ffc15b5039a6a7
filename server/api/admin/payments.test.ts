// Payments in the admin console: the list and its filters, the receipt of a bank transfer (for
// admins only), and the review: accepting gives the package and tells the payer; rejecting needs a
// reason, which the payer reads. Each decision has its line in the audit log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { adminAuditLog, notifications, packages, settings, userPackages } from "../../db/schema";
import { createTestApi, signedUp, signedUpAdmin } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;
let payer: Awaited<ReturnType<typeof signedUp>>;
let buyerPlus: number;
const ids: number[] = [];

async function transfer(token: string, packageId: number) {
  const form = new FormData();
  form.set("package_id", String(packageId));
  form.set(
    "receipt",
    new File([Buffer.from("%PDF-1.4\n% receipt of a transfer\n")], "receipt.pdf", {
      type: "application/pdf",
    }),
  );
  const res = await t.api.fetch(
    new Request("http://test/api/bank-transfer", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  const body = (await res.json()) as { data: { id: number } };
  expect(res.status).toBe(200);
  return body.data.id;
}

beforeAll(async () => {
  t = await createTestApi();
  await t.db
    .insert(settings)
    .values({ key: "bank_transfer_status", value: true })
    .onConflictDoUpdate({ target: settings.key, set: { value: true } });
  admin = await signedUpAdmin(t, "Money Admin");
  payer = await signedUp(t, "Transfer Payer");
  buyerPlus = (await t.db.select().from(packages).where(eq(packages.name, "Buyer Plus")))[0]!.id;
  ids.push(await transfer(payer.token, buyerPlus), await transfer(payer.token, buyerPlus));
});
afterAll(() => t?.close());

const list = (query: Record<string, string>) => t.call("admin/payments", { token: admin.token, query });
const review = (body: Record<string, unknown>) =>
  t.call("admin/review-payment", { token: admin.token, body });
const audits = (id: number) =>
  t.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.target_type, "payment"), eq(adminAuditLog.target_id, String(id))))
    .orderBy(desc(adminAuditLog.id));
const noticesOf = (userId: number) =>
  t.db.select().from(notifications).where(eq(notifications.user_id, userId)).orderBy(desc(notifications.id));

describe("admin/payments", () => {
  it("lists transactions with the payer, package and amount, filtered by status, method, person and day", async () => {
    const r = await list({ status: "review", search: payer.email });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(2);
    expect(r.body.data[0]).toMatchObject({
      user: { name: "Transfer Payer", email: payer.email },
      package: { name: "Buyer Plus" },
      amount_minor: 4900,
      currency: "AED",
      payment_gateway: "bank_transfer",
      status: "review",
      receipt_url: `/admin/payments/${ids[1]}/receipt`,
    });
    expect((await list({ search: "Transfer Pay", gateway: "bank_transfer" })).body.total).toBe(2);
    expect((await list({ search: payer.email, gateway: "stripe" })).body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ search: payer.email, from: today, to: today })).body.total).toBe(2);
    expect((await list({ search: payer.email, from: "2999-01-01" })).body.total).toBe(0);
    expect((await list({ search: payer.email, to: "2000-01-01" })).body.total).toBe(0);
  });

  it("answers a bad filter with 400 on its field", async () => {
    const r = await list({ from: "31/01/2025", status: "lost" });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({
      from: ["Use a date such as 2025-01-31"],
      status: ["Choose pending, success, failed, review or rejected"],
    });
    expect((await list({ from: "2025-02-01", to: "2025-01-01" })).body.errors).toEqual({
      to: ["The end date is before the start date"],
    });
  });

  it("shows a receipt to admins only", async () => {
    const get = (token?: string) =>
      t.api.fetch(
        new Request(`http://test/api/admin/payment-receipt/${ids[0]}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }),
      );
    const ok = await get(admin.token);
    expect([ok.status, ok.headers.get("content-type"), ok.headers.get("cache-control")]).toEqual([
      200,
      "application/pdf",
      "private, no-store",
    ]);
    expect((await ok.text()).startsWith("%PDF")).toBe(true);
    expect((await get(payer.token)).status).toBe(403);
    expect((await get()).status).toBe(401);
    const none = await t.api.fetch(
      new Request("http://test/api/admin/payment-receipt/99999999", {
        headers: { authorization: `Bearer ${admin.token}` },
      }),
    );
    expect(none.status).toBe(404);
  });
});

describe("admin/review-payment", () => {
  it("rejecting needs a reason; the payer reads it; nothing else changes", async () => {
    const none = await review({ id: ids[0], accept: false, reason: "  " });
    expect([none.status, none.body.errors]).toEqual([
      400,
      { reason: ["Please write why the transfer is rejected"] },
    ]);
    expect(await audits(ids[0]!)).toEqual([]);

    const r = await review({
      id: ids[0],
      accept: "0",
      reason: "No transfer with this reference reached the account.",
    });
    expect(r.body.data).toMatchObject({
      status: "rejected",
      reason: "No transfer with this reference reached the account.",
    });
    const [log] = await audits(ids[0]!);
    expect(log).toMatchObject({
      action: "payment.reject",
      admin_email: admin.email,
      reason: "No transfer with this reference reached the account.",
      before: { status: "review", reason: null },
      after: { status: "rejected" },
    });
    const [note] = await noticesOf(payer.id);
    expect(note).toMatchObject({
      type: "payment_rejected",
      title: "Bank transfer not accepted",
      link: `/user/payments/${ids[0]}`,
    });
    expect(note!.body).toContain("No transfer with this reference reached the account.");
    const mine = (await t.call("get_payment_details", { token: payer.token })).body.data as {
      id: number;
      status: string;
    }[];
    expect(mine.find((m) => m.id === ids[0])?.status).toBe("rejected");
  });

  it("accepting gives the package and tells the payer, once", async () => {
    const heldBefore = (
      await t.db
        .select()
        .from(userPackages)
        .where(and(eq(userPackages.user_id, payer.id), eq(userPackages.package_id, buyerPlus)))
    ).length;
    const r = await review({ id: ids[1], accept: true });
    expect([r.status, r.body.message, r.body.data.status]).toEqual([
      200,
      "Transfer accepted: the package is active",
      "success",
    ]);
    const held = await t.db
      .select()
      .from(userPackages)
      .where(and(eq(userPackages.user_id, payer.id), eq(userPackages.package_id, buyerPlus)));
    expect(held.length).toBe(heldBefore + 1);
    expect(r.body.data.user_package_id).toBe(held.at(-1)!.id);
    const active = (await t.call("get-package", { token: payer.token })).body.data.active as {
      package_id: number;
    }[];
    expect(active.map((a) => a.package_id)).toContain(buyerPlus);
    expect((await noticesOf(payer.id))[0]).toMatchObject({
      type: "payment_success",
      link: "/user/subscriptions",
    });
    expect((await audits(ids[1]!))[0]).toMatchObject({
      action: "payment.accept",
      before: { status: "review", user_package_id: null },
      after: { status: "success", user_package_id: held.at(-1)!.id },
    });

    // Decided is decided: no second package, no second log line.
    const again = await review({ id: ids[1], accept: true });
    expect([again.status, again.body.message]).toEqual([409, "This transaction is not waiting for review"]);
    expect(await audits(ids[1]!)).toHaveLength(1);
    expect((await review({ id: 99999999, accept: true })).status).toBe(404);
  });
});
