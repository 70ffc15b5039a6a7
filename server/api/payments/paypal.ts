// PayPal Orders v2: an order made on the server (our order id as its custom_id), approved by the
// person on PayPal's page, then captured by us: when they come back (verify) or when PayPal tells us
// it was approved, in case they never come back. Captures carry an idempotency key, so the two
// paths never take the money twice. Webhooks are checked by asking PayPal itself.
import { z } from "zod";
import { gatewayFetch, parseAnswer } from "./http";
import {
  WebhookBodyError,
  WebhookSignatureError,
  fromMajor,
  toMajorString,
  type GatewaySettings,
  type Outcome,
  type PaymentGateway,
} from "./gateway";

/** A token is dropped this long before PayPal says it expires, so none dies in flight. */
const TOKEN_MARGIN_MS = 5 * 60_000;

const apiBase = (s: GatewaySettings) =>
  s.paypal_mode === "live" ? "https://api-m.paypal.com" : "https://api-m.sandbox.paypal.com";

/** PayPal refused a call: its HTTP status, its error name and the issues it listed. */
export class PayPalApiError extends Error {
  readonly status: number;
  readonly issues: string[];
  constructor(status: number, name: string | null, detail: string | null, issues: string[], what: string) {
    super(
      `PayPal refused ${what} (HTTP ${status})${name ? `: ${name}` : ""}${issues.length ? ` [${issues.join(", ")}]` : ""}${detail ? ` ${detail}` : ""}`,
    );
    this.status = status;
    this.issues = issues;
  }
}

// Orders API errors are { name, message, details: [{ issue }] }; OAuth errors { error, error_description }.
const errorEnvelope = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
  details: z.array(z.object({ issue: z.string(), description: z.string().optional() })).optional(),
});

const send = (url: string, init: RequestInit, what: string) => gatewayFetch("PayPal", url, init, what);

function refusal(status: number, json: unknown, what: string): PayPalApiError {
  const e = errorEnvelope.safeParse(json).data;
  const issues = e?.details?.map((d) => d.issue) ?? [];
  return new PayPalApiError(
    status,
    e?.name ?? e?.error ?? null,
    e?.message ?? e?.error_description ?? null,
    issues,
    what,
  );
}

const parse = <S extends z.ZodType>(schema: S, json: unknown, what: string): z.infer<S> =>
  parseAnswer("PayPal", schema, json, what);

// Keyed by the whole credential, not the client id alone: a token got with an old secret must not
// make a changed (or wrong) secret look valid.
const tokens = new Map<string, { token: string; until: number }>();
const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

async function accessToken(settings: GatewaySettings): Promise<string> {
  const id = settings.paypal_client_id ?? "";
  const secret = settings.paypal_secret ?? "";
  const key = `${apiBase(settings)}\n${id}\n${secret}`;
  const cached = tokens.get(key);
  if (cached && cached.until > Date.now()) return cached.token;
  const what = "POST /v1/oauth2/token";
  const { res, json } = await send(
    `${apiBase(settings)}/v1/oauth2/token`,
    {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: "grant_type=client_credentials",
    },
    what,
  );
  if (!res.ok) throw refusal(res.status, json, what);
  const answer = parse(tokenAnswer, json, what);
  tokens.set(key, {
    token: answer.access_token,
    until: Date.now() + Math.max(0, answer.expires_in * 1000 - TOKEN_MARGIN_MS),
  });
  return answer.access_token;
}

/** A REST call with a bearer token; a token PayPal no longer takes is replaced once. */
async function call<S extends z.ZodType>(
  settings: GatewaySettings,
  method: "GET" | "POST",
  path: string,
  schema: S,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<z.infer<S>> {
  const what = `${method} ${path}`;
  for (let attempt = 0; ; attempt++) {
    const token = await accessToken(settings);
    const { res, json } = await send(
      apiBase(settings) + path,
      {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: "application/json",
          ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
          ...options.headers,
        },
        body: options.body,
      },
      what,
    );
    if (res.status === 401 && attempt === 0) {
      for (const [k, v] of tokens) if (v.token === token) tokens.delete(k);
      continue;
    }
    if (!res.ok) throw refusal(res.status, json, what);
    return parse(schema, json, what);
  }
}

