// What every online payment gateway does for us, whatever its own vocabulary: start a payment for
// one of our transactions, say how a payment ended when asked, and read its signed notifications.
// The money moves only in transactions.ts (`settle`), the same way for every gateway.

export const GATEWAY_TYPES = ["stripe", "paystack", "flutterwave", "paypal"] as const;
export type GatewayType = (typeof GATEWAY_TYPES)[number];

/** Keys and switches of every gateway, from the settings table (secrets never leave the server). */
export type GatewaySettings = Record<string, string>;

/** What we ask a gateway to charge. Amounts are integers in the currency's minor units. */
export interface PaymentRequest {
  /** Our reference for the transaction: the gateway gives it back in every answer and notification. */
  order_id: string;
  amount_minor: number;
  /** ISO 4217, upper case. */
  currency: string;
  email: string | null;
  name: string;
  package_name: string;
  /** Where the gateway sends the person back after paying (redirect gateways). */
  return_url: string;
  /** Where it sends them when they give up. */
  cancel_url: string;
}

export interface StartResult {
  /** The gateway's id for the payment, when it gives one at the start (PaymentIntent id, PayPal order id). */
  gateway_reference: string | null;
  /** Stripe: the PaymentIntent's client secret for the Payment Element. */
  client_secret?: string;
  /** Redirect gateways: the page where the person pays. */
  redirect_url?: string;
}

/** How a payment ended, as the gateway tells it. */
export interface Outcome {
  order_id?: string;
  gateway_reference?: string;
  status: "success" | "failed" | "pending";
  /** What was actually paid: a success for less than the price is not a success. */
  amount_minor?: number;
  currency?: string;
  reason?: string;
  /** Stripe, still open: what the Payment Element needs to take the payment on our page. */
  client_secret?: string;
  /** Stripe Checkout, still open: its hosted page, where the person can go back and pay. */
  checkout_url?: string;
}

export interface WebhookEvent {
  /** The gateway's id for this notification: a repeat of it is acknowledged and ignored. */
  event_id: string;
  type: string;
  /** null: an event we do not act on (acknowledged all the same, so the gateway stops sending it). */
  outcome: Outcome | null;
}

/** The notification is not from the gateway (bad or missing signature). */
export class WebhookSignatureError extends Error {}

/** Signed, but not the notification the gateway documents: sending it again would not help. */
export class WebhookBodyError extends Error {}

export interface PaymentGateway {
  type: GatewayType;
  /** Offered only when its keys are configured. */
  enabled(settings: GatewaySettings): boolean;
  /** What the browser may know (publishable keys). */
  publicConfig(settings: GatewaySettings): Record<string, string>;
  start(settings: GatewaySettings, request: PaymentRequest): Promise<StartResult>;
  /** Asks the gateway how a payment ended (after the person comes back from its page). */
  verify(
    settings: GatewaySettings,
    tx: { order_id: string; gateway_reference: string | null },
  ): Promise<Outcome>;
  /** Checks the signature (throws WebhookSignatureError) and reads the event. */
  webhook(settings: GatewaySettings, rawBody: string, headers: Headers): Promise<WebhookEvent>;
}

/** Minor units per major unit of a currency (100 for AED and USD, 1 for JPY), from the platform. */
export function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** 12345 AED minor units → "123.45": for gateways that take decimal amounts (Flutterwave, PayPal). */
export function toMajorString(amountMinor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  if (digits === 0) return String(amountMinor);
  const s = String(amountMinor).padStart(digits + 1, "0");
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/** "123.45" or 123.45 → 12345: exact for the decimals a currency has (no floating-point multiply). */
export function fromMajor(amount: string | number, currency: string): number {
  const digits = minorUnitDigits(currency);
  const [whole, frac = ""] = (typeof amount === "number" ? amount.toFixed(digits) : amount.trim()).split(".");
  return Number(whole) * 10 ** digits + Number((frac + "0".repeat(digits)).slice(0, digits) || "0");
}
