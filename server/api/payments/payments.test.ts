// Packages and payments through the API: free packages, Stripe (its HTTP API stood in for by msw,
// webhooks signed with Stripe's own test helper), bank transfer, and nobody touching another's money.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setupServer } from "msw/node";
import { and, eq, sql } from "drizzle-orm";
import { createTestApi, signedUp } from "../../../tests/support/testing";
import {
  packages,
  paymentTransactionEvents,
  paymentTransactions,
  settings,
  userPackages,
} from "../../db/schema";
import { stripeMock } from "../../../tests/mocks/gateways/stripe";
import { paystackMock } from "../../../tests/mocks/gateways/paystack";
import { flutterwaveMock } from "../../../tests/mocks/gateways/flutterwave";
import { paypalMock } from "../../../tests/mocks/gateways/paypal";

const stripe = stripeMock({ secretKey: "sk_test_souq" });
const paystack = paystackMock({ secretKey: "sk_test_paystack_souq" });
const flutterwave = flutterwaveMock({ secretKey: "FLWSECK_TEST-souq", webhookHash: "souq-hash" });
const paypal = paypalMock({
  clientId: "paypal-client-souq",
  secret: "paypal-secret-souq",
  webhookId: "WH-SOUQ",
});
const msw = setupServer(
  ...stripe.handlers,
  ...paystack.handlers,
  ...flutterwave.handlers,
  ...paypal.handlers,
);
const WEBHOOK_SECRET = "whsec_test_souq";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  msw.listen({ onUnhandledRequest: "bypass" }); // the auth emulator is real and local
  t = await createTestApi();
});
afterEach(() => msw.resetHandlers());
afterAll(async () => {
  msw.close();
  await t?.close();
});

const person = (name: string) => signedUp(t, name);

async function setSettings(values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) {
    await t.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
  }
}
const stripeOn = () =>
  setSettings({
    stripe_publishable_key: "pk_test_souq",
    stripe_secret_key: "sk_test_souq",
    stripe_webhook_secret: WEBHOOK_SECRET,
  });

async function packageNamed(name: string) {
  const [p] = await t.db.select().from(packages).where(eq(packages.name, name));
  return p!;
}
const heldCount = async (userId: number, packageId: number) =>
  (
    await t.db
      .select()
      .from(userPackages)
      .where(and(eq(userPackages.user_id, userId), eq(userPackages.package_id, packageId)))
  ).length;

async function deliver(body: string, headers: Record<string, string>) {
  const res = await t.api.fetch(
    new Request("http://test/api/webhooks/stripe", { method: "POST", headers, body }),
  );
  return { status: res.status, body: (await res.json()) as { error: boolean; message: string } };
}