const money = z.object({ currency_code: z.string().length(3), value: z.string().regex(/^\d+(\.\d+)?$/) });
const captureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: money,
  custom_id: z.string().optional(),
  status_details: z.object({ reason: z.string().optional() }).optional(),
  supplementary_data: z
    .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
    .optional(),
});
type Capture = z.infer<typeof captureSchema>;
const orderSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .optional(),
  links: z.array(z.object({ rel: z.string(), href: z.string() })).optional(),
});
type Order = z.infer<typeof orderSchema>;

function captureOutcome(capture: Capture, base: Pick<Outcome, "order_id" | "gateway_reference">): Outcome {
  const currency = capture.amount.currency_code.toUpperCase();
  if (capture.status === "COMPLETED")
    return { ...base, status: "success", currency, amount_minor: fromMajor(capture.amount.value, currency) };
  // PENDING: PayPal holds the money for review (eCheck, a seller's setting); it says later.
  if (capture.status === "PENDING") return { ...base, status: "pending", currency };
  return {
    ...base,
    status: "failed",
    currency,
    reason: `PayPal capture ${capture.status.toLowerCase()}${capture.status_details?.reason ? `: ${capture.status_details.reason}` : ""}`,
  };
}

function orderOutcome(order: Order): Outcome {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const base = { order_id: unit?.custom_id ?? capture?.custom_id, gateway_reference: order.id };
  if (order.status === "COMPLETED" && capture) return captureOutcome(capture, base);
  if (order.status === "VOIDED") return { ...base, status: "failed", reason: "PayPal order voided" };
  return { ...base, status: "pending" };
}

const getOrder = (settings: GatewaySettings, id: string) =>
  call(settings, "GET", `/v2/checkout/orders/${encodeURIComponent(id)}`, orderSchema);

/** Takes the money of an approved order; a second capture (by the other path) reads the first. */
async function capture(
  settings: GatewaySettings,
  paypalOrderId: string,
  orderId: string | undefined,
): Promise<Outcome> {
  try {
    const order = await call(
      settings,
      "POST",
      `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`,
      orderSchema,
      {
        body: "{}",
        // Full representation: the answer then has custom_id and the capture's amount.
        headers: {
          "PayPal-Request-Id": `capture-${orderId ?? paypalOrderId}`,
          Prefer: "return=representation",
        },
      },
    );
    return orderOutcome(order);
  } catch (e) {
    if (e instanceof PayPalApiError && e.status === 422) {
      if (e.issues.includes("ORDER_ALREADY_CAPTURED"))
        return orderOutcome(await getOrder(settings, paypalOrderId));
      // The funding source was refused: the order stays open and the person may pick another one on
      // PayPal's page; a later success still counts (settle lets a failure turn into a success).
      if (e.issues.includes("INSTRUMENT_DECLINED"))
        return {
          order_id: orderId,
          gateway_reference: paypalOrderId,
          status: "failed",
          reason: "PayPal declined the payment method",
        };
    }
    throw e;
  }
}

async function verifyOrder(
  settings: GatewaySettings,
  paypalOrderId: string,
  orderId: string | undefined,
): Promise<Outcome> {
  const order = await getOrder(settings, paypalOrderId);
  if (order.status === "APPROVED")
    return capture(settings, order.id, orderId ?? order.purchase_units?.[0]?.custom_id);
  return orderOutcome(order);
}

const webhookBody = z.object({ id: z.string().min(1), event_type: z.string().min(1), resource: z.unknown() });
const approvedOrder = z.object({
  id: z.string().min(1),
  purchase_units: z.array(z.object({ custom_id: z.string().optional() })).optional(),
});
const SIGNATURE_HEADERS = {
  auth_algo: "paypal-auth-algo",
  cert_url: "paypal-cert-url",
  transmission_id: "paypal-transmission-id",
  transmission_sig: "paypal-transmission-sig",
  transmission_time: "paypal-transmission-time",
} as const;

