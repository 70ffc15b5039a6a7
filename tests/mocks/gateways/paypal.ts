// A stand-in for PayPal's REST API (OAuth token, Orders v2, webhook signature check), answering
// with the shapes PayPal documents: orders and captures, `{ name, message, details: [{ issue }] }`
// errors, `{ error, error_description }` from OAuth. Orders move as on PayPal: made
// (PAYER_ACTION_REQUIRED), approved by the person (pay()), captured once (COMPLETED).
import { randomBytes, randomUUID } from "node:crypto";
import { http, HttpResponse } from "msw";

interface Money {
  currency_code: string;
  value: string;
}

export interface PayPalCapture {
  id: string;
  status: "COMPLETED" | "DECLINED" | "PENDING";
  amount: Money;
  custom_id?: string;
  final_capture: boolean;
  create_time: string;
}

export interface PayPalOrder {
  id: string;
  status: "PAYER_ACTION_REQUIRED" | "CREATED" | "APPROVED" | "COMPLETED" | "VOIDED";
  custom_id?: string;
  reference_id?: string;
  description?: string;
  amount: Money;
  return_url?: string;
  cancel_url?: string;
  /** Set by pay(): how the capture will go, and for how much. */
  approval?: { status: "success" | "failed"; amount?: Money };
  capture?: PayPalCapture;
  /** The body start() sent, as received. */
  request: Record<string, unknown>;
  /** The PayPal-Request-Id it was made with, so a retry gets it back. */
  request_id?: string;
  capture_request_id?: string;
}

export interface PayPalEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
}

const error = (status: number, name: string, message: string, issue?: string, description?: string) =>
  HttpResponse.json(
    {
      name,
      message,
      debug_id: randomBytes(6).toString("hex"),
      details: issue ? [{ issue, description: description ?? message }] : [],
    },
    { status },
  );

/** The stand-in's own conversion (not the app's), so a mistake there cannot hide here. */
const digitsOf = (currency: string) =>
  new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
const valueOf = (amountMinor: number, currency: string) =>
  (amountMinor / 10 ** digitsOf(currency)).toFixed(digitsOf(currency));

