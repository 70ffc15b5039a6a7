import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { paypalMock } from "../../../tests/mocks/gateways/paypal";
import { listenTo, paymentRequests } from "../../../tests/mocks/gateways/harness";
import { WebhookSignatureError, type PaymentRequest } from "./gateway";
import { paypalGateway } from "./paypal";

const mock = paypalMock();
const server = listenTo(mock.handlers);
const settings = {
  paypal_client_id: mock.clientId,
  paypal_secret: mock.secret,
  paypal_webhook_id: mock.webhookId,
  paypal_mode: "sandbox",
};
const API = "https://api-m.sandbox.paypal.com";

const request = paymentRequests("paypal", { email: null });
async function started(fields: Partial<PaymentRequest> = {}) {
  const req = request(fields);
  const start = await paypalGateway.start(settings, req);
  return { req, start, tx: { order_id: req.order_id, gateway_reference: start.gateway_reference } };
}
const send = async (event: Parameters<typeof mock.webhook>[1], webhookId = mock.webhookId) => {
  const { body, headers } = mock.webhook(webhookId, event);
  return paypalGateway.webhook(settings, body, new Headers(headers));
};

describe("paypal gateway", () => {
  it("is offered only with client id, secret and webhook id, and shows only the client id", () => {
    expect(paypalGateway.enabled(settings)).toBe(true);
    expect(paypalGateway.enabled({ paypal_client_id: "id", paypal_secret: "s" })).toBe(false);
    expect(paypalGateway.publicConfig(settings)).toEqual({ client_id: mock.clientId });
  });

  it("makes an order for the amount in major units and sends the person to approve it", async () => {
    const { req, start } = await started({ amount_minor: 1999, currency: "USD" });
    const order = mock.order(req.order_id);
    expect(start).toEqual({
      gateway_reference: order.id,
      redirect_url: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
    });
    expect(order.request).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [
        {
          custom_id: req.order_id,
          reference_id: req.order_id,
          description: "Gold",
          amount: { currency_code: "USD", value: "19.99" },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: req.return_url,
            cancel_url: req.cancel_url,
            user_action: "PAY_NOW",
          },
        },
      },
    });
    expect(order.request_id).toBe(req.order_id);
  });

  it("makes one order however often the start is retried", async () => {
    const req = request();
    const first = await paypalGateway.start(settings, req);
    const again = await paypalGateway.start(settings, req);
    expect(again.gateway_reference).toBe(first.gateway_reference);
  });

  it("sends whole yen and reads them back exactly", async () => {
    const { req, tx } = await started({ amount_minor: 1500, currency: "JPY" });
    expect(mock.order(req.order_id).amount).toEqual({ currency_code: "JPY", value: "1500" });
    mock.pay(req.order_id);
    expect(await paypalGateway.verify(settings, tx)).toMatchObject({
      status: "success",
      amount_minor: 1500,
      currency: "JPY",
    });
  });

  it("fails to start with a wrong secret, saying what PayPal said", async () => {
    await expect(paypalGateway.start({ ...settings, paypal_secret: "wrong" }, request())).rejects.toThrow(
      /HTTP 401.*invalid_client/,
    );
  });

  it("asks for a token once and reuses it", async () => {
    const before = mock.state.tokenRequests;
    await started();
    await started();
    expect(mock.state.tokenRequests - before).toBeLessThanOrEqual(1);
  });

  it("gets a new token when PayPal no longer takes the old one", async () => {
    await started();
    mock.state.tokens.clear();
    const { start } = await started();
    expect(start.gateway_reference).toBeTruthy();
  });

  it("captures an approved order on verify and reports the capture's amount", async () => {
    const { req, start, tx } = await started({ amount_minor: 1999 });
    mock.pay(req.order_id);
    expect(await paypalGateway.verify(settings, tx)).toEqual({
      order_id: req.order_id,
      gateway_reference: start.gateway_reference,
      status: "success",
      amount_minor: 1999,
      currency: "USD",
    });
    expect(mock.order(req.order_id).capture_request_id).toBe(`capture-${req.order_id}`);
    // Asked again (a reload of the return page): the same answer, no second capture.
    expect(await paypalGateway.verify(settings, tx)).toMatchObject({ status: "success", amount_minor: 1999 });
  });

  it("reads an order captured elsewhere meanwhile (ORDER_ALREADY_CAPTURED) instead of failing", async () => {
    const { req, tx } = await started({ amount_minor: 4200 });
    mock.pay(req.order_id);
    mock.capture(req.order_id);
    // PayPal still said APPROVED to our read, then refuses the capture as done already.
    const order = mock.order(req.order_id);
    server.use(
      http.get(
        `${API}/v2/checkout/orders/:id`,
        () =>
          HttpResponse.json({
            id: order.id,
            status: "APPROVED",
            purchase_units: [{ custom_id: req.order_id }],
          }),
        { once: true },
      ),
    );
    let captures = 0;
    server.use(http.post(`${API}/v2/checkout/orders/:id/capture`, () => void captures++));
    expect(await paypalGateway.verify(settings, tx)).toMatchObject({
      order_id: req.order_id,
      status: "success",
      amount_minor: 4200,
      currency: "USD",
    });
    expect(captures).toBe(1);
  });

  it("reports what was actually captured, so a short payment is seen", async () => {
    const { req, tx } = await started({ amount_minor: 1999 });
    mock.pay(req.order_id, { amount_minor: 1 });
    expect(await paypalGateway.verify(settings, tx)).toMatchObject({
      status: "success",
      amount_minor: 1,
      currency: "USD",
    });
  });

  it("verifies a declined capture as failed, a voided order as failed and an unapproved one as pending", async () => {
    const declined = await started();
    mock.pay(declined.req.order_id, { status: "failed" });
    expect(await paypalGateway.verify(settings, declined.tx)).toMatchObject({
      order_id: declined.req.order_id,
      status: "failed",
    });

    const voided = await started();
    mock.order(voided.req.order_id).status = "VOIDED";
    expect(await paypalGateway.verify(settings, voided.tx)).toMatchObject({
      order_id: voided.req.order_id,
      status: "failed",
    });

    const unpaid = await started();
    expect(await paypalGateway.verify(settings, unpaid.tx)).toMatchObject({
      order_id: unpaid.req.order_id,
      status: "pending",
    });
    expect(
      await paypalGateway.verify(settings, { order_id: "souq_no_order", gateway_reference: null }),
    ).toEqual({ order_id: "souq_no_order", status: "pending" });
  });

  it("throws on a server error and on an answer of the wrong shape", async () => {
    const { tx } = await started();
    server.use(
      http.get(`${API}/v2/checkout/orders/:id`, () =>
        HttpResponse.json(
          { name: "INTERNAL_SERVER_ERROR", message: "An internal server error occurred." },
          { status: 500 },
        ),
      ),
    );
    await expect(paypalGateway.verify(settings, tx)).rejects.toThrow(/HTTP 500.*INTERNAL_SERVER_ERROR/);
    server.use(http.get(`${API}/v2/checkout/orders/:id`, () => HttpResponse.json({ status: "COMPLETED" })));
    await expect(paypalGateway.verify(settings, tx)).rejects.toThrow(/unexpected answer/);
  });

  it("reads a verified PAYMENT.CAPTURE.COMPLETED webhook", async () => {
    const { req, start } = await started({ amount_minor: 2550, currency: "EUR" });
    mock.pay(req.order_id);
    mock.capture(req.order_id);
    const event = mock.captureEvent(req.order_id);
    expect(await send(event)).toEqual({
      event_id: event.id,
      type: "PAYMENT.CAPTURE.COMPLETED",
      outcome: {
        order_id: req.order_id,
        gateway_reference: start.gateway_reference,
        status: "success",
        amount_minor: 2550,
        currency: "EUR",
      },
    });
  });

  it("reads PAYMENT.CAPTURE.DENIED as a failure", async () => {
    const { req } = await started();
    mock.pay(req.order_id, { status: "failed" });
    mock.capture(req.order_id);
    expect((await send(mock.captureEvent(req.order_id, "PAYMENT.CAPTURE.DENIED"))).outcome).toMatchObject({
      order_id: req.order_id,
      status: "failed",
    });
  });

  it("captures on CHECKOUT.ORDER.APPROVED, for a person who never comes back", async () => {
    const { req, tx } = await started({ amount_minor: 1999 });
    mock.pay(req.order_id);
    const read = await send(mock.approvedEvent(req.order_id));
    expect(read.outcome).toMatchObject({
      order_id: req.order_id,
      status: "success",
      amount_minor: 1999,
      currency: "USD",
    });
    // The return afterwards reads the same capture.
    expect(await paypalGateway.verify(settings, tx)).toMatchObject({ status: "success", amount_minor: 1999 });
  });

  it("acknowledges other events without acting on them", async () => {
    const read = await send({ id: "WH-OTHER-1", event_type: "PAYMENT.CAPTURE.REFUNDED", resource: {} });
    expect(read).toEqual({ event_id: "WH-OTHER-1", type: "PAYMENT.CAPTURE.REFUNDED", outcome: null });
  });

  it("refuses a webhook PayPal does not vouch for, or one without its headers", async () => {
    const { req } = await started();
    mock.pay(req.order_id);
    mock.capture(req.order_id);
    const event = mock.captureEvent(req.order_id);
    await expect(send(event, "ANOTHER-WEBHOOK-ID")).rejects.toBeInstanceOf(WebhookSignatureError);

    const genuine = mock.webhook(mock.webhookId, event);
    const tampered = genuine.body.replace(/"value":"[\d.]+"/, '"value":"0.01"');
    await expect(
      paypalGateway.webhook(settings, tampered, new Headers(genuine.headers)),
    ).rejects.toBeInstanceOf(WebhookSignatureError);

    const { "paypal-transmission-sig": _, ...unsigned } = genuine.headers;
    await expect(paypalGateway.webhook(settings, genuine.body, new Headers(unsigned))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(paypalGateway.webhook(settings, genuine.body, new Headers())).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });
});
