// A stand-in for Stripe's REST API (https://docs.stripe.com/api/payment_intents), enough for our
// calls: create and retrieve a PaymentIntent, with Stripe's form encoding, bearer-key check,
// Idempotency-Key replay and error envelope. `succeed` / `fail` play the person paying in the
// Payment Element; `webhook` signs an event the way Stripe does.
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

const error = (status: number, type: string, message: string, param?: string) =>
  HttpResponse.json({ error: { type, message, ...(param ? { param } : {}) } }, { status });

export function stripeMock(options: { secretKey?: string } = {}) {
  const secretKey = options.secretKey ?? "sk_test_souq";
  const intents = new Map<string, MockIntent>();
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
  ];

  return {
    handlers,
    intents,
    /** The last intent made (what the page would be paying). */
    last: () => [...intents.values()].at(-1),
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
        | "charge.refunded",
      intentId: string,
      eventId = id("evt"),
    ) {
      const payload = JSON.stringify({
        id: eventId,
        object: "event",
        type,
        api_version: "2026-10-28",
        created: Math.floor(Date.now() / 1000),
        data: { object: intents.get(intentId) },
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
