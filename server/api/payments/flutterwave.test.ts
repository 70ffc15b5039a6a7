import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { flutterwaveMock } from "../../../tests/mocks/gateways/flutterwave";
import { listenTo, paymentRequests } from "../../../tests/mocks/gateways/harness";
import { WebhookSignatureError, type PaymentRequest } from "./gateway";
import { flutterwaveGateway } from "./flutterwave";

const mock = flutterwaveMock();
const server = listenTo(mock.handlers);
const settings = {
  flutterwave_public_key: "FLWPUBK_TEST-stand-in-X",
  flutterwave_secret_key: mock.secretKey,
  flutterwave_webhook_hash: mock.webhookHash,
};

const request = paymentRequests("flutterwave");
const tx = (req: PaymentRequest) => ({ order_id: req.order_id, gateway_reference: null });

describe("flutterwave gateway", () => {
  it("is offered only with both keys and the webhook hash, and shows only the public key", () => {
    expect(flutterwaveGateway.enabled(settings)).toBe(true);
    expect(flutterwaveGateway.enabled({ ...settings, flutterwave_webhook_hash: "" })).toBe(false);
    expect(flutterwaveGateway.publicConfig(settings)).toEqual({ public_key: "FLWPUBK_TEST-stand-in-X" });
  });

  it("makes a payment link for the amount in major units, with our order id as tx_ref", async () => {
    const req = request({ amount_minor: 1999, currency: "USD" });
    const started = await flutterwaveGateway.start(settings, req);
    expect(started).toEqual({ gateway_reference: null, redirect_url: mock.payment(req.order_id).link });
    expect(started.redirect_url).toMatch(/^https:\/\/checkout\.flutterwave\.com\//);
    expect(mock.payment(req.order_id).request).toMatchObject({
      tx_ref: req.order_id,
      amount: "19.99",
      currency: "USD",
      redirect_url: req.return_url,
      customer: { email: "buyer@example.test", name: "Test Buyer" },
      customizations: { title: "Gold" },
    });
  });

  it("sends whole units for a currency without decimals and gets them back exactly", async () => {
    const req = request({ amount_minor: 150_000, currency: "UGX" });
    await flutterwaveGateway.start(settings, req);
    expect(mock.payment(req.order_id).request.amount).toBe("150000");
    mock.pay(req.order_id);
    expect(await flutterwaveGateway.verify(settings, tx(req))).toMatchObject({
      status: "success",
      amount_minor: 150_000,
      currency: "UGX",
    });
  });

  it("needs an email address", async () => {
    await expect(flutterwaveGateway.start(settings, request({ email: null }))).rejects.toThrow(
      "An email address is needed to pay with Flutterwave",
    );
  });

  it("fails to start with a wrong secret key, saying what Flutterwave said", async () => {
    await expect(
      flutterwaveGateway.start({ ...settings, flutterwave_secret_key: "FLWSECK_TEST-wrong-X" }, request()),
    ).rejects.toThrow(/HTTP 401.*Invalid authorization key/);
  });

  it("verifies a paid payment with exactly what was paid", async () => {
    const req = request({ amount_minor: 1999, currency: "USD" });
    await flutterwaveGateway.start(settings, req);
    mock.pay(req.order_id);
    const id = mock.payment(req.order_id).transaction!.id;
    expect(await flutterwaveGateway.verify(settings, tx(req))).toEqual({
      order_id: req.order_id,
      gateway_reference: String(id),
      status: "success",
      amount_minor: 1999,
      currency: "USD",
    });
  });

  it("reports what was actually charged, so a short payment is seen", async () => {
    const req = request({ amount_minor: 10_050, currency: "NGN" });
    await flutterwaveGateway.start(settings, req);
    mock.pay(req.order_id, { amount_minor: 1 });
    expect(await flutterwaveGateway.verify(settings, tx(req))).toMatchObject({
      status: "success",
      amount_minor: 1,
      currency: "NGN",
    });
  });

  it("verifies a declined payment as failed, and one nobody tried to pay as pending", async () => {
    const declined = request();
    await flutterwaveGateway.start(settings, declined);
    mock.pay(declined.order_id, { status: "failed" });
    expect(await flutterwaveGateway.verify(settings, tx(declined))).toMatchObject({
      order_id: declined.order_id,
      status: "failed",
      reason: "Declined",
    });

    const unpaid = request();
    await flutterwaveGateway.start(settings, unpaid);
    expect(await flutterwaveGateway.verify(settings, tx(unpaid))).toEqual({
      order_id: unpaid.order_id,
      status: "pending",
    });
  });

  it("throws on a server error, an answer of the wrong shape, or an answer about another payment", async () => {
    const req = request();
    await flutterwaveGateway.start(settings, req);
    mock.pay(req.order_id);
    const url = "https://api.flutterwave.com/v3/transactions/verify_by_reference";
    server.use(
      http.get(url, () =>
        HttpResponse.json({ status: "error", message: "Service unavailable", data: null }, { status: 502 }),
      ),
    );
    await expect(flutterwaveGateway.verify(settings, tx(req))).rejects.toThrow(
      /HTTP 502.*Service unavailable/,
    );
    server.use(
      http.get(url, () =>
        HttpResponse.json({ status: "success", data: { id: 1, tx_ref: req.order_id, status: "successful" } }),
      ),
    );
    await expect(flutterwaveGateway.verify(settings, tx(req))).rejects.toThrow(/unexpected answer/);
    server.use(
      http.get(url, () =>
        HttpResponse.json({
          status: "success",
          data: { id: 1, tx_ref: "someone_else", status: "successful", amount: 19.99, currency: "USD" },
        }),
      ),
    );
    await expect(flutterwaveGateway.verify(settings, tx(req))).rejects.toThrow(/someone_else/);
  });

  it("reads a charge.completed webhook by asking Flutterwave, not by believing it", async () => {
    const req = request({ amount_minor: 1999 });
    await flutterwaveGateway.start(settings, req);
    mock.pay(req.order_id);
    const event = mock.event(req.order_id);
    const { body, headers } = mock.webhook(mock.webhookHash, event);
    expect(await flutterwaveGateway.webhook(settings, body, new Headers(headers))).toEqual({
      event_id: `charge.completed:${event.data.id}`,
      type: "charge.completed",
      outcome: {
        order_id: req.order_id,
        gateway_reference: String(event.data.id),
        status: "success",
        amount_minor: 1999,
        currency: "USD",
      },
    });

    // A notification claiming success for a payment Flutterwave has no record of paying.
    const unpaid = request();
    await flutterwaveGateway.start(settings, unpaid);
    const claim = mock.webhook(mock.webhookHash, mock.event(unpaid.order_id, { status: "successful" }));
    expect(
      (await flutterwaveGateway.webhook(settings, claim.body, new Headers(claim.headers))).outcome,
    ).toEqual({ order_id: unpaid.order_id, status: "pending" });
  });

  it("acknowledges other events without acting on them", async () => {
    const { body, headers } = mock.webhook(mock.webhookHash, {
      event: "transfer.completed",
      data: { id: 9, reference: "payout" },
    });
    expect(await flutterwaveGateway.webhook(settings, body, new Headers(headers))).toEqual({
      event_id: "transfer.completed:9",
      type: "transfer.completed",
      outcome: null,
    });
  });

  it("refuses a webhook with a wrong or missing verif-hash", async () => {
    const req = request();
    await flutterwaveGateway.start(settings, req);
    const wrong = mock.webhook("not-the-hash", mock.event(req.order_id));
    await expect(
      flutterwaveGateway.webhook(settings, wrong.body, new Headers(wrong.headers)),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(flutterwaveGateway.webhook(settings, wrong.body, new Headers())).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });
});
