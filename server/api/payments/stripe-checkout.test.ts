// A card paid on Stripe's hosted Checkout page (no JavaScript on our page, decision 050): the
// session made for our pending transaction, the signed checkout.session.* webhooks that settle it
// once, the return page that reads only our own transaction, and nobody reaching another's.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setupServer } from "msw/node";
import { and, eq } from "drizzle-orm";
import { createTestApi, signedUp } from "../../../tests/support/testing";
import {
  packages,
  paymentTransactionEvents,
  paymentTransactions,
  settings,
  userPackages,
} from "../../db/schema";
import { stripeMock, type MockIntent } from "../../../tests/mocks/gateways/stripe";
import { contentSecurityPolicy } from "../../security/headers";
import { env } from "../../runtime/env.server";

const stripe = stripeMock({ secretKey: "sk_test_checkout" });
const msw = setupServer(...stripe.handlers);
const WEBHOOK_SECRET = "whsec_test_checkout";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  msw.listen({ onUnhandledRequest: "bypass" }); // the auth emulator is real and local
  t = await createTestApi();
  for (const [key, value] of Object.entries({
    stripe_publishable_key: "pk_test_checkout",
    stripe_secret_key: "sk_test_checkout",
    stripe_webhook_secret: WEBHOOK_SECRET,
  }))
    await t.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
});
afterEach(() => msw.resetHandlers());
afterAll(async () => {
  msw.close();
  await t?.close();
});

async function agentPackage() {
  const [p] = await t.db.select().from(packages).where(eq(packages.name, "Agent"));
  return p!;
}
const heldCount = async (userId: number, packageId: number) =>
  (
    await t.db
      .select()
      .from(userPackages)
      .where(and(eq(userPackages.user_id, userId), eq(userPackages.package_id, packageId)))
  ).length;
const transaction = async (id: number) =>
  (await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)))[0]!;

async function deliver(delivery: { body: string; headers: Record<string, string> }) {
  const res = await t.api.fetch(
    new Request("http://test/api/webhooks/stripe", {
      method: "POST",
      headers: delivery.headers,
      body: delivery.body,
    }),
  );
  return { status: res.status, message: ((await res.json()) as { message: string }).message };
}

/** Someone starts paying for the Agent package on Stripe's page. */
async function startCheckout(name: string, lang?: string) {
  const person = await signedUp(t, name);
  const agent = await agentPackage();
  const r = await t.call("create-checkout-session", {
    token: person.token,
    body: { package_id: agent.id },
    lang,
  });
  expect(r.status).toBe(200);
  const txId = r.body.data.payment_transaction_id as number;
  const session = stripe.lastSession()!;
  return { person, agent, r, txId, session };
}

const statusOf = (token: string, id: number) =>
  t.call("payment-status", { token, query: { payment_transaction_id: String(id) } });

