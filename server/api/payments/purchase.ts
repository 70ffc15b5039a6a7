// Buying a package: checks that hold for every way of paying, then one pending transaction per
// attempt, handed to the gateway. The package itself comes only from `settle` (transactions.ts).
import { ApiError } from "../envelope";
import { env } from "../../runtime/env.server";
import { member, type ApiContext } from "../context";
import { localize } from "../i18n";
import type { GatewaySettings, GatewayType, PaymentRequest, StartResult } from "./gateway";
import { GATEWAYS } from "./gateways";
import { readGatewaySettings } from "./settings";
import {
  buyablePackage,
  createTransaction,
  setGatewayReference,
  settle,
  siteCurrency,
  type TransactionRow,
} from "./transactions";
import { logger } from "../../observability/log";

export const NO_METHOD_MESSAGE = "No payment method is enabled. Please contact the admin.";
export const PAYMENT_FAILED = "Payment failed";
export const PAYMENT_CANCELED = "Payment canceled. Please try again later.";
export const NOT_FREE_MESSAGE = "This package is not free";
export const IS_FREE_MESSAGE = "This package is free: take it without paying";

/** A paid package this person may buy now. */
export async function paidPackageFor(ctx: ApiContext, packageId: number) {
  const pkg = await buyablePackage(ctx.db, packageId);
  if (pkg.is_free || pkg.price_minor === 0)
    throw new ApiError(400, IS_FREE_MESSAGE, { package_id: [IS_FREE_MESSAGE] });
  return pkg;
}

/** Where a person lands after the gateway's page: the site's own address, not the API's. */
export function siteOrigin(ctx: ApiContext): string {
  const configured = env().PUBLIC_ORIGIN;
  if (configured) return configured.replace(/\/+$/, "");
  const forwarded = ctx.request.headers.get(SITE_ORIGIN_HEADER);
  if (forwarded && /^https?:\/\/[^/\s]+$/.test(forwarded)) return forwarded;
  return new URL(ctx.request.url).origin;
}
/** Set by the web app when it calls the API in process, so return addresses point at the site. */
export const SITE_ORIGIN_HEADER = "x-souq-site-origin";

export const paymentPagePath = (id: number) => `/user/payments/${id}`;

/** How a payment is started, when not the gateway's usual way. */
export interface StartOptions {
  /** Another way into the same gateway (Stripe's hosted Checkout instead of a PaymentIntent). */
  start?: (settings: GatewaySettings, request: PaymentRequest) => Promise<StartResult>;
  /** Back to the page in the caller's language ("/ar/user/payments/…"), not the English one. */
  localized?: boolean;
}

/**
 * Starts an online payment: a pending transaction, then the gateway. If the gateway cannot start
 * it, the transaction is marked failed with the reason and the person hears 'Payment failed'.
 */
export async function startOnlinePayment(
  ctx: ApiContext,
  gateway: GatewayType,
  packageId: number,
  platformType = "web",
  options: StartOptions = {},
) {
  const user = member(ctx);
  const settings = await readGatewaySettings(ctx.db);
  const impl = GATEWAYS[gateway];
  if (!impl || !impl.enabled(settings)) throw new ApiError(400, NO_METHOD_MESSAGE);
  const pkg = await paidPackageFor(ctx, packageId);
  const currency = await siteCurrency(ctx.db);
  const tx = await createTransaction(ctx.db, {
    user_id: user.id,
    package_id: pkg.id,
    amount_minor: pkg.price_minor,
    currency,
    payment_gateway: gateway,
    platform_type: platformType,
  });
  const origin = siteOrigin(ctx);
  // The site's addresses: English unprefixed, Arabic under /ar.
  const page = `${origin}${options.localized && ctx.lang === "ar" ? "/ar" : ""}${paymentPagePath(tx.id)}`;
  const start = options.start ?? impl.start.bind(impl);
  try {
    const started = await start(settings, {
      order_id: tx.order_id,
      amount_minor: tx.amount_minor,
      currency,
      email: user.email,
      name: user.name,
      package_name: localize(pkg.translations, ctx.lang, "name", pkg.name),
      return_url: page,
      cancel_url: `${page}?canceled=1`,
    });
    if (started.gateway_reference) await setGatewayReference(ctx.db, tx.id, started.gateway_reference);
    return { tx, started, settings, impl };
  } catch (error) {
    logger().warn({ err: error, gateway, payment: tx.id }, "A gateway could not start a payment");
    await markStartFailed(ctx, tx, error);
    throw new ApiError(502, PAYMENT_FAILED);
  }
}

async function markStartFailed(ctx: ApiContext, tx: TransactionRow, error: unknown) {
  await settle(
    ctx.db,
    { id: tx.id },
    { status: "failed", reason: error instanceof Error ? error.message.slice(0, 300) : PAYMENT_FAILED },
    "api",
  );
}

/** A free package, straight away (spec `assign_package`). */
export async function freePackageFor(ctx: ApiContext, packageId: number) {
  const pkg = await buyablePackage(ctx.db, packageId);
  if (!pkg.is_free && pkg.price_minor > 0)
    throw new ApiError(400, NOT_FREE_MESSAGE, { package_id: [NOT_FREE_MESSAGE] });
  return pkg;
}
