// A stand-in for Stripe's REST API (https://docs.stripe.com/api/payment_intents), enough for our
// calls: create and retrieve a PaymentIntent and a Checkout Session
// (https://docs.stripe.com/api/checkout/sessions), with Stripe's form encoding, bearer-key check,
// Idempotency-Key replay and error envelope. `succeed` / `fail` play the person paying in the
// Payment Element, `pay` the person paying on the hosted Checkout page (see checkout-page.ts for
// that page itself); `webhook` signs an event the way Stripe does.
import { randomBytes } from "node:crypto";
import { http, HttpResponse } from "msw";
import Stripe from "stripe";

const API = "https://api.stripe.com/v1";

export interface MockIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "processing" | "succeeded" | "canceled";
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  last_payment_error: { code: string; message: string } | null;
  created: number;
  livemode: false;
}

/** A Checkout Session as Stripe's API answers it (the fields our server and its tests read). */
export interface MockCheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "payment";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  locale: string | null;
  /** Null until paid: the PaymentIntent Checkout made. */
  payment_intent: string | null;
  payment_status: "unpaid" | "paid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string | null;
  /** The hosted page while the session is open; null once it is complete or expired. */
  url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
}

const error = (status: number, type: string, message: string, param?: string) =>
  HttpResponse.json({ error: { type, message, ...(param ? { param } : {}) } }, { status });