export const paypalGateway: PaymentGateway = {
  type: "paypal",
  enabled: (s) => Boolean(s.paypal_client_id && s.paypal_secret && s.paypal_webhook_id),
  publicConfig: (s) => ({ client_id: s.paypal_client_id ?? "" }),
  async start(settings, req) {
    const order = await call(settings, "POST", "/v2/checkout/orders", orderSchema, {
      body: JSON.stringify({
        intent: "CAPTURE",
        purchase_units: [
          {
            reference_id: req.order_id,
            custom_id: req.order_id,
            description: req.package_name.slice(0, 127),
            amount: { currency_code: req.currency, value: toMajorString(req.amount_minor, req.currency) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: req.return_url,
              cancel_url: req.cancel_url,
              user_action: "PAY_NOW",
              shipping_preference: "NO_SHIPPING",
            },
          },
        },
      }),
      // A retried start gets the same order back, never a second one.
      headers: { "PayPal-Request-Id": req.order_id },
    });
    const link =
      order.links?.find((l) => l.rel === "payer-action") ?? order.links?.find((l) => l.rel === "approve");
    if (!link) throw new Error(`PayPal gave no page to approve order ${order.id} on`);
    return { gateway_reference: order.id, redirect_url: link.href };
  },
  async verify(settings, tx) {
    // No PayPal order yet: the start did not get through, so nothing can have been paid.
    if (!tx.gateway_reference) return { order_id: tx.order_id, status: "pending" };
    return verifyOrder(settings, tx.gateway_reference, tx.order_id);
  },
  async webhook(settings, rawBody, headers) {
    const signature: Record<string, string> = {};
    for (const [field, header] of Object.entries(SIGNATURE_HEADERS)) {
      const value = headers.get(header);
      if (!value) throw new WebhookSignatureError(`Missing PayPal header ${header}`);
      signature[field] = value;
    }
    if (!settings.paypal_webhook_id) throw new WebhookSignatureError("No PayPal webhook id configured");
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new WebhookSignatureError("PayPal notifications are JSON");
    }
    // PayPal checks its signature against the event exactly as sent: the raw body is put in as it
    // came (parsing and writing it again can change numbers or order and fail the check). It parsed
    // as one JSON value above, so it cannot add fields of its own to this request.
    const request = `{${Object.entries({ ...signature, webhook_id: settings.paypal_webhook_id })
      .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
      .join(",")},"webhook_event":${rawBody}}`;
    const check = await call(
      settings,
      "POST",
      "/v1/notifications/verify-webhook-signature",
      z.object({ verification_status: z.string() }),
      { body: request },
    );
    if (check.verification_status !== "SUCCESS") throw new WebhookSignatureError("Bad PayPal signature");

    const body = webhookBody.safeParse(json);
    if (!body.success)
      throw new WebhookBodyError(`PayPal sent an unexpected notification: ${z.prettifyError(body.error)}`);
    const { id: event_id, event_type: type, resource } = body.data;
    if (type === "PAYMENT.CAPTURE.COMPLETED" || type === "PAYMENT.CAPTURE.DENIED") {
      const c = parse(captureSchema, resource, type);
      return {
        event_id,
        type,
        outcome: captureOutcome(c, {
          order_id: c.custom_id,
          gateway_reference: c.supplementary_data?.related_ids?.order_id,
        }),
      };
    }
    if (type === "CHECKOUT.ORDER.APPROVED") {
      // Approved but not yet paid: capture now, for the person who closed the tab instead of coming back.
      const order = parse(approvedOrder, resource, type);
      return {
        event_id,
        type,
        outcome: await verifyOrder(settings, order.id, order.purchase_units?.[0]?.custom_id),
      };
    }
    return { event_id, type, outcome: null };
  },
};
