// Flutterwave Standard: a hosted payment link made on the server with our order id as tx_ref,
// paid on Flutterwave's page, and settled by asking Flutterwave (verify by tx_ref) when the person
// comes back or when a webhook says something happened. The webhook only proves it came from
// Flutterwave (a shared hash, not a signature of the body), so its content is never trusted:
// Flutterwave's own advice is to verify the transaction before giving value.
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { bearerCall } from "./http";
import {
  WebhookBodyError,
  WebhookSignatureError,
  fromMajor,
  toMajorString,
  type GatewaySettings,
  type Outcome,
  type PaymentGateway,
} from "./gateway";

const API = "https://api.flutterwave.com/v3";

/** Flutterwave refused a call: its HTTP status and its own message (`{ status: "error", message }`). */
export class FlutterwaveApiError extends Error {
  readonly status: number;
  readonly gatewayMessage: string | null;
  constructor(status: number, gatewayMessage: string | null, what: string) {
    super(`Flutterwave refused ${what} (HTTP ${status})${gatewayMessage ? `: ${gatewayMessage}` : ""}`);
    this.status = status;
    this.gatewayMessage = gatewayMessage;
  }
}

const errorEnvelope = z.object({ status: z.string().optional(), message: z.string() });

function call<S extends z.ZodType>(
  settings: GatewaySettings,
  method: "GET" | "POST",
  path: string,
  schema: S,
  body?: unknown,
): Promise<z.infer<S>> {
  const what = `${method} ${path.split("?")[0]}`;
  return bearerCall(
    "Flutterwave",
    { url: API + path, method, secret: settings.flutterwave_secret_key ?? "", body, what },
    schema,
    (status, json) =>
      new FlutterwaveApiError(status, errorEnvelope.safeParse(json).data?.message ?? null, what),
  );
}

const paymentAnswer = z.object({
  status: z.literal("success"),
  data: z.object({ link: z.url({ protocol: /^https$/ }) }),
});

const verifyAnswer = z.object({
  status: z.literal("success"),
  data: z.object({
    id: z.union([z.number(), z.string()]),
    tx_ref: z.string().min(1),
    status: z.string(),
    /** Major units (19.99), what the payment was for; charged_amount may add fees the payer bore. */
    amount: z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)]),
    currency: z.string().length(3),
    processor_response: z.string().nullish(),
  }),
});

const webhookBody = z.object({
  event: z.string().min(1),
  data: z.looseObject({ id: z.union([z.number(), z.string()]).optional(), tx_ref: z.string().optional() }),
});

/** Equal lengths for timingSafeEqual, whatever was sent: compare digests. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

async function verifyByReference(settings: GatewaySettings, orderId: string): Promise<Outcome> {
  let answer: z.infer<typeof verifyAnswer>;
  try {
    answer = await call(
      settings,
      "GET",
      `/transactions/verify_by_reference?tx_ref=${encodeURIComponent(orderId)}`,
      verifyAnswer,
    );
  } catch (e) {
    // Flutterwave makes the transaction when the person first tries to pay: before that, "not found".
    if (
      e instanceof FlutterwaveApiError &&
      e.status >= 400 &&
      e.status < 500 &&
      e.status !== 401 &&
      /no transaction/i.test(e.gatewayMessage ?? "")
    ) {
      return { order_id: orderId, status: "pending" };
    }
    throw e;
  }
  const t = answer.data;
  if (t.tx_ref !== orderId)
    throw new Error(`Flutterwave answered about ${t.tx_ref} when asked about ${orderId}`);
  const currency = t.currency.toUpperCase();
  const base = { order_id: t.tx_ref, gateway_reference: String(t.id), currency };
  if (t.status === "successful")
    return { ...base, status: "success", amount_minor: fromMajor(t.amount, currency) };
  if (t.status === "failed" || t.status === "cancelled")
    return { ...base, status: "failed", reason: t.processor_response || "Payment failed" };
  return { ...base, status: "pending" };
}

export const flutterwaveGateway: PaymentGateway = {
  type: "flutterwave",
  enabled: (s) => Boolean(s.flutterwave_public_key && s.flutterwave_secret_key && s.flutterwave_webhook_hash),
  publicConfig: (s) => ({ public_key: s.flutterwave_public_key ?? "" }),
  async start(settings, req) {
    if (!req.email) throw new Error("An email address is needed to pay with Flutterwave");
    const answer = await call(settings, "POST", "/payments", paymentAnswer, {
      tx_ref: req.order_id,
      // A decimal string, exact for the currency's decimals (no floating point on the way).
      amount: toMajorString(req.amount_minor, req.currency),
      currency: req.currency,
      redirect_url: req.return_url,
      customer: { email: req.email, name: req.name },
      customizations: { title: req.package_name },
      meta: { order_id: req.order_id },
    });
    // Flutterwave gives its transaction id only once the person pays: verify goes by tx_ref.
    return { gateway_reference: null, redirect_url: answer.data.link };
  },
  verify: (settings, tx) => verifyByReference(settings, tx.order_id),
  async webhook(settings, rawBody, headers) {
    const expected = settings.flutterwave_webhook_hash;
    const given = headers.get("verif-hash");
    if (!expected || !given) throw new WebhookSignatureError("Missing Flutterwave verif-hash");
    if (!sameSecret(given, expected)) throw new WebhookSignatureError("Bad Flutterwave verif-hash");
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new WebhookBodyError("Flutterwave sent a notification that is not JSON");
    }
    const body = webhookBody.safeParse(json);
    if (!body.success)
      throw new WebhookBodyError(
        `Flutterwave sent an unexpected notification: ${z.prettifyError(body.error)}`,
      );
    const { event, data } = body.data;
    const event_id = `${event}:${data.id ?? createHash("sha256").update(rawBody).digest("hex")}`;
    if (event !== "charge.completed" || !data.tx_ref) return { event_id, type: event, outcome: null };
    // What the notification claims is ignored: Flutterwave's own answer is what counts.
    return { event_id, type: event, outcome: await verifyByReference(settings, data.tx_ref) };
  },
};