export function stripeMock(
  options: {
    secretKey?: string;
    /** Where session urls point: Stripe's own address by default; the browser tests' stand-in page otherwise. */
    checkoutPage?: string;
  } = {},
) {
  const secretKey = options.secretKey ?? "sk_test_souq";
  const checkoutPage = options.checkoutPage ?? "https://checkout.stripe.com/c/pay";
  const intents = new Map<string, MockIntent>();
  const sessions = new Map<string, MockCheckoutSession>();
  /** What each session sells (Stripe answers line_items only when asked to expand them). */
  const lineItems = new Map<string, { name: string; unit_amount: number; quantity: number }>();
  const byIdempotencyKey = new Map<string, string>();
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
  const authorized = (request: Request) => request.headers.get("authorization") === `Bearer ${secretKey}`;

  const handlers = [
    http.post(`${API}/payment_intents`, async ({ request }) => {
      if (!authorized(request)) return error(401, "invalid_request_error", "Invalid API Key provided");
      const key = request.headers.get("idempotency-key");
      if (key && byIdempotencyKey.has(key)) return HttpResponse.json(intents.get(byIdempotencyKey.get(key)!));
      const form = new URLSearchParams(await request.text());
      const amount = Number(form.get("amount"));
      const currency = form.get("currency");
      if (!Number.isInteger(amount) || amount < 1)
        return error(400, "invalid_request_error", "Invalid positive integer", "amount");
      if (!currency || !/^[a-z]{3}$/.test(currency))
        return error(400, "invalid_request_error", "Invalid currency", "currency");
      const metadata: Record<string, string> = {};
      form.forEach((v, k) => {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      });
      const pi = id("pi");
      const intent: MockIntent = {
        id: pi,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency,
        status: "requires_payment_method",
        client_secret: `${pi}_secret_${randomBytes(8).toString("hex")}`,
        description: form.get("description"),
        receipt_email: form.get("receipt_email"),
        metadata,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(pi, intent);
      if (key) byIdempotencyKey.set(key, pi);
      return HttpResponse.json(intent);
    }),
    http.get(`${API}/payment_intents/:id`, ({ request, params }) => {
      if (!authorized(request)) return error(401, "invalid_request_error", "Invalid API Key provided");
      const intent = intents.get(String(params.id));
      return intent
        ? HttpResponse.json(intent)
        : error(404, "invalid_request_error", `No such payment_intent: '${params.id}'`, "id");
    }),
    http.post(`${API}/checkout/sessions`, async ({ request }) => {
      if (!authorized(request)) return error(401, "invalid_request_error", "Invalid API Key provided");
      const key = request.headers.get("idempotency-key");
      if (key && byIdempotencyKey.has(key))
        return HttpResponse.json(sessions.get(byIdempotencyKey.get(key)!));
      const form = new URLSearchParams(await request.text());
      const mode = form.get("mode");
      if (mode !== "payment")
        return error(400, "invalid_request_error", "Missing required param: mode.", "mode");
      const successUrl = form.get("success_url");
      if (!successUrl || !/^https?:\/\//.test(successUrl))
        return error(400, "invalid_request_error", "Not a valid URL", "success_url");
      const item = "line_items[0]";
      const currency = form.get(`${item}[price_data][currency]`);
      const unitAmount = Number(form.get(`${item}[price_data][unit_amount]`));
      const quantity = Number(form.get(`${item}[quantity]`) ?? 1);
      const name = form.get(`${item}[price_data][product_data][name]`);
      if (!currency || !/^[a-z]{3}$/.test(currency))
        return error(400, "invalid_request_error", "Invalid currency", `${item}[price_data][currency]`);
      if (!Number.isInteger(unitAmount) || unitAmount < 1)
        return error(
          400,
          "invalid_request_error",
          "Invalid positive integer",
          `${item}[price_data][unit_amount]`,
        );
      if (!name)
        return error(
          400,
          "invalid_request_error",
          "Missing required param: line_items[0][price_data][product_data][name].",
        );
      const metadata: Record<string, string> = {};
      form.forEach((v, k) => {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      });
      const cs = `cs_test_${randomBytes(24).toString("hex")}`;
      const now = Math.floor(Date.now() / 1000);
      const session: MockCheckoutSession = {
        id: cs,
        object: "checkout.session",
        mode: "payment",
        amount_subtotal: unitAmount * quantity,
        amount_total: unitAmount * quantity,
        currency,
        client_reference_id: form.get("client_reference_id"),
        customer_email: form.get("customer_email"),
        metadata,
        locale: form.get("locale"),
        payment_intent: null,
        payment_status: "unpaid",
        status: "open",
        success_url: successUrl,
        cancel_url: form.get("cancel_url"),
        url: `${checkoutPage}/${cs}`,
        expires_at: now + 24 * 3600,
        created: now,
        livemode: false,
      };
      sessions.set(cs, session);
      lineItems.set(cs, { name, unit_amount: unitAmount, quantity });
      if (key) byIdempotencyKey.set(key, cs);
      return HttpResponse.json(session);
    }),
    http.get(`${API}/checkout/sessions/:id`, ({ request, params }) => {
      if (!authorized(request)) return error(401, "invalid_request_error", "Invalid API Key provided");
      const session = sessions.get(String(params.id));
      return session
        ? HttpResponse.json(session)
        : error(404, "invalid_request_error", `No such checkout.session: '${params.id}'`, "id");
    }),
  ];

  function session(sessionId: string): MockCheckoutSession {
    const found = sessions.get(sessionId);
    if (!found) throw new Error(`No Checkout Session ${sessionId}`);
    return found;
  }

  return {
    handlers,
    intents,
    sessions,
    session,
    lineItem: (sessionId: string) => lineItems.get(sessionId),
    /** The last intent made (what the page would be paying). */
    last: () => [...intents.values()].at(-1),
    /** The last Checkout Session made. */
    lastSession: () => [...sessions.values()].at(-1),
    /**
     * The person pays on the hosted page: by card (paid at once), or by a method that settles
     * later (`later`: complete but unpaid until `settleLater`). `amount` when less was taken.
     */
    pay(sessionId: string, how: { later?: boolean; amount?: number } = {}) {
      const s = session(sessionId);
      Object.assign(s, {
        status: "complete",
        payment_status: how.later ? "unpaid" : "paid",
        payment_intent: s.payment_intent ?? id("pi"),
        amount_total: how.amount ?? s.amount_total,
        url: null,
      });
      return s;
    },
    /** A payment that settles later has settled (or not). */
    settleLater(sessionId: string, ok: boolean) {
      const s = session(sessionId);
      if (ok) s.payment_status = "paid";
      return s;
    },
    /** Nobody paid before the session's time ran out. */
    expire(sessionId: string) {
      return Object.assign(session(sessionId), { status: "expired", url: null });
    },
    /** The card went through: the intent is paid in full, or `amount` of it. */
    succeed(intentId: string, amount?: number) {
      const intent = intents.get(intentId)!;
      Object.assign(intent, {
        status: "succeeded",
        amount_received: amount ?? intent.amount,
        last_payment_error: null,
      });
      return intent;
    },
    /** The card was declined. */
    fail(intentId: string) {
      const intent = intents.get(intentId)!;
      Object.assign(intent, {
        status: "requires_payment_method",
        last_payment_error: { code: "card_declined", message: "Your card was declined." },
      });
      return intent;
    },
    /** A webhook delivery as Stripe sends it, signed with the endpoint's secret (Stripe's own test helper). */
    webhook(
      webhookSecret: string,
      type:
        | "payment_intent.succeeded"
        | "payment_intent.payment_failed"
        | "payment_intent.canceled"
        | "charge.refunded"
        | "checkout.session.completed"
        | "checkout.session.async_payment_succeeded"
        | "checkout.session.async_payment_failed"
        | "checkout.session.expired",
      /** A PaymentIntent's id, or a Checkout Session's for the checkout.session events. */
      objectId: string,
      eventId = id("evt"),
    ) {
      const payload = JSON.stringify({
        id: eventId,
        object: "event",
        type,
        api_version: "2026-10-28",
        created: Math.floor(Date.now() / 1000),
        data: { object: intents.get(objectId) ?? sessions.get(objectId) },
        livemode: false,
        pending_webhooks: 1,
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return {
        body: payload,
        headers: { "content-type": "application/json", "stripe-signature": signature },
      };
    },
  };
}
