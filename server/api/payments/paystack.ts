// Paystack: a transaction initialized on the server with our order id as its reference, paid on
// Paystack's checkout page, and settled by asking Paystack when the person comes back or by the
// `charge.success` webhook (signed with an HMAC-SHA512 of the raw body, keyed with the secret key).
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { bearerCall } from "./http";
import {
  WebhookBodyError,
  WebhookSignatureError,
  type GatewaySettings,
  type Outcome,
  type PaymentGateway,
} from "./gateway";

const API = "https://api.paystack.co";

/** Paystack refused a call: its HTTP status and its own message (`{ status: false, message }`). */
export class PaystackApiError extends Error {
  readonly status: number;
  readonly gatewayMessage: string | null;
  constructor(status: number, gatewayMessage: string | null, what: string) {
    super(`Paystack refused ${what} (HTTP ${status})${gatewayMessage ? `: ${gatewayMessage}` : ""}`);
    this.status = status;
    this.gatewayMessage = gatewayMessage;
  }
}

const errorEnvelope = z.object({ status: z.literal(false).optional(), message: z.string() });

function call<S extends z.ZodType>(
  settings: GatewaySettings,
  method: "GET" | "POST",
  path: string,
  schema: S,
  body?: unknown,
): Promise<z.infer<S>> {
  const what = `${method} ${path.split("?")[0]}`;
  return bearerCall(
    "Paystack",
    { url: API + path, method, secret: settings.paystack_secret_key ?? "", body, what },
    schema,
    (status, json) => new PaystackApiError(status, errorEnvelope.safeParse(json).data?.message ?? null, what),
  );
}

/** The part of a Paystack transaction we rely on (verify answers and webhook `data` alike). */
const transactionSchema = z.object({
  id: z.union([z.number(), z.string()]),
  reference: z.string().min(1),
  status: z.string(),
  /** Subunits (kobo, cents), an integer. */
  amount: z.number().int().nonnegative(),
  currency: z.string().length(3),
  gateway_response: z.string().nullish(),
});
type Transaction = z.infer<typeof transactionSchema>;

function outcomeOf(t: Transaction): Outcome {
  // Our order id is the reference we gave, so it is also the reference start() stored.
  const base = { order_id: t.reference, gateway_reference: t.reference, currency: t.currency.toUpperCase() };
  if (t.status === "success") return { ...base, status: "success", amount_minor: t.amount };
  if (t.status === "failed" || t.status === "reversed")
    return { ...base, status: "failed", reason: t.gateway_response || "Payment failed" };
  // "abandoned" is how Paystack shows a transaction initialized but not (yet) paid, not a final
  // answer: the person may still pay on the same page. Likewise ongoing, pending, processing, queued.
  return { ...base, status: "pending" };
}

const initializeAnswer = z.object({
  status: z.literal(true),
  data: z.object({
    authorization_url: z.url({ protocol: /^https$/ }),
    access_code: z.string(),
    reference: z.string().min(1),
  }),
});
const verifyAnswer = z.object({ status: z.literal(true), data: transactionSchema });
const webhookBody = z.object({
  event: z.string().min(1),
  data: z.looseObject({ id: z.union([z.number(), z.string()]).optional() }),
});

function signatureMatches(secret: string, rawBody: string, signature: string): boolean {
  const expected = createHmac("sha512", secret).update(rawBody, "utf8").digest();
  const given = Buffer.from(signature.trim(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const paystackGateway: PaymentGateway = {
  type: "paystack",
  enabled: (s) => Boolean(s.paystack_public_key && s.paystack_secret_key),
  publicConfig: (s) => ({ public_key: s.paystack_public_key ?? "" }),
  async start(settings, req) {
    if (!req.email) throw new Error("An email address is needed to pay with Paystack");
    const answer = await call(settings, "POST", "/transaction/initialize", initializeAnswer, {
      email: req.email,
      amount: req.amount_minor,
      currency: req.currency,
      reference: req.order_id,
      callback_url: req.return_url,
      // cancel_action: where Paystack's own "Cancel payment" button sends the person.
      metadata: { order_id: req.order_id, cancel_action: req.cancel_url },
    });
    return { gateway_reference: answer.data.reference, redirect_url: answer.data.authorization_url };
  },
  async verify(settings, tx) {
    try {
      // The reference is our order id (given at the start), known even if the start's answer was lost.
      const answer = await call(
        settings,
        "GET",
        `/transaction/verify/${encodeURIComponent(tx.order_id)}`,
        verifyAnswer,
      );
      return outcomeOf(answer.data);
    } catch (e) {
      // A reference Paystack never heard of was never paid (the start did not get through).
      if (
        e instanceof PaystackApiError &&
        (e.status === 400 || e.status === 404) &&
        /not found/i.test(e.gatewayMessage ?? "")
      ) {
        return { order_id: tx.order_id, status: "pending" };
      }
      throw e;
    }
  },
  async webhook(settings, rawBody, headers) {
    const secret = settings.paystack_secret_key;
    const signature = headers.get("x-paystack-signature");
    if (!secret || !signature) throw new WebhookSignatureError("Missing Paystack signature");
    if (!signatureMatches(secret, rawBody, signature))
      throw new WebhookSignatureError("Bad Paystack signature");
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new WebhookBodyError("Paystack sent a notification that is not JSON");
    }
    const body = webhookBody.safeParse(json);
    if (!body.success)
      throw new WebhookBodyError(`Paystack sent an unexpected notification: ${z.prettifyError(body.error)}`);
    const { event, data } = body.data;
    // Every event should carry data.id; the body's hash keeps repeats recognizable if one does not.
    const event_id = `${event}:${data.id ?? createHash("sha256").update(rawBody).digest("hex")}`;
    if (event !== "charge.success") return { event_id, type: event, outcome: null };
    const charge = transactionSchema.safeParse(data);
    if (!charge.success)
      throw new WebhookBodyError(
        `Paystack sent an unexpected charge.success: ${z.prettifyError(charge.error)}`,
      );
    return { event_id, type: event, outcome: outcomeOf(charge.data) };
  },
};
