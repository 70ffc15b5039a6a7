// A stand-in for Flutterwave's v3 API (https://api.flutterwave.com/v3), answering with the shapes
// Flutterwave documents: `{ status: "success", message, data }`, or `{ status: "error", message,
// data: null }` with a 4xx. Like Flutterwave, a payment link is not a transaction: verify finds
// nothing until the person tries to pay (pay() here).
import { randomBytes } from "node:crypto";
import { http, HttpResponse } from "msw";

const API = "https://api.flutterwave.com/v3";

export interface FlutterwavePayment {
  tx_ref: string;
  /** As sent: a number or a decimal string, in major units. */
  amount: number | string;
  currency: string;
  redirect_url: string;
  customer: { email: string; name?: string };
  link: string;
  /** Made when the person pays; absent before. */
  transaction: null | {
    id: number;
    flw_ref: string;
    status: "successful" | "failed";
    /** Major units, a JSON number as Flutterwave answers. */
    amount: number;
    charged_amount: number;
    currency: string;
  };
  /** The body start() sent, as received. */
  request: Record<string, unknown>;
}

export interface FlutterwaveEvent {
  event: string;
  data: Record<string, unknown>;
}

const refuse = (status: number, message: string) =>
  HttpResponse.json({ status: "error", message, data: null }, { status });

/** The stand-in's own conversion (not the app's), so a mistake there cannot hide here. */
function majorOf(amountMinor: number, currency: string): number {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return Number((amountMinor / 10 ** digits).toFixed(digits));
}

export function flutterwaveMock(options: { secretKey?: string; webhookHash?: string } = {}) {
  const secretKey = options.secretKey ?? "FLWSECK_TEST-stand-in-X";
  const webhookHash = options.webhookHash ?? "flutterwave-stand-in-hash";
  const state = { payments: new Map<string, FlutterwavePayment>(), nextId: 5_100_000 };

  const authorized = (request: Request) => request.headers.get("authorization") === `Bearer ${secretKey}`;
  const dataOf = (p: FlutterwavePayment) => {
    const t = p.transaction!;
    return {
      id: t.id,
      tx_ref: p.tx_ref,
      flw_ref: t.flw_ref,
      amount: t.amount,
      currency: t.currency,
      charged_amount: t.charged_amount,
      app_fee: 0,
      merchant_fee: 0,
      processor_response: t.status === "successful" ? "Approved" : "Declined",
      status: t.status,
      payment_type: "card",
      created_at: new Date().toISOString(),
      customer: { email: p.customer.email, name: p.customer.name ?? null },
    };
  };

  const handlers = [
    http.post(`${API}/payments`, async ({ request }) => {
      if (!authorized(request)) return refuse(401, "Invalid authorization key");
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      if (!body || typeof body !== "object") return refuse(400, "Invalid request body");
      const { tx_ref, amount, currency = "NGN", redirect_url, customer } = body;
      if (typeof tx_ref !== "string" || !tx_ref) return refuse(400, "tx_ref is required");
      const major =
        typeof amount === "number"
          ? amount
          : typeof amount === "string" && /^\d+(\.\d+)?$/.test(amount)
            ? Number(amount)
            : NaN;
      if (!(major > 0)) return refuse(400, "amount must be a positive number");
      if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency))
        return refuse(400, "Invalid currency");
      if (typeof redirect_url !== "string" || !/^https?:\/\//.test(redirect_url))
        return refuse(400, "redirect_url is required");
      const c = customer as { email?: unknown; name?: unknown } | undefined;
      if (!c || typeof c.email !== "string" || !c.email.includes("@"))
        return refuse(400, "customer.email is required");
      const p: FlutterwavePayment = {
        tx_ref,
        amount: amount as number | string,
        currency,
        redirect_url,
        customer: { email: c.email, name: typeof c.name === "string" ? c.name : undefined },
        link: `https://checkout.flutterwave.com/v3/hosted/pay/${randomBytes(10).toString("hex")}`,
        transaction: null,
        request: body,
      };
      state.payments.set(tx_ref, p);
      return HttpResponse.json({ status: "success", message: "Hosted Link", data: { link: p.link } });
    }),

    http.get(`${API}/transactions/verify_by_reference`, ({ request }) => {
      if (!authorized(request)) return refuse(401, "Invalid authorization key");
      const txRef = new URL(request.url).searchParams.get("tx_ref");
      if (!txRef) return refuse(400, "tx_ref is required");
      const p = state.payments.get(txRef);
      if (!p?.transaction) return refuse(400, "No transaction was found for this id");
      return HttpResponse.json({
        status: "success",
        message: "Transaction fetched successfully",
        data: dataOf(p),
      });
    }),
  ];

  function payment(orderId: string): FlutterwavePayment {
    const p = state.payments.get(orderId);
    if (!p) throw new Error(`No Flutterwave payment link was made for ${orderId}`);
    return p;
  }

  return {
    secretKey,
    webhookHash,
    handlers,
    state,
    payment,
    /** The person pays (or is declined) on Flutterwave's page; amount_minor: what was actually charged. */
    pay(orderId: string, outcome: { status?: "success" | "failed"; amount_minor?: number } = {}) {
      const p = payment(orderId);
      const amount =
        outcome.amount_minor === undefined ? Number(p.amount) : majorOf(outcome.amount_minor, p.currency);
      p.transaction = {
        id: p.transaction?.id ?? state.nextId++,
        flw_ref: `FLW-MOCK-${randomBytes(6).toString("hex")}`,
        status: (outcome.status ?? "success") === "success" ? "successful" : "failed",
        amount,
        charged_amount: amount,
        currency: p.currency,
      };
      return p;
    },
    /**
     * The notification Flutterwave sends about a payment. `claim` overrides what it says (status,
     * amount...), for notifications that say more than Flutterwave's records do.
     */
    event(orderId: string, claim: Record<string, unknown> = {}, type = "charge.completed"): FlutterwaveEvent {
      const p = payment(orderId);
      const data = p.transaction
        ? dataOf(p)
        : {
            id: state.nextId++,
            tx_ref: p.tx_ref,
            amount: Number(p.amount),
            currency: p.currency,
            status: "pending",
          };
      return { event: type, data: { ...data, ...claim } };
    },
    /** A notification as Flutterwave sends it: the dashboard's secret hash in `verif-hash`. */
    webhook(hash: string, event: FlutterwaveEvent | Record<string, unknown>) {
      return {
        body: JSON.stringify(event),
        headers: { "content-type": "application/json", "verif-hash": hash } as Record<string, string>,
      };
    },
  };
}

export type FlutterwaveMock = ReturnType<typeof flutterwaveMock>;
