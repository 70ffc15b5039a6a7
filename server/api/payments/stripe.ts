// Stripe: a PaymentIntent made on the server, paid in the browser with the Payment Element, and
// settled only by the signed `payment_intent.succeeded` / `payment_intent.payment_failed` webhooks
// (or by asking Stripe when the person comes back, in case the webhook is late).
import Stripe from "stripe";
import { WebhookSignatureError, type GatewaySettings, type Outcome, type PaymentGateway } from "./gateway";

const clients = new Map<string, Stripe>();
function client(settings: GatewaySettings): Stripe {
  const key = settings.stripe_secret_key!;
  let c = clients.get(key);
  if (!c) {
    // Node's own fetch: one HTTP stack for every gateway (and for the tests' stand-in of Stripe).
    c = new Stripe(key, {
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: 2,
      timeout: 20_000,
    });
    clients.set(key, c);
  }
  return c;
}

function outcomeOf(intent: Stripe.PaymentIntent): Outcome {
  const base = {
    order_id: intent.metadata?.order_id,
    gateway_reference: intent.id,
    currency: intent.currency.toUpperCase(),
  };
  if (intent.status === "succeeded")
    return { ...base, status: "success", amount_minor: intent.amount_received };
  if (intent.status === "canceled")
    return { ...base, status: "failed", reason: "Payment canceled. Please try again later." };
  // requires_payment_method after an attempt means the card was declined; before any attempt, still open.
  if (intent.status === "requires_payment_method" && intent.last_payment_error)
    return { ...base, status: "failed", reason: intent.last_payment_error.message ?? "Payment failed" };
  return { ...base, status: "pending", client_secret: intent.client_secret ?? undefined };
}

export const stripeGateway: PaymentGateway = {
  type: "stripe",
  enabled: (s) => Boolean(s.stripe_secret_key && s.stripe_publishable_key && s.stripe_webhook_secret),
  publicConfig: (s) => ({ publishable_key: s.stripe_publishable_key ?? "" }),
  async start(settings, req) {
    const intent = await client(settings).paymentIntents.create(
      {
        amount: req.amount_minor,
        currency: req.currency.toLowerCase(),
        automatic_payment_methods: { enabled: true },
        description: req.package_name,
        receipt_email: req.email ?? undefined,
        metadata: { order_id: req.order_id },
      },
      // A retry of the same start never makes a second intent.
      { idempotencyKey: req.order_id },
    );
    return { gateway_reference: intent.id, client_secret: intent.client_secret ?? undefined };
  },
  async verify(settings, tx) {
    if (!tx.gateway_reference) return { order_id: tx.order_id, status: "pending" };
    return outcomeOf(await client(settings).paymentIntents.retrieve(tx.gateway_reference));
  },
  async webhook(settings, rawBody, headers) {
    const signature = headers.get("stripe-signature");
    if (!signature || !settings.stripe_webhook_secret)
      throw new WebhookSignatureError("Missing Stripe signature");
    let event: Stripe.Event;
    try {
      event = await client(settings).webhooks.constructEventAsync(
        rawBody,
        signature,
        settings.stripe_webhook_secret,
      );
    } catch {
      throw new WebhookSignatureError("Bad Stripe signature");
    }
    if (
      event.type === "payment_intent.succeeded" ||
      event.type === "payment_intent.payment_failed" ||
      event.type === "payment_intent.canceled"
    ) {
      return {
        event_id: event.id,
        type: event.type,
        outcome: outcomeOf(event.data.object as Stripe.PaymentIntent),
      };
    }
    return { event_id: event.id, type: event.type, outcome: null };
  },
};