describe("Stripe Checkout (the hosted page)", () => {
  it("makes a session for the package's price, tied to our pending transaction, back to our page in the person's language", async () => {
    const { agent, r, txId, session } = await startCheckout("Hosted Buyer");
    expect(r.body.data.redirect_url).toBe(session.url);
    expect(r.body.data.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const tx = await transaction(txId);
    expect(tx).toMatchObject({
      status: "pending",
      payment_gateway: "stripe",
      amount_minor: agent.price_minor,
      currency: "AED",
      gateway_reference: session.id,
    });
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: agent.price_minor,
      currency: "aed",
      client_reference_id: tx.order_id,
      metadata: { order_id: tx.order_id },
      status: "open",
      payment_status: "unpaid",
    });
    expect(stripe.lineItem(session.id)).toEqual({ name: "Agent", unit_amount: 19_900, quantity: 1 });
    expect(session.success_url).toMatch(
      new RegExp(`^https?://[^/]+/user/payments/${txId}\\?session_id=\\{CHECKOUT_SESSION_ID\\}$`),
    );
    expect(session.cancel_url).toMatch(new RegExp(`/user/payments/${txId}\\?canceled=1$`));

    const ar = await startCheckout("مشتري", "ar");
    expect(ar.session.success_url).toContain(`/ar/user/payments/${ar.txId}?session_id=`);
    expect(ar.session.cancel_url).toContain(`/ar/user/payments/${ar.txId}?canceled=1`);
  });

  it("refuses without an account, for a free package, or an unknown one", async () => {
    const agent = await agentPackage();
    expect((await t.call("create-checkout-session", { body: { package_id: agent.id } })).status).toBe(401);
    const p = await signedUp(t, "Checkout Chancer");
    const [trial] = await t.db.select().from(packages).where(eq(packages.name, "Spotlight trial"));
    const free = await t.call("create-checkout-session", {
      token: p.token,
      body: { package_id: trial!.id },
    });
    expect(free.status).toBe(400);
    expect(free.body.errors.package_id).toEqual(["This package is free: take it without paying"]);
    expect(
      (await t.call("create-checkout-session", { token: p.token, body: { package_id: 999999 } })).status,
    ).toBe(404);
  });

  it("the signed checkout.session.completed gives the package once, however often it is delivered; a forged one nothing", async () => {
    const { person, agent, txId, session } = await startCheckout("Webhook Payer");
    stripe.pay(session.id);

    const forged = stripe.webhook("whsec_wrong", "checkout.session.completed", session.id);
    expect((await deliver(forged)).status).toBe(400);
    const unsigned = stripe.webhook(WEBHOOK_SECRET, "checkout.session.completed", session.id);
    expect(
      (await deliver({ body: unsigned.body, headers: { "content-type": "application/json" } })).status,
    ).toBe(400);
    expect(await heldCount(person.id, agent.id)).toBe(0);
    expect((await transaction(txId)).status).toBe("pending");

    const answers = [await deliver(unsigned), await deliver(unsigned)];
    expect(answers).toEqual([
      { status: 200, message: "applied" },
      { status: 200, message: "repeat" },
    ]);
    // The same news again under a new event id, twice at once: still one package.
    const again = stripe.webhook(WEBHOOK_SECRET, "checkout.session.completed", session.id);
    await Promise.all([deliver(again), deliver(again)]);
    expect(await heldCount(person.id, agent.id)).toBe(1);
    const events = await t.db
      .select()
      .from(paymentTransactionEvents)
      .where(eq(paymentTransactionEvents.transaction_id, txId))
      .orderBy(paymentTransactionEvents.id);
    expect(events.map((e) => [e.from_status, e.to_status, e.source])).toEqual([
      [null, "pending", "api"],
      ["pending", "success", "webhook"],
    ]);
    expect((await statusOf(person.token, txId)).body.data).toMatchObject({ status: "success" });
  });

  it("a payment that settles later is pending after checkout, then given by async_payment_succeeded or failed by async_payment_failed", async () => {
    const late = await startCheckout("Bank Debit Payer");
    stripe.pay(late.session.id, { later: true });
    expect(
      (await deliver(stripe.webhook(WEBHOOK_SECRET, "checkout.session.completed", late.session.id))).status,
    ).toBe(200);
    const pending = await statusOf(late.person.token, late.txId);
    expect(pending.body.data.status).toBe("pending");
    // Complete but unpaid: nothing to go back to.
    expect(pending.body.data.checkout_url).toBeUndefined();
    expect(await heldCount(late.person.id, late.agent.id)).toBe(0);
    stripe.settleLater(late.session.id, true);
    await deliver(
      stripe.webhook(WEBHOOK_SECRET, "checkout.session.async_payment_succeeded", late.session.id),
    );
    expect(await heldCount(late.person.id, late.agent.id)).toBe(1);

    const bounced = await startCheckout("Bounced Debit");
    stripe.pay(bounced.session.id, { later: true });
    await deliver(stripe.webhook(WEBHOOK_SECRET, "checkout.session.completed", bounced.session.id));
    stripe.settleLater(bounced.session.id, false);
    await deliver(
      stripe.webhook(WEBHOOK_SECRET, "checkout.session.async_payment_failed", bounced.session.id),
    );
    expect((await statusOf(bounced.person.token, bounced.txId)).body.data).toMatchObject({
      status: "failed",
      reason: "Payment failed",
    });
    expect(await heldCount(bounced.person.id, bounced.agent.id)).toBe(0);
  });

  it("a declined first card on Stripe's page does not fail the transaction: only the session's own events settle it", async () => {
    const { person, agent, txId, session } = await startCheckout("Second Card");
    // Checkout's PaymentIntent carries no order of ours.
    const pi = "pi_checkout_declined";
    stripe.intents.set(pi, {
      id: pi,
      object: "payment_intent",
      amount: agent.price_minor,
      amount_received: 0,
      currency: "aed",
      status: "requires_payment_method",
      client_secret: `${pi}_secret_x`,
      description: null,
      receipt_email: null,
      metadata: {},
      last_payment_error: { code: "card_declined", message: "Your card was declined." },
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    } satisfies MockIntent);
    expect((await deliver(stripe.webhook(WEBHOOK_SECRET, "payment_intent.payment_failed", pi))).message).toBe(
      "ignored",
    );
    expect((await transaction(txId)).status).toBe("pending");
    stripe.pay(session.id);
    await deliver(stripe.webhook(WEBHOOK_SECRET, "checkout.session.completed", session.id));
    expect(await heldCount(person.id, agent.id)).toBe(1);
  });

  it("the return page reads our own transaction: an open session is unpaid whatever the address says, a paid one is settled by asking Stripe, another person's is not found", async () => {
    const { person, agent, txId, session } = await startCheckout("Returning Payer");
    const open = await statusOf(person.token, txId);
    expect(open.body.data).toMatchObject({ status: "pending", checkout_url: session.url });
    expect(open.body.data.pay).toBeUndefined();

    const other = await signedUp(t, "Nosy Neighbour");
    const theirs = await statusOf(other.token, txId);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain(session.id);
    const cancel = await t.call("payment-transaction-fail", {
      token: other.token,
      body: { payment_transaction_id: txId },
    });
    expect(cancel.status).toBe(404);
    expect((await transaction(txId)).status).toBe("pending");

    // Paid, the webhook not here yet: asking Stripe with our key settles it, once.
    stripe.pay(session.id);
    expect((await statusOf(person.token, txId)).body.data.status).toBe("success");
    await deliver(stripe.webhook(WEBHOOK_SECRET, "checkout.session.completed", session.id));
    expect(await heldCount(person.id, agent.id)).toBe(1);
  });

  it("a session that expired unpaid, or a payment for less than the price, gives nothing", async () => {
    const gone = await startCheckout("Too Slow");
    stripe.expire(gone.session.id);
    await deliver(stripe.webhook(WEBHOOK_SECRET, "checkout.session.expired", gone.session.id));
    expect((await statusOf(gone.person.token, gone.txId)).body.data).toMatchObject({
      status: "failed",
      reason: "Payment canceled. Please try again later.",
    });

    const short = await startCheckout("Short Changer");
    stripe.pay(short.session.id, { amount: 100 });
    await deliver(stripe.webhook(WEBHOOK_SECRET, "checkout.session.completed", short.session.id));
    const status = await statusOf(short.person.token, short.txId);
    expect(status.body.data.status).toBe("failed");
    expect(status.body.data.reason).toContain("Paid 100 AED for a price of 19900 AED");
    expect(await heldCount(short.person.id, short.agent.id)).toBe(0);
  });

  it("pages let a form go on to Stripe's page (the policy's form-action)", () => {
    const policy = contentSecurityPolicy("nonce", env(), { https: true });
    expect(policy).toMatch(/form-action [^;]*https:\/\/checkout\.stripe\.com/);
  });
});
