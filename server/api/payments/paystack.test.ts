import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { paystackMock } from "../../../tests/mocks/gateways/paystack";
import { listenTo, paymentRequests } from "../../../tests/mocks/gateways/harness";
import { WebhookSignatureError, type PaymentRequest } from "./gateway";
import { paystackGateway } from "./paystack";

const mock = paystackMock();
const server = listenTo(mock.handlers);
const settings = { paystack_public_key: "pk_test_stand_in", paystack_secret_key: mock.secretKey };

const request = paymentRequests("paystack", { currency: "NGN" });
const tx = (req: PaymentRequest) => ({ order_id: req.order_id, gateway_reference: req.order_id });

describe("paystack gateway", () => {
  it("is offered only with both keys and shows only the public one", () => {
    expect(paystackGateway.enabled(settings)).toBe(true);
    expect(paystackGateway.enabled({ paystack_public_key: "pk" })).toBe(false);
    expect(paystackGateway.publicConfig(settings)).toEqual({ public_key: "pk_test_stand_in" });
  });

  it("initializes with the amount in subunits and our order id as reference, and sends the person to Paystack", async () => {
    const req = request({ amount_minor: 1999, currency: "USD" });
    const started = await paystackGateway.start(settings, req);
    expect(started.gateway_reference).toBe(req.order_id);
    expect(started.redirect_url).toMatch(/^https:\/\/checkout\.paystack\.com\/\w+$/);
    const sent = mock.transaction(req.order_id).request;
    expect(sent).toMatchObject({
      email: "buyer@example.test",
      amount: 1999,
      currency: "USD",
      reference: req.order_id,
      callback_url: req.return_url,
    });
    expect(sent.metadata).toEqual({ order_id: req.order_id, cancel_action: req.cancel_url });
  });

  it("needs an email address", async () => {
    await expect(paystackGateway.start(settings, request({ email: null }))).rejects.toThrow(
      "An email address is needed to pay with Paystack",
    );
  });

  it("fails to start with a wrong secret key, saying what Paystack said", async () => {
    await expect(
      paystackGateway.start({ ...settings, paystack_secret_key: "sk_test_wrong" }, request()),
    ).rejects.toThrow(/HTTP 401.*Invalid key/);
  });

  it("passes on Paystack's refusal of a currency the merchant does not take", async () => {
    await expect(
      paystackGateway.start(settings, request({ currency: "JPY", amount_minor: 1500 })),
    ).rejects.toThrow(/Currency not supported/);
  });

  it("verifies a paid transaction with exactly what was paid", async () => {
    const req = request({ amount_minor: 1999, currency: "USD" });
    await paystackGateway.start(settings, req);
    mock.pay(req.order_id);
    expect(await paystackGateway.verify(settings, tx(req))).toEqual({
      order_id: req.order_id,
      gateway_reference: req.order_id,
      status: "success",
      amount_minor: 1999,
      currency: "USD",
    });
  });

  it("reports what was actually charged, so a short payment is seen", async () => {
    const req = request({ amount_minor: 500_000 });
    await paystackGateway.start(settings, req);
    mock.pay(req.order_id, { amount_minor: 100 });
    expect(await paystackGateway.verify(settings, tx(req))).toMatchObject({
      status: "success",
      amount_minor: 100,
      currency: "NGN",
    });
  });

  it("verifies a declined transaction as failed and an unpaid one as pending", async () => {
    const declined = request();
    await paystackGateway.start(settings, declined);
    mock.pay(declined.order_id, { status: "failed" });
    expect(await paystackGateway.verify(settings, tx(declined))).toMatchObject({
      order_id: declined.order_id,
      status: "failed",
      reason: "Declined",
    });

    const unpaid = request();
    await paystackGateway.start(settings, unpaid);
    expect(mock.transaction(unpaid.order_id).status).toBe("abandoned");
    expect(await paystackGateway.verify(settings, tx(unpaid))).toMatchObject({
      order_id: unpaid.order_id,
      status: "pending",
    });
  });

  it("treats a reference Paystack never saw as not paid", async () => {
    expect(
      await paystackGateway.verify(settings, { order_id: "souq_never_started", gateway_reference: null }),
    ).toEqual({ order_id: "souq_never_started", status: "pending" });
  });

  it("throws on a server error and on an answer of the wrong shape", async () => {
    const req = request();
    await paystackGateway.start(settings, req);
    server.use(
      http.get("https://api.paystack.co/transaction/verify/:reference", () =>
        HttpResponse.json({ status: false, message: "Server busy" }, { status: 503 }),
      ),
    );
    await expect(paystackGateway.verify(settings, tx(req))).rejects.toThrow(/HTTP 503.*Server busy/);
    server.use(
      http.get("https://api.paystack.co/transaction/verify/:reference", () =>
        HttpResponse.json({ status: true, data: { status: "success", amount: "a lot" } }),
      ),
    );
    await expect(paystackGateway.verify(settings, tx(req))).rejects.toThrow(/unexpected answer/);
    server.use(http.get("https://api.paystack.co/transaction/verify/:reference", () => HttpResponse.error()));
    await expect(paystackGateway.verify(settings, tx(req))).rejects.toThrow(/could not be reached/);
  });

  it("reads a signed charge.success webhook", async () => {
    const req = request({ amount_minor: 250_00 });
    await paystackGateway.start(settings, req);
    mock.pay(req.order_id);
    const event = mock.event(req.order_id);
    const { body, headers } = mock.webhook(mock.secretKey, event);
    const read = await paystackGateway.webhook(settings, body, new Headers(headers));
    expect(read).toEqual({
      event_id: `charge.success:${mock.transaction(req.order_id).id}`,
      type: "charge.success",
      outcome: {
        order_id: req.order_id,
        gateway_reference: req.order_id,
        status: "success",
        amount_minor: 250_00,
        currency: "NGN",
      },
    });
  });

  it("acknowledges other events without acting on them", async () => {
    const { body, headers } = mock.webhook(mock.secretKey, {
      event: "transfer.success",
      data: { id: 77, reference: "payout" },
    });
    expect(await paystackGateway.webhook(settings, body, new Headers(headers))).toEqual({
      event_id: "transfer.success:77",
      type: "transfer.success",
      outcome: null,
    });
  });

  it("refuses a webhook with a bad or missing signature", async () => {
    const req = request();
    await paystackGateway.start(settings, req);
    mock.pay(req.order_id);
    const signedElsewhere = mock.webhook("sk_test_someone_else", mock.event(req.order_id));
    await expect(
      paystackGateway.webhook(settings, signedElsewhere.body, new Headers(signedElsewhere.headers)),
    ).rejects.toBeInstanceOf(WebhookSignatureError);

    const genuine = mock.webhook(mock.secretKey, mock.event(req.order_id));
    const tampered = genuine.body.replace(/"amount":\d+/, '"amount":1');
    await expect(
      paystackGateway.webhook(settings, tampered, new Headers(genuine.headers)),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      paystackGateway.webhook(settings, genuine.body, new Headers({ "content-type": "application/json" })),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      paystackGateway.webhook(settings, genuine.body, new Headers({ "x-paystack-signature": "not-hex" })),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});
