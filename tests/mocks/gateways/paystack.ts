// A stand-in for Paystack's transaction API (https://api.paystack.co), answering with the shapes
// Paystack documents: `{ status: true, message, data }`, or `{ status: false, message }` with a 4xx.
// It remembers every initialized transaction, so verify answers what the test "paid" with pay().
import { createHmac, randomBytes } from "node:crypto";
import { http, HttpResponse } from "msw";

const API = "https://api.paystack.co";
/** Currencies a Paystack merchant can be enabled for; the rest are refused as Paystack does. */
const CURRENCIES = ["NGN", "GHS", "ZAR", "KES", "USD", "XOF", "EGP", "RWF"];

export interface PaystackTransaction {
  id: number;
  reference: string;
  access_code: string;
  authorization_url: string;
  email: string;
  /** Subunits, as initialized. */
  amount: number;
  currency: string;
  callback_url: string | null;
  metadata: unknown;
  /** Paystack shows an initialized transaction nobody paid yet as "abandoned". */
  status: "abandoned" | "success" | "failed";
  gateway_response: string | null;
  paid_at: string | null;
  /** The body start() sent, as received. */
  request: Record<string, unknown>;
}

export interface PaystackEvent {
  event: string;
  data: Record<string, unknown>;
}

const refuse = (status: number, message: string) => HttpResponse.json({ status: false, message }, { status });

export function paystackMock(options: { secretKey?: string } = {}) {
  const secretKey = options.secretKey ?? "sk_test_paystack_stand_in";
  const state = { transactions: new Map<string, PaystackTransaction>(), nextId: 4_000_000_001 };

  const authorized = (request: Request) => request.headers.get("authorization") === `Bearer ${secretKey}`;
  const dataOf = (t: PaystackTransaction) => ({
    id: t.id,
    domain: "test",
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    gateway_response: t.gateway_response,
    paid_at: t.paid_at,
    channel: "card",
    currency: t.currency,
    metadata: t.metadata,
    customer: { email: t.email },
  });

  const handlers = [
    http.post(`${API}/transaction/initialize`, async ({ request }) => {
      if (!authorized(request)) return refuse(401, "Invalid key");
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      if (!body || typeof body !== "object") return refuse(400, "Invalid request body");
      const { email, amount, currency = "NGN", reference, callback_url, metadata } = body;
      if (typeof email !== "string" || !/^[^@\s]+@[^@\s]+$/.test(email))
        return refuse(400, "Invalid Email Address Passed");
      // Subunits: an integer, as a number or a string of digits.
      const subunits =
        typeof amount === "number"
          ? amount
          : typeof amount === "string" && /^\d+$/.test(amount)
            ? Number(amount)
            : NaN;
      if (!Number.isInteger(subunits) || subunits <= 0) return refuse(400, "Invalid Amount Sent");
      if (typeof currency !== "string" || !CURRENCIES.includes(currency))
        return refuse(400, "Currency not supported by merchant");
      const ref = typeof reference === "string" && reference ? reference : randomBytes(6).toString("hex");
      if (!/^[A-Za-z0-9\-.=_]+$/.test(ref)) return refuse(400, "Invalid transaction reference");
      if (state.transactions.has(ref)) return refuse(400, "Duplicate Transaction Reference");
      const access_code = randomBytes(8).toString("hex");
      const t: PaystackTransaction = {
        id: state.nextId++,
        reference: ref,
        access_code,
        authorization_url: `https://checkout.paystack.com/${access_code}`,
        email,
        amount: subunits,
        currency,
        callback_url: typeof callback_url === "string" ? callback_url : null,
        metadata: metadata ?? null,
        status: "abandoned",
        gateway_response: null,
        paid_at: null,
        request: body,
      };
      state.transactions.set(ref, t);
      return HttpResponse.json({
        status: true,
        message: "Authorization URL created",
        data: { authorization_url: t.authorization_url, access_code, reference: ref },
      });
    }),

    http.get(`${API}/transaction/verify/:reference`, ({ request, params }) => {
      if (!authorized(request)) return refuse(401, "Invalid key");
      const t = state.transactions.get(String(params.reference));
      if (!t) return refuse(400, "Transaction reference not found");
      return HttpResponse.json({ status: true, message: "Verification successful", data: dataOf(t) });
    }),
  ];

  function transaction(orderId: string): PaystackTransaction {
    const t = state.transactions.get(orderId);
    if (!t) throw new Error(`No Paystack transaction was initialized for ${orderId}`);
    return t;
  }

  return {
    secretKey,
    handlers,
    state,
    transaction,
    /** The person pays (or is declined) on Paystack's page; amount_minor: what was actually charged. */
    pay(orderId: string, outcome: { status?: "success" | "failed"; amount_minor?: number } = {}) {
      const t = transaction(orderId);
      t.status = outcome.status ?? "success";
      t.gateway_response = t.status === "success" ? "Approved" : "Declined";
      t.paid_at = t.status === "success" ? new Date().toISOString() : null;
      if (outcome.amount_minor !== undefined) t.amount = outcome.amount_minor;
      return t;
    },
    /** The notification Paystack sends about a transaction (charge.success by default). */
    event(orderId: string, type = "charge.success"): PaystackEvent {
      return { event: type, data: dataOf(transaction(orderId)) };
    },
    /** A notification signed like Paystack's: hex HMAC-SHA512 of the body, keyed with the secret key. */
    webhook(secret: string, event: PaystackEvent | Record<string, unknown>) {
      const body = JSON.stringify(event);
      const signature = createHmac("sha512", secret).update(body).digest("hex");
      return {
        body,
        headers: { "content-type": "application/json", "x-paystack-signature": signature } as Record<
          string,
          string
        >,
      };
    },
  };
}

export type PaystackMock = ReturnType<typeof paystackMock>;
