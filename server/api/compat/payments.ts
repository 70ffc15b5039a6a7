// Packages and payments in the apps' keys. The amounts and the gateway are always ours: a price or
// currency the app sends is ignored (their server trusted it for Stripe), the package decides.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { CompatError, expectOk, IGNORED_EVERYWHERE, type Body, type Compat } from "./context";
import * as shape from "./shapes";

async function minorDigits(c: Compat): Promise<number> {
  const s = await c.call("get_payment_settings", {});
  return s.body.error ? 2 : ((s.body.data as any).currency?.minor_digits ?? 2);
}

export async function packages(c: Compat): Promise<Body> {
  const body = expectOk(
    await c.call("get-package", {}, { ignore: [...IGNORED_EVERYWHERE, "platform_type"] }),
  ) as any;
  const digits = await minorDigits(c);
  const active = (body.data.active ?? []).map(shape.heldPackage);
  const heldIds = new Set(active.map((p: any) => p.id));
  const offered = (body.data.packages ?? []).map((p: any) => ({
    ...shape.offeredPackage(p, digits),
    is_active: heldIds.has(p.id) ? 1 : 0,
  }));
  return {
    error: false,
    message: body.message,
    data: offered,
    total: offered.length,
    active_packages: active,
    all_features: shape.allFeatures(),
  };
}

/** Their gateway switches and keys as `{ type, data }` rows ("1" = on). */
export async function paymentSettings(c: Compat): Promise<Body> {
  const body = expectOk(await c.call("get_payment_settings", {})) as any;
  const rows: { type: string; data: string }[] = [];
  const currency = body.data.currency?.code ?? "";
  const switchName: Record<string, string> = {
    stripe: "stripe_gateway",
    paystack: "paystack_gateway",
    paypal: "paypal_gateway",
    flutterwave: "flutterwave_status",
    bank_transfer: "bank_transfer_status",
  };
  for (const m of body.data.methods ?? []) {
    rows.push({ type: switchName[m.type] ?? `${m.type}_gateway`, data: "1" });
    for (const [k, v] of Object.entries(m)) if (k !== "type") rows.push({ type: k, data: String(v) });
  }
  rows.push(
    { type: "stripe_currency", data: currency },
    { type: "paystack_currency", data: currency },
    { type: "currency_code", data: currency },
  );
  return { error: false, message: body.message, data: rows };
}

/**
 * A Stripe payment of a package (their createPaymentIntent and create-payment-intent). Their web
 * app also sends the amount, currency and a shipping address: the package decides the amount here.
 */
export async function paymentIntent(c: Compat): Promise<Body> {
  const f = { ...c.fields };
  const platform = String(f.platform_type ?? "web").toLowerCase();
  const body = expectOk(
    await c.call(
      "create-payment-intent",
      { package_id: f.package_id, platform_type: platform === "app" ? "android" : platform },
      { ignore: [] },
    ),
  ) as any;
  const d = body.data;
  const intent = {
    id: String(d.payment_transaction_id),
    payment_transaction_id: d.payment_transaction_id,
    client_secret: d.client_secret ?? "",
    amount: d.amount_minor,
    currency: d.currency,
    payment_gateway_response: { client_secret: d.client_secret ?? "", publishable_key: d.publishable_key },
  };
  return {
    error: false,
    message: body.message,
    data: { ...intent, payment_intent: intent, publishable_key: d.publishable_key, return_url: d.return_url },
  };
}

/** confirmPayment (paymentIntentId: the id createPaymentIntent gave) and app_payment_status. */
export async function confirmPayment(c: Compat): Promise<Body> {
  const f = c.fields;
  const id = f.paymentIntentId ?? f.payment_transaction_id ?? f.id;
  if (id === undefined) throw new CompatError("paymentIntentId is required");
  const body = expectOk(await c.call("payment-status", { payment_transaction_id: id })) as any;
  const t = body.data;
  if (t.status === "success")
    return { error: false, message: "Payment Successfully", data: shape.transaction(t, null) };
  if (t.status === "pending")
    throw new CompatError("Payment is not complete yet", { data: shape.transaction(t, null) });
  throw new CompatError("Payment failed", { data: shape.transaction(t, null) });
}
