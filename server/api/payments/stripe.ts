// Stripe: a PaymentIntent made on the server, paid in the browser with the Payment Element, and
// settled only by the signed `payment_intent.succeeded` / `payment_intent.payment_failed` webhooks
// (or by asking Stripe when the person comes back, in case the webhook is late).
// Without JavaScript there is no Payment Element: the person pays on Stripe's hosted Checkout page
// instead, and the Checkout Session's own webhooks settle it the same way (decision 050).
import Stripe from "stripe";
import {
  WebhookSignatureError,
  type GatewaySettings,
  type Outcome,
  type PaymentGateway,
  type PaymentRequest,
  type StartResult,
} from "./gateway";

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

/** Checkout Sessions' ids start so (cs_test_…, cs_live_…); a PaymentIntent's with pi_. */
const isCheckoutSession = (reference: string) => reference.startsWith("cs_");

/**
 * How a Checkout Session stands. `complete` with `paid` is the money; `complete` but `unpaid` is a
 * payment method that settles later (a bank debit): still pending until Stripe says
 * async_payment_succeeded or async_payment_failed. An expired session was never paid.
 */
function sessionOutcome(session: Stripe.Checkout.Session, asyncFailed = false): Outcome {
  const base = {
    order_id: session.client_reference_id ?? session.metadata?.order_id,
    gateway_reference: session.id,
    currency: session.currency?.toUpperCase(),
  };
  if (asyncFailed) return { ...base, status: "failed", reason: "Payment failed" };
  if (session.status === "complete" && session.payment_status === "paid")
    return { ...base, status: "success", amount_minor: session.amount_total ?? undefined };
  if (session.status === "expired")
    return { ...base, status: "failed", reason: "Payment canceled. Please try again later." };
  return {
    ...base,
    status: "pending",
    checkout_url: session.status === "open" ? (session.url ?? undefined) : undefined,
  };
}

/**
 * A Checkout Session for one of our transactions: Stripe's hosted page takes the card, then sends
 * the person back to our payment page (`{CHECKOUT_SESSION_ID}` is filled in by Stripe; the page
 * never trusts it, it reads our own transaction). The order id travels as client_reference_id and
 * metadata; the session's PaymentIntent deliberately carries none, so that a declined first card
 * (`payment_intent.payment_failed`, while the person may still try another on the same page) does
 * not fail the transaction: only the session's own events settle it.
 */
export async function startCheckoutSession(
  settings: GatewaySettings,
  req: PaymentRequest,
): Promise<StartResult> {
  const session = await client(settings).checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: req.currency.toLowerCase(),
            unit_amount: req.amount_minor,
            product_data: { name: req.package_name },
          },
        },
      ],
      success_url: `${req.return_url}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: req.cancel_url,
      client_reference_id: req.order_id,
      metadata: { order_id: req.order_id },
      customer_email: req.email ?? undefined,
      // Stripe's page has no Arabic: it follows the browser's language where it can.
      locale: "auto",
    },
    // A retry of the same start never makes a second session.
    { idempotencyKey: `checkout_${req.order_id}` },
  );
  if (!session.url) throw new Error("Stripe gave no Checkout page address");
  return { gateway_reference: session.id, redirect_url: session.url };
}

const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

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
    if (isCheckoutSession(tx.gateway_reference))
      return sessionOutcome(await client(settings).checkout.sessions.retrieve(tx.gateway_reference));
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
    if (SESSION_EVENTS.has(event.type)) {
      return {
        event_id: event.id,
        type: event.type,
        outcome: sessionOutcome(
          event.data.object as Stripe.Checkout.Session,
          event.type === "checkout.session.async_payment_failed",
        ),
      };
    }
    return { event_id: event.id, type: event.type, outcome: null };
  },
};