export function paypalMock(
  options: { clientId?: string; secret?: string; webhookId?: string; mode?: "sandbox" | "live" } = {},
) {
  const clientId = options.clientId ?? "paypal-stand-in-client";
  const secret = options.secret ?? "paypal-stand-in-secret";
  const webhookId = options.webhookId ?? "8PT597110X687430LKGECATA";
  const live = options.mode === "live";
  const API = live ? "https://api-m.paypal.com" : "https://api-m.sandbox.paypal.com";
  const WEB = live ? "https://www.paypal.com" : "https://www.sandbox.paypal.com";
  const state = {
    orders: new Map<string, PayPalOrder>(),
    tokens: new Set<string>(),
    /** Webhooks this stand-in issued, by transmission id: only these verify. */
    transmissions: new Map<string, { signature: string; webhookId: string; body: string }>(),
    tokenRequests: 0,
  };

  const newId = () => randomBytes(9).toString("hex").toUpperCase().slice(0, 17);
  const authorized = (request: Request) =>
    state.tokens.has((request.headers.get("authorization") ?? "").replace(/^Bearer /, ""));
  const unauthorized = () =>
    HttpResponse.json(
      { error: "invalid_token", error_description: "Token signature verification failed" },
      { status: 401 },
    );
  const links = (o: PayPalOrder) => [
    { href: `${API}/v2/checkout/orders/${o.id}`, rel: "self", method: "GET" },
    ...(o.status === "PAYER_ACTION_REQUIRED" || o.status === "CREATED"
      ? [
          {
            href: `${WEB}/checkoutnow?token=${o.id}`,
            rel: o.status === "CREATED" ? "approve" : "payer-action",
            method: "GET",
          },
        ]
      : []),
  ];
  const representation = (o: PayPalOrder) => ({
    id: o.id,
    intent: "CAPTURE",
    status: o.status,
    purchase_units: [
      {
        reference_id: o.reference_id ?? "default",
        custom_id: o.custom_id,
        description: o.description,
        amount: o.amount,
        ...(o.capture ? { payments: { captures: [o.capture] } } : {}),
      },
    ],
    links: links(o),
  });

  const handlers = [
    http.post(`${API}/v1/oauth2/token`, async ({ request }) => {
      const expected = `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`;
      if (request.headers.get("authorization") !== expected)
        return HttpResponse.json(
          { error: "invalid_client", error_description: "Client Authentication failed" },
          { status: 401 },
        );
      const form = new URLSearchParams(await request.text());
      if (form.get("grant_type") !== "client_credentials")
        return HttpResponse.json(
          { error: "unsupported_grant_type", error_description: "Grant Type is NULL" },
          { status: 400 },
        );
      const token = `A21AA${randomBytes(24).toString("base64url")}`;
      state.tokens.add(token);
      state.tokenRequests++;
      return HttpResponse.json({
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-80W284485P519543T",
        expires_in: 32400,
        nonce: randomUUID(),
      });
    }),

    http.post(`${API}/v2/checkout/orders`, async ({ request }) => {
      if (!authorized(request)) return unauthorized();
      const requestId = request.headers.get("paypal-request-id") ?? undefined;
      const repeat = requestId
        ? [...state.orders.values()].find((o) => o.request_id === requestId)
        : undefined;
      if (repeat) return HttpResponse.json(representation(repeat), { status: 200 });
      const body = (await request.json().catch(() => null)) as Record<string, any> | null;
      if (!body || typeof body !== "object")
        return error(
          400,
          "INVALID_REQUEST",
          "Request is not well-formed, syntactically incorrect, or violates schema.",
          "MALFORMED_REQUEST_JSON",
        );
      if (body.intent !== "CAPTURE" && body.intent !== "AUTHORIZE")
        return error(
          400,
          "INVALID_REQUEST",
          "Request is not well-formed, syntactically incorrect, or violates schema.",
          "INVALID_PARAMETER_VALUE",
          "intent",
        );
      const unit = Array.isArray(body.purchase_units) ? body.purchase_units[0] : undefined;
      const amount = unit?.amount as Partial<Money> | undefined;
      if (!amount || typeof amount.currency_code !== "string" || !/^[A-Z]{3}$/.test(amount.currency_code))
        return error(
          400,
          "INVALID_REQUEST",
          "Request is not well-formed, syntactically incorrect, or violates schema.",
          "MISSING_REQUIRED_PARAMETER",
          "purchase_units[0].amount.currency_code",
        );
      if (typeof amount.value !== "string" || !/^\d{1,10}(\.\d+)?$/.test(amount.value))
        return error(
          400,
          "INVALID_REQUEST",
          "Request is not well-formed, syntactically incorrect, or violates schema.",
          "INVALID_PARAMETER_SYNTAX",
          "purchase_units[0].amount.value",
        );
      // More decimals than the currency has (JPY "15.00") is refused, as PayPal does.
      if ((amount.value.split(".")[1]?.length ?? 0) > digitsOf(amount.currency_code))
        return error(
          422,
          "UNPROCESSABLE_ENTITY",
          "The requested action could not be performed, semantically incorrect, or failed business validation.",
          "DECIMAL_PRECISION",
          "If the currency supports decimals, only two decimal place precision is supported.",
        );
      const context = body.payment_source?.paypal?.experience_context as
        { return_url?: string; cancel_url?: string } | undefined;
      const order: PayPalOrder = {
        id: newId(),
        // With payment_source.paypal PayPal asks for the payer's action at once; without it, "approve".
        status: body.payment_source?.paypal ? "PAYER_ACTION_REQUIRED" : "CREATED",
        custom_id: unit.custom_id,
        reference_id: unit.reference_id,
        description: unit.description,
        amount: { currency_code: amount.currency_code, value: amount.value },
        return_url: context?.return_url,
        cancel_url: context?.cancel_url,
        request: body,
        request_id: requestId,
      };
      state.orders.set(order.id, order);
      return HttpResponse.json(
        { id: order.id, status: order.status, payment_source: { paypal: {} }, links: links(order) },
        { status: 200 },
      );
    }),

    http.get(`${API}/v2/checkout/orders/:id`, ({ request, params }) => {
      if (!authorized(request)) return unauthorized();
      const order = state.orders.get(String(params.id));
      if (!order)
        return error(
          404,
          "RESOURCE_NOT_FOUND",
          "The specified resource does not exist.",
          "INVALID_RESOURCE_ID",
          "Specified resource ID does not exist. Please check the resource ID and try again.",
        );
      return HttpResponse.json(representation(order));
    }),

    http.post(`${API}/v2/checkout/orders/:id/capture`, ({ request, params }) => {
      if (!authorized(request)) return unauthorized();
      const order = state.orders.get(String(params.id));
      if (!order)
        return error(
          404,
          "RESOURCE_NOT_FOUND",
          "The specified resource does not exist.",
          "INVALID_RESOURCE_ID",
        );
      const requestId = request.headers.get("paypal-request-id") ?? undefined;
      // The same PayPal-Request-Id again: the first answer again, not a second capture.
      if (order.capture && requestId && requestId === order.capture_request_id)
        return HttpResponse.json(representation(order), { status: 201 });
      if (order.status === "COMPLETED")
        return error(
          422,
          "UNPROCESSABLE_ENTITY",
          "The requested action could not be performed, semantically incorrect, or failed business validation.",
          "ORDER_ALREADY_CAPTURED",
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        );
      if (order.status !== "APPROVED" || !order.approval)
        return error(
          422,
          "UNPROCESSABLE_ENTITY",
          "The requested action could not be performed, semantically incorrect, or failed business validation.",
          "ORDER_NOT_APPROVED",
          "Payer has not yet approved the Order for payment.",
        );
      order.status = "COMPLETED";
      order.capture_request_id = requestId;
      order.capture = {
        id: newId(),
        status: order.approval.status === "success" ? "COMPLETED" : "DECLINED",
        amount: order.approval.amount ?? order.amount,
        custom_id: order.custom_id,
        final_capture: true,
        create_time: new Date().toISOString(),
      };
      return HttpResponse.json(representation(order), { status: 201 });
    }),

    http.post(`${API}/v1/notifications/verify-webhook-signature`, async ({ request }) => {
      if (!authorized(request)) return unauthorized();
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      const fields = [
        "auth_algo",
        "cert_url",
        "transmission_id",
        "transmission_sig",
        "transmission_time",
        "webhook_id",
      ];
      if (
        !body ||
        fields.some((f) => typeof body[f] !== "string") ||
        typeof body.webhook_event !== "object"
      ) {
        return error(400, "VALIDATION_ERROR", "Invalid request - see details", "MISSING_REQUIRED_PARAMETER");
      }
      const issued = state.transmissions.get(body.transmission_id as string);
      const genuine =
        issued !== undefined &&
        issued.signature === body.transmission_sig &&
        issued.webhookId === body.webhook_id &&
        JSON.stringify(body.webhook_event) === issued.body;
      return HttpResponse.json({ verification_status: genuine ? "SUCCESS" : "FAILURE" });
    }),
  ];

  function order(orderId: string): PayPalOrder {
    const found =
      state.orders.get(orderId) ?? [...state.orders.values()].find((o) => o.custom_id === orderId);
    if (!found) throw new Error(`No PayPal order was made for ${orderId}`);
    return found;
  }

  const event = (
    event_type: string,
    resource_type: string,
    resource: Record<string, unknown>,
  ): PayPalEvent => ({
    id: `WH-${newId()}-${newId()}`,
    event_version: "1.0",
    create_time: new Date().toISOString(),
    resource_type,
    event_type,
    summary: event_type,
    resource,
  });

  return {
    clientId,
    secret,
    webhookId,
    handlers,
    state,
    /** The order made for one of our order ids (or by PayPal's own order id). */
    order,
    /** The person approves on PayPal's page; the capture then succeeds (or is declined) for amount_minor. */
    pay(orderId: string, outcome: { status?: "success" | "failed"; amount_minor?: number } = {}) {
      const o = order(orderId);
      o.status = "APPROVED";
      const amount =
        outcome.amount_minor === undefined
          ? undefined
          : {
              currency_code: o.amount.currency_code,
              value: valueOf(outcome.amount_minor, o.amount.currency_code),
            };
      o.approval = { status: outcome.status ?? "success", amount };
      return o;
    },
    /** The order is captured at PayPal's end as if by the app (for capture webhooks of a paid order). */
    capture(orderId: string) {
      const o = order(orderId);
      if (!o.approval) throw new Error(`PayPal order ${o.id} is not approved: pay() first`);
      if (!o.capture) {
        o.status = "COMPLETED";
        o.capture = {
          id: newId(),
          status: o.approval.status === "success" ? "COMPLETED" : "DECLINED",
          amount: o.approval.amount ?? o.amount,
          custom_id: o.custom_id,
          final_capture: true,
          create_time: new Date().toISOString(),
        };
      }
      return o.capture;
    },
    /** CHECKOUT.ORDER.APPROVED for an order (approved with pay() first). */
    approvedEvent(orderId: string): PayPalEvent {
      const o = order(orderId);
      return event("CHECKOUT.ORDER.APPROVED", "checkout-order", representation(o));
    },
    /** PAYMENT.CAPTURE.COMPLETED (or DENIED) for an order's capture, as PayPal sends it. */
    captureEvent(
      orderId: string,
      type: "PAYMENT.CAPTURE.COMPLETED" | "PAYMENT.CAPTURE.DENIED" = "PAYMENT.CAPTURE.COMPLETED",
    ): PayPalEvent {
      const o = order(orderId);
      const c = o.capture;
      if (!c) throw new Error(`PayPal order ${o.id} has no capture yet`);
      return event(type, "capture", { ...c, supplementary_data: { related_ids: { order_id: o.id } } });
    },
    /**
     * A notification with PayPal's transmission headers. It verifies (verify-webhook-signature says
     * SUCCESS) only unchanged and for the webhook id it was made for, like a real signature.
     */
    webhook(forWebhookId: string, event: PayPalEvent | Record<string, unknown>) {
      const body = JSON.stringify(event);
      const transmissionId = randomUUID();
      const signature = randomBytes(64).toString("base64");
      state.transmissions.set(transmissionId, { signature, webhookId: forWebhookId, body });
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": `${API}/v1/notifications/certs/CERT-360caa42-fca2a594-${randomBytes(4).toString("hex")}`,
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-sig": signature,
        "paypal-transmission-time": new Date().toISOString(),
      };
      return { body, headers };
    },
  };
}

export type PayPalMock = ReturnType<typeof paypalMock>;