describe("payment settings", () => {
  it("says no method is enabled when none is, and offers a gateway once its keys are set, without its secrets", async () => {
    await setSettings({
      bank_transfer_status: false,
      stripe_publishable_key: "",
      stripe_secret_key: "",
      stripe_webhook_secret: "",
    });
    const none = await t.call("get_payment_settings");
    expect(none.body.data.methods).toEqual([]);
    expect(none.body.message).toBe("No payment method is enabled. Please contact the admin.");

    await stripeOn();
    await setSettings({ bank_transfer_status: true });
    const some = await t.call("get_payment_settings");
    expect(some.body.data.methods.map((m: { type: string }) => m.type)).toEqual(["stripe", "bank_transfer"]);
    expect(some.body.data.methods[0].publishable_key).toBe("pk_test_souq");
    expect(some.body.data.currency).toEqual({ code: "AED", minor_digits: 2 });
    expect(JSON.stringify(some.body)).not.toContain("sk_test");
    expect(JSON.stringify(some.body)).not.toContain("whsec_");
    // Nor does web-settings, which every page reads.
    expect(JSON.stringify((await t.call("web-settings")).body)).not.toMatch(/sk_test|whsec_/);
  });

  it("refuses to start a payment through a gateway that is off", async () => {
    await setSettings({ stripe_secret_key: "" });
    const p = await person("No Gateway");
    const r = await t.call("create-payment-intent", {
      token: p.token,
      body: { package_id: (await packageNamed("Agent")).id, platform_type: "web" },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("No payment method is enabled. Please contact the admin.");
    await stripeOn();
  });
});

describe("free packages (assign_package)", () => {
  it("gives a free package at once, once per person when the package says so, and shows it with its limits", async () => {
    const p = await person("Free Taker");
    const trial = await packageNamed("Spotlight trial");
    const r = await t.call("assign_package", { token: p.token, body: { package_id: trial.id } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: "success", payment_gateway: "free", amount_minor: 0 });
    const again = await t.call("assign_package", { token: p.token, body: { package_id: trial.id } });
    expect(again.status).toBe(409);
    expect(again.body.errors.package_id).toEqual(["You have already used this free package"]);
    expect(await heldCount(p.id, trial.id)).toBe(1);

    const mine = await t.call("get-package", { token: p.token });
    const held = mine.body.data.active.find((h: { package_id: number }) => h.package_id === trial.id);
    expect(held.features).toEqual(
      expect.arrayContaining([
        { type: "property_feature", total: 1, used: 0 },
        { type: "mortgage_calculator_detail", total: null, used: 0 },
      ]),
    );
    // Two at once still give one.
    const q = await person("Double Taker");
    const both = await Promise.all(
      [1, 2].map(() => t.call("assign_package", { token: q.token, body: { package_id: trial.id } })),
    );
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    expect(await heldCount(q.id, trial.id)).toBe(1);
  });

  it("will not give a paid package for free, nor an unknown one", async () => {
    const p = await person("Freeloader");
    const paid = await t.call("assign_package", {
      token: p.token,
      body: { package_id: (await packageNamed("Agent")).id },
    });
    expect(paid.status).toBe(400);
    expect(paid.body.message).toBe("This package is not free");
    expect((await t.call("assign_package", { token: p.token, body: { package_id: 999999 } })).status).toBe(
      404,
    );
    expect(
      (await t.call("assign_package", { token: p.token, body: { package_id: "abc" } })).body.errors
        .package_id,
    ).toEqual(["package_id must be a number"]);
    expect((await t.call("assign_package", { body: { package_id: 1 } })).status).toBe(401);
  });
});

describe("Stripe", () => {
  it("creates a PaymentIntent for the package's price; the signed webhook assigns the package once, however often it is delivered", async () => {
    await stripeOn();
    const p = await person("Card Payer");
    const agent = await packageNamed("Agent");
    const r = await t.call("create-payment-intent", {
      token: p.token,
      body: { package_id: agent.id, platform_type: "web" },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      amount_minor: 19_900,
      currency: "AED",
      publishable_key: "pk_test_souq",
    });
    expect(r.body.data.client_secret).toMatch(/^pi_.+_secret_/);
    const intent = stripe.last()!;
    expect(intent).toMatchObject({ amount: 19_900, currency: "aed" });
    const txId = r.body.data.payment_transaction_id as number;
    expect(
      (await t.call("payment-status", { token: p.token, query: { payment_transaction_id: String(txId) } }))
        .body.data.status,
    ).toBe("pending");
    expect(await heldCount(p.id, agent.id)).toBe(0);

    stripe.succeed(intent.id);
    const delivery = stripe.webhook(WEBHOOK_SECRET, "payment_intent.succeeded", intent.id);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await deliver(delivery.body, delivery.headers));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.body.message)).toEqual(["applied", ...Array(9).fill("repeat")]);
    // Stripe may also send the same news as a new event: still one package.
    const again = stripe.webhook(WEBHOOK_SECRET, "payment_intent.succeeded", intent.id);
    expect(
      (await Promise.all([deliver(again.body, again.headers), deliver(again.body, again.headers)])).every(
        (a) => a.status === 200,
      ),
    ).toBe(true);
    expect(await heldCount(p.id, agent.id)).toBe(1);

    const list = await t.call("get_payment_details", { token: p.token });
    expect(list.body.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({
      id: txId,
      status: "success",
      amount: "199.00",
      currency: "AED",
      payment_gateway: "stripe",
      package_name: "Agent",
    });
    const events = await t.db
      .select()
      .from(paymentTransactionEvents)
      .where(eq(paymentTransactionEvents.transaction_id, txId))
      .orderBy(paymentTransactionEvents.id);
    expect(events.map((e) => [e.from_status, e.to_status, e.source])).toEqual([
      [null, "pending", "api"],
      ["pending", "success", "webhook"],
    ]);
    // The package's limits now count: 25 more properties on top of the starter's 5.
    const usage = await t.call("get-package", { token: p.token });
    const agentHeld = usage.body.data.active.find((h: { package_id: number }) => h.package_id === agent.id);
    expect(agentHeld.features).toContainEqual({ type: "property_list", total: 25, used: 0 });
  });

  it("refuses a webhook with a bad or missing signature and changes nothing", async () => {
    const p = await person("Forger");
    const agent = await packageNamed("Agent");
    await t.call("create-payment-intent", { token: p.token, body: { package_id: agent.id } });
    const intent = stripe.succeed(stripe.last()!.id);
    const forged = stripe.webhook("whsec_wrong", "payment_intent.succeeded", intent.id);
    expect((await deliver(forged.body, forged.headers)).status).toBe(400);
    const unsigned = stripe.webhook(WEBHOOK_SECRET, "payment_intent.succeeded", intent.id);
    expect((await deliver(unsigned.body, { "content-type": "application/json" })).status).toBe(400);
    // A signed body changed afterwards (a bigger amount, another order) no longer matches.
    const tampered = unsigned.body.replace('"amount_received":19900', '"amount_received":1');
    expect((await deliver(tampered, unsigned.headers)).status).toBe(400);
    expect(await heldCount(p.id, agent.id)).toBe(0);
  });

  it("a declined card or a cancelled payment leaves no package; the failure is recorded", async () => {
    const p = await person("Declined");
    const agent = await packageNamed("Agent");
    const first = await t.call("create-payment-intent", { token: p.token, body: { package_id: agent.id } });
    const declined = stripe.fail(stripe.last()!.id);
    const d = stripe.webhook(WEBHOOK_SECRET, "payment_intent.payment_failed", declined.id);
    expect((await deliver(d.body, d.headers)).body.message).toBe("applied");
    const failed = await t.call("payment-status", {
      token: p.token,
      query: { payment_transaction_id: String(first.body.data.payment_transaction_id) },
    });
    expect(failed.body.data).toMatchObject({ status: "failed", reason: "Your card was declined." });

    const second = await t.call("create-payment-intent", { token: p.token, body: { package_id: agent.id } });
    const cancel = await t.call("payment-transaction-fail", {
      token: p.token,
      body: { payment_transaction_id: second.body.data.payment_transaction_id },
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({
      status: "failed",
      reason: "Payment canceled. Please try again later.",
    });
    expect(await heldCount(p.id, agent.id)).toBe(0);
  });

  it("money that arrives after all wins over a cancel; a payment for less than the price gives nothing", async () => {
    const p = await person("Late Payer");
    const agent = await packageNamed("Agent");
    const r = await t.call("create-payment-intent", { token: p.token, body: { package_id: agent.id } });
    const intent = stripe.last()!;
    await t.call("payment-transaction-fail", {
      token: p.token,
      body: { payment_transaction_id: r.body.data.payment_transaction_id },
    });
    stripe.succeed(intent.id);
    const w = stripe.webhook(WEBHOOK_SECRET, "payment_intent.succeeded", intent.id);
    await deliver(w.body, w.headers);
    expect(await heldCount(p.id, agent.id)).toBe(1);

    const q = await person("Short Payer");
    const r2 = await t.call("create-payment-intent", { token: q.token, body: { package_id: agent.id } });
    const short = stripe.succeed(stripe.last()!.id, 100);
    const w2 = stripe.webhook(WEBHOOK_SECRET, "payment_intent.succeeded", short.id);
    await deliver(w2.body, w2.headers);
    const status = await t.call("payment-status", {
      token: q.token,
      query: { payment_transaction_id: String(r2.body.data.payment_transaction_id) },
    });
    expect(status.body.data.status).toBe("failed");
    expect(status.body.data.reason).toContain("Paid 100 AED for a price of 19900 AED");
    expect(await heldCount(q.id, agent.id)).toBe(0);
  });

  it("the return page settles a paid intent by asking Stripe, when the webhook has not come yet", async () => {
    const p = await person("Impatient");
    const agent = await packageNamed("Agent");
    const r = await t.call("create-payment-intent", { token: p.token, body: { package_id: agent.id } });
    stripe.succeed(stripe.last()!.id);
    const status = await t.call("payment-status", {
      token: p.token,
      query: { payment_transaction_id: String(r.body.data.payment_transaction_id) },
    });
    expect(status.body.data.status).toBe("success");
    // The webhook arriving afterwards changes nothing.
    const w = stripe.webhook(WEBHOOK_SECRET, "payment_intent.succeeded", stripe.last()!.id);
    await deliver(w.body, w.headers);
    expect(await heldCount(p.id, agent.id)).toBe(1);
  });

  it("when Stripe refuses to start, the person hears 'Payment failed' and the attempt is kept as failed", async () => {
    await setSettings({ stripe_secret_key: "sk_test_revoked" });
    const p = await person("Unlucky");
    const r = await t.call("create-payment-intent", {
      token: p.token,
      body: { package_id: (await packageNamed("Agent")).id },
    });
    expect(r.status).toBe(502);
    expect(r.body.message).toBe("Payment failed");
    const [row] = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.user_id, p.id));
    expect(row).toMatchObject({ status: "failed" });
    await stripeOn();
  });

  it("a free package cannot be bought through a gateway", async () => {
    const p = await person("Confused");
    const r = await t.call("create-payment-intent", {
      token: p.token,
      body: { package_id: (await packageNamed("Spotlight trial")).id },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("This package is free: take it without paying");
  });
});

describe("a gateway with its own page (Paystack)", () => {
  // Paystack does not take dirhams (its API refuses currencies a merchant cannot use): a site in dollars.
  beforeAll(() => setSettings({ selected_currency_data: { code: "USD", symbol: "$", name: "US Dollar" } }));
  afterAll(() => setSettings({ selected_currency_data: { code: "AED", symbol: "AED", name: "UAE Dirham" } }));

  it("sends the person to Paystack, settles on their return by asking Paystack, and a webhook after that changes nothing", async () => {
    await setSettings({
      paystack_public_key: "pk_test_paystack_souq",
      paystack_secret_key: "sk_test_paystack_souq",
    });
    const methods = (await t.call("get_payment_settings")).body.data.methods.map(
      (m: { type: string }) => m.type,
    );
    expect(methods).toContain("paystack");
    const p = await person("Paystack Payer");
    const agent = await packageNamed("Agent");
    const r = await t.call("paystack", { token: p.token, body: { package_id: agent.id } });
    expect(r.status).toBe(200);
    expect(r.body.data.redirect_url).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    const id = r.body.data.payment_transaction_id as number;
    const [row] = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
    // The return address Paystack was given is our payment page.
    expect(paystack.transaction(row!.order_id)?.request).toMatchObject({
      amount: 19_900,
      currency: "USD",
      callback_url: `http://test/user/payments/${id}`,
    });

    // Back before paying: still pending; then paid on Paystack's page and back again.
    expect(
      (await t.call("payment-status", { token: p.token, query: { payment_transaction_id: String(id) } })).body
        .data.status,
    ).toBe("pending");
    paystack.pay(row!.order_id);
    expect(
      (await t.call("payment-status", { token: p.token, query: { payment_transaction_id: String(id) } })).body
        .data.status,
    ).toBe("success");
    const hook = paystack.webhook("sk_test_paystack_souq", paystack.event(row!.order_id));
    const res = await t.api.fetch(
      new Request("http://test/api/webhooks/paystack", {
        method: "POST",
        headers: hook.headers,
        body: hook.body,
      }),
    );
    expect(res.status).toBe(200);
    expect(await heldCount(p.id, agent.id)).toBe(1);
    const forged = paystack.webhook("sk_wrong", paystack.event(row!.order_id));
    expect(
      (
        await t.api.fetch(
          new Request("http://test/api/webhooks/paystack", {
            method: "POST",
            headers: forged.headers,
            body: forged.body,
          }),
        )
      ).status,
    ).toBe(400);
  });

  it("coming back through the cancel link marks the attempt cancelled", async () => {
    const p = await person("Paystack Quitter");
    const r = await t.call("paystack", {
      token: p.token,
      body: { package_id: (await packageNamed("Agent")).id },
    });
    const back = await t.call("payment-status", {
      token: p.token,
      query: { payment_transaction_id: String(r.body.data.payment_transaction_id), canceled: "1" },
    });
    expect(back.body.data).toMatchObject({
      status: "failed",
      reason: "Payment canceled. Please try again later.",
    });
  });
});

describe("Flutterwave and PayPal through the same calls", () => {
  it("Flutterwave: a payment link, then the return page settles once Flutterwave confirms the amount", async () => {
    await setSettings({
      flutterwave_public_key: "FLWPUBK_TEST-souq",
      flutterwave_secret_key: "FLWSECK_TEST-souq",
      flutterwave_webhook_hash: "souq-hash",
    });
    const p = await person("Flutterwave Payer");
    const agent = await packageNamed("Agent");
    const r = await t.call("flutterwave", { token: p.token, body: { package_id: agent.id } });
    expect(r.status).toBe(200);
    expect(r.body.data.redirect_url).toMatch(/^https:\/\/checkout\.flutterwave\.com\//);
    const id = r.body.data.payment_transaction_id as number;
    const [row] = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
    // Paid less than the price on Flutterwave's page: nothing is given.
    flutterwave.pay(row!.order_id, { amount_minor: 100 });
    const short = await t.call("payment-status", {
      token: p.token,
      query: { payment_transaction_id: String(id) },
    });
    expect(short.body.data.status).toBe("failed");
    expect(await heldCount(p.id, agent.id)).toBe(0);
    // A new attempt, paid in full.
    const again = await t.call("flutterwave", { token: p.token, body: { package_id: agent.id } });
    const [row2] = await t.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, again.body.data.payment_transaction_id));
    flutterwave.pay(row2!.order_id);
    const hook = flutterwave.webhook("souq-hash", flutterwave.event(row2!.order_id));
    const res = await t.api.fetch(
      new Request("http://test/api/webhooks/flutterwave", {
        method: "POST",
        headers: hook.headers,
        body: hook.body,
      }),
    );
    expect(res.status).toBe(200);
    expect(await heldCount(p.id, agent.id)).toBe(1);
  });

  it("PayPal (spec: paypal, amount, package_id): the amount must be the price; approval then return captures once", async () => {
    await setSettings({
      paypal_client_id: "paypal-client-souq",
      paypal_secret: "paypal-secret-souq",
      paypal_webhook_id: "WH-SOUQ",
      paypal_mode: "sandbox",
    });
    const p = await person("PayPal Payer");
    const agent = await packageNamed("Agent");
    const wrong = await t.call("paypal", {
      token: p.token,
      query: { package_id: String(agent.id), amount: "1.00" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.amount).toEqual(["amount does not match the package's price"]);
    const r = await t.call("paypal", {
      token: p.token,
      query: { package_id: String(agent.id), amount: "199.00" },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.redirect_url).toMatch(/paypal\.com\/checkoutnow\?token=/);
    const id = r.body.data.payment_transaction_id as number;
    const [row] = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
    paypal.pay(row!.order_id);
    const status = async () =>
      (await t.call("payment-status", { token: p.token, query: { payment_transaction_id: String(id) } })).body
        .data.status;
    expect(await status()).toBe("success");
    expect(await status()).toBe("success");
    expect(await heldCount(p.id, agent.id)).toBe(1);
  });
});

describe("bank transfer", () => {
  async function send(token: string, form: FormData) {
    const res = await t.api.fetch(
      new Request("http://test/api/bank-transfer", {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }),
    );
    return { status: res.status, body: (await res.json()) as any };
  }

  it("keeps the receipt privately and waits in review; no package until an admin accepts", async () => {
    await setSettings({ bank_transfer_status: true, bank_transfer_details: "IBAN AE00 TEST" });
    const p = await person("Transferrer");
    const agency = await packageNamed("Agency");
    const empty = new FormData();
    empty.set("package_id", String(agency.id));
    const missing = await send(p.token, empty);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.receipt).toEqual(["Please attach the receipt of your transfer"]);

    const wrong = new FormData();
    wrong.set("package_id", String(agency.id));
    wrong.set("receipt", new File(["not a receipt"], "receipt.txt", { type: "text/plain" }));
    expect((await send(p.token, wrong)).body.errors.receipt).toEqual([
      "The receipt must be a PDF, JPEG or PNG file",
    ]);

    const ok = new FormData();
    ok.set("package_id", String(agency.id));
    ok.set(
      "receipt",
      new File([Buffer.from("%PDF-1.4\n% receipt\n")], "receipt.pdf", { type: "application/pdf" }),
    );
    const r = await send(p.token, ok);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: "review",
      payment_gateway: "bank_transfer",
      amount: "999.00",
    });
    const [row] = await t.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, r.body.data.id));
    expect(row!.receipt_key).toMatch(/^private\/receipts\/.+\.pdf$/);
    expect(await t.storage.exists(row!.receipt_key!)).toBe(true);
    expect(await heldCount(p.id, agency.id)).toBe(0);
    // The person cannot call it failed and then paid: review is for an admin.
    expect(
      (
        await t.call("payment-transaction-fail", {
          token: p.token,
          body: { payment_transaction_id: r.body.data.id },
        })
      ).body.data.status,
    ).toBe("review");
  });

  it("is refused while bank transfer is off", async () => {
    await setSettings({ bank_transfer_status: false });
    const p = await person("Too Early");
    const form = new FormData();
    form.set("package_id", String((await packageNamed("Agency")).id));
    form.set("receipt", new File([Buffer.from("%PDF-1.4\n")], "r.pdf"));
    const r = await send(p.token, form);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("No payment method is enabled. Please contact the admin.");
    await setSettings({ bank_transfer_status: true });
  });
});

describe("nobody sees or changes another person's transactions", () => {
  it("lists, status and fail are the owner's only", async () => {
    await stripeOn();
    const owner = await person("Tx Owner");
    const other = await person("Tx Snoop");
    const r = await t.call("create-payment-intent", {
      token: owner.token,
      body: { package_id: (await packageNamed("Agent")).id },
    });
    const id = r.body.data.payment_transaction_id as number;
    expect((await t.call("get_payment_details", { token: other.token })).body.data).toEqual([]);
    const peek = await t.call("payment-status", {
      token: other.token,
      query: { payment_transaction_id: String(id) },
    });
    expect(peek.status).toBe(404);
    const fail = await t.call("payment-transaction-fail", {
      token: other.token,
      body: { payment_transaction_id: id },
    });
    expect(fail.status).toBe(404);
    const [row] = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
    expect(row!.status).toBe("pending");
    expect(
      (
        await t.db.execute(
          sql`select count(*)::int as n from payment_transaction_events where transaction_id = ${id}`,
        )
      ).rows[0],
    ).toEqual({ n: 1 });
  });
});
