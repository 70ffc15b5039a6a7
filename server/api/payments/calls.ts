// Package purchase and payment calls (spec §7): which methods are on, free packages, Stripe's
// PaymentIntent, the redirect gateways (Paystack, Flutterwave, PayPal), bank transfer, a person's
// transactions, and marking a payment failed or asking how it ended.
import { ONE_FILE_BODY_BYTES } from "../body-limit";
import { defineCall } from "../call";
import { member } from "../context";
import { ApiError } from "../envelope";
import { settingFlag } from "../settings/calls";
import { localize } from "../i18n";
import { sniff } from "../uploads.server";
import { GATEWAY_TYPES, minorUnitDigits, toMajorString, type GatewayType } from "./gateway";
import { GATEWAYS } from "./gateways";
import { startCheckoutSession } from "./stripe";
import { readGatewaySettings } from "./settings";
import {
  NO_METHOD_MESSAGE,
  PAYMENT_CANCELED,
  freePackageFor,
  paidPackageFor,
  paymentPagePath,
  startOnlinePayment,
} from "./purchase";
import {
  createTransaction,
  failByOwner,
  newOrderId,
  ownTransaction,
  settle,
  siteCurrency,
  takeFreePackage,
  transactionsOf,
  type TransactionRow,
} from "./transactions";
import {
  RECEIPT_MAX_BYTES,
  RECEIPT_MESSAGES,
  bankTransferSchema,
  createPaymentIntentSchema,
  packageIdSchema,
  paymentDetailsSchema,
  paymentStatusSchema,
  paypalSchema,
  transactionIdSchema,
} from "./schema";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { packages } from "../../db/schema";
import { PaymentIntent, PaymentRedirect, PaymentSettings, PaymentStatus, Transaction } from "./output";
import { logger } from "../../observability/log";

/** A transaction as its owner sees it. */
function present(row: TransactionRow, packageName?: string) {
  return {
    id: row.id,
    order_id: row.order_id,
    package_id: row.package_id,
    package_name: packageName,
    amount_minor: row.amount_minor,
    amount: toMajorString(row.amount_minor, row.currency),
    currency: row.currency,
    payment_gateway: row.payment_gateway,
    platform_type: row.platform_type,
    status: row.status,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const getPaymentSettings = defineCall({
  name: "get_payment_settings",
  method: "GET",
  access: "public",
  tag: "payments",
  summary:
    "Which payment methods are enabled (keys configured), their public keys, and the site currency; none → the spec's message",
  input: z.object({}),
  output: PaymentSettings,
  async handler(_input, ctx) {
    const [gs, currency] = await Promise.all([readGatewaySettings(ctx.db), siteCurrency(ctx.db)]);
    const methods: { type: GatewayType | "bank_transfer"; [key: string]: string }[] = [];
    for (const type of GATEWAY_TYPES) {
      const g = GATEWAYS[type];
      if (g?.enabled(gs)) methods.push({ type, ...g.publicConfig(gs) });
    }
    if (settingFlag(gs.bank_transfer_status) && gs.bank_transfer_details)
      methods.push({ type: "bank_transfer", details: gs.bank_transfer_details });
    return {
      data: { currency: { code: currency, minor_digits: minorUnitDigits(currency) }, methods },
      message: methods.length ? undefined : NO_METHOD_MESSAGE,
    };
  },
});

export const getPaymentDetails = defineCall({
  name: "get_payment_details",
  method: "GET",
  access: "user",
  tag: "payments",
  summary:
    "The caller's own payment transactions, newest first, with status (pending, success, failed, review, rejected)",
  input: paymentDetailsSchema,
  output: z.array(Transaction),
  total: true,
  async handler(input, ctx) {
    if (!ctx.user) return { data: [], total: 0 };
    const { rows, total } = await transactionsOf(ctx.db, ctx.user.id, input.offset, input.limit);
    return {
      data: rows.map((r) =>
        present(r.tx, localize(r.package_translations, ctx.lang, "name", r.package_name)),
      ),
      total,
    };
  },
});

export const assignPackageCall = defineCall({
  name: "assign_package",
  method: "POST",
  access: "user",
  tag: "payments",
  summary: "Take a free package now (once per person when the package says so)",
  input: packageIdSchema,
  output: Transaction,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    const user = member(ctx);
    const pkg = await freePackageFor(ctx, input.package_id);
    const tx = await takeFreePackage(ctx.db, user.id, pkg, await siteCurrency(ctx.db));
    return {
      data: present(tx, localize(pkg.translations, ctx.lang, "name", pkg.name)),
      message: "Package assigned",
    };
  },
});

export const createPaymentIntent = defineCall({
  name: "create-payment-intent",
  method: "POST",
  access: "user",
  tag: "payments",
  summary:
    "Stripe: a PaymentIntent for a paid package (client_secret for the Payment Element). The package is given by Stripe's signed webhook",
  input: createPaymentIntentSchema,
  output: PaymentIntent,
  errorStatuses: [404, 502],
  async handler(input, ctx) {
    const { tx, started, settings, impl } = await startOnlinePayment(
      ctx,
      "stripe",
      input.package_id,
      input.platform_type,
    );
    return {
      data: {
        payment_transaction_id: tx.id,
        client_secret: started.client_secret,
        publishable_key: impl.publicConfig(settings).publishable_key ?? "",
        amount_minor: tx.amount_minor,
        currency: tx.currency,
        return_url: paymentPagePath(tx.id),
      },
    };
  },
});

export const createCheckoutSession = defineCall({
  name: "create-checkout-session",
  method: "POST",
  access: "user",
  tag: "payments",
  summary:
    "Stripe without the Payment Element (no JavaScript): a Checkout Session for a paid package; redirect_url is Stripe's hosted page, which sends the person back to return_url. The package is given by Stripe's signed webhook (checkout.session.completed / async_payment_succeeded)",
  input: packageIdSchema,
  output: PaymentRedirect,
  errorStatuses: [404, 502],
  async handler(input, ctx) {
    const { tx, started } = await startOnlinePayment(ctx, "stripe", input.package_id, "web", {
      start: startCheckoutSession,
      localized: true,
    });
    return {
      data: {
        payment_transaction_id: tx.id,
        redirect_url: started.redirect_url,
        return_url: paymentPagePath(tx.id),
      },
    };
  },
});

/** Paystack, Flutterwave and PayPal: the person pays on the gateway's page and comes back to ours. */
function redirectCall<N extends string>(name: N, gateway: GatewayType, summary: string) {
  return defineCall({
    name,
    method: "POST",
    access: "user",
    tag: "payments",
    summary,
    input: packageIdSchema,
    output: PaymentRedirect,
    errorStatuses: [404, 502],
    async handler(input, ctx) {
      const { tx, started } = await startOnlinePayment(ctx, gateway, input.package_id);
      return {
        data: {
          payment_transaction_id: tx.id,
          redirect_url: started.redirect_url,
          return_url: paymentPagePath(tx.id),
        },
      };
    },
  });
}

export const paystackCall = redirectCall(
  "paystack",
  "paystack",
  "Paystack: initialize a payment for a paid package; the answer's redirect_url is Paystack's checkout page",
);
export const flutterwaveCall = redirectCall(
  "flutterwave",
  "flutterwave",
  "Flutterwave: a payment link for a paid package (spec: flutterwave, package_id)",
);

export const paypalCall = defineCall({
  name: "paypal",
  method: "GET",
  access: "user",
  tag: "payments",
  summary:
    "PayPal (spec: paypal, amount, package_id): an order for a paid package; redirect_url is PayPal's approval page. amount, when sent, must be the price",
  input: paypalSchema,
  output: PaymentRedirect,
  errorStatuses: [403, 404, 502],
  async handler(input, ctx) {
    if (input.amount !== undefined) {
      const pkg = await paidPackageFor(ctx, input.package_id);
      const currency = await siteCurrency(ctx.db);
      if (Number(input.amount) !== Number(toMajorString(pkg.price_minor, currency))) {
        throw new ApiError(400, "amount does not match the package's price", {
          amount: ["amount does not match the package's price"],
        });
      }
    }
    const { tx, started } = await startOnlinePayment(ctx, "paypal", input.package_id);
    return {
      data: {
        payment_transaction_id: tx.id,
        redirect_url: started.redirect_url,
        return_url: paymentPagePath(tx.id),
      },
    };
  },
});

export const paymentTransactionFail = defineCall({
  name: "payment-transaction-fail",
  method: "POST",
  access: "user",
  tag: "payments",
  summary:
    "Mark one of the caller's pending transactions failed (the payment was cancelled or failed in the browser)",
  input: transactionIdSchema.extend({ reason: z.string().trim().max(300, "reason is too long").optional() }),
  output: Transaction,
  errorStatuses: [404],
  async handler(input, ctx) {
    const user = member(ctx);
    const row = await failByOwner(
      ctx.db,
      user.id,
      input.payment_transaction_id,
      input.reason ?? PAYMENT_CANCELED,
    );
    return {
      data: present(row),
      message: row.status === "failed" ? "Payment failed" : "Transaction not changed",
    };
  },
});

export const paymentStatus = defineCall({
  name: "payment-status",
  method: "GET",
  access: "user",
  tag: "payments",
  summary:
    "One of the caller's transactions; while it is pending, the gateway is asked how it ended (the return page after paying)",
  input: paymentStatusSchema,
  output: PaymentStatus,
  errorStatuses: [403, 404],
  async handler(input, ctx) {
    const user = member(ctx);
    let row = await ownTransaction(ctx.db, user.id, input.payment_transaction_id);
    const impl = GATEWAYS[row.payment_gateway as GatewayType];
    let pay: { client_secret: string; [key: string]: string } | undefined;
    let checkoutUrl: string | undefined;
    if (row.status === "pending" && impl) {
      const settings = await readGatewaySettings(ctx.db);
      try {
        const outcome = await impl.verify(settings, {
          order_id: row.order_id,
          gateway_reference: row.gateway_reference,
        });
        if (outcome.status !== "pending")
          row =
            (await settle(ctx.db, { id: row.id }, outcome, "verify", {
              gateway_reference: outcome.gateway_reference ?? null,
            })) ?? row;
        else if (outcome.client_secret)
          pay = { client_secret: outcome.client_secret, ...impl.publicConfig(settings) };
        else checkoutUrl = outcome.checkout_url;
      } catch (error) {
        // The gateway is unreachable: the webhook will still settle it; say it is pending.
        logger().warn(
          { err: error, gateway: row.payment_gateway, payment: row.id },
          "Payment verification failed",
        );
      }
    }
    if (row.status === "pending" && input.canceled) {
      row = await failByOwner(ctx.db, user.id, row.id, PAYMENT_CANCELED);
      pay = undefined;
      checkoutUrl = undefined;
    }
    const [pkg] = await ctx.db
      .select({ name: packages.name, translations: packages.translations })
      .from(packages)
      .where(eq(packages.id, row.package_id));
    return {
      data: {
        ...present(row, pkg ? localize(pkg.translations, ctx.lang, "name", pkg.name) : undefined),
        pay: row.status === "pending" ? pay : undefined,
        checkout_url: row.status === "pending" ? checkoutUrl : undefined,
      },
    };
  },
});

export const bankTransfer = defineCall({
  name: "bank-transfer",
  maxBodyBytes: ONE_FILE_BODY_BYTES,
  method: "POST",
  access: "user",
  tag: "payments",
  summary:
    "Pay a package by bank transfer: upload the receipt (PDF, JPEG or PNG); the transaction waits in review for an admin",
  input: bankTransferSchema,
  output: Transaction,
  errorStatuses: [404],
  async handler(input, ctx) {
    const user = member(ctx);
    const gs = await readGatewaySettings(ctx.db);
    if (!settingFlag(gs.bank_transfer_status) || !gs.bank_transfer_details)
      throw new ApiError(400, NO_METHOD_MESSAGE);
    const pkg = await paidPackageFor(ctx, input.package_id);
    if (input.receipt.size > RECEIPT_MAX_BYTES)
      throw new ApiError(400, RECEIPT_MESSAGES.size, { receipt: [RECEIPT_MESSAGES.size] });
    const bytes = Buffer.from(await input.receipt.arrayBuffer());
    const kind = sniff(bytes);
    if (!kind) throw new ApiError(400, RECEIPT_MESSAGES.type, { receipt: [RECEIPT_MESSAGES.type] });
    const currency = await siteCurrency(ctx.db);
    // Receipts carry account numbers: private storage, never served as a static file. The file goes
    // first; if the row cannot be written, the file is removed again.
    const orderId = newOrderId();
    const key = `private/receipts/${orderId}.${kind === "jpeg" ? "jpg" : kind}`;
    await ctx.storage.put(key, bytes, kind === "pdf" ? "application/pdf" : `image/${kind}`);
    let tx: TransactionRow;
    try {
      tx = await createTransaction(ctx.db, {
        user_id: user.id,
        package_id: pkg.id,
        amount_minor: pkg.price_minor,
        currency,
        payment_gateway: "bank_transfer",
        status: "review",
        order_id: orderId,
        receipt_key: key,
      });
    } catch (error) {
      await ctx.storage.delete(key).catch(() => {});
      throw error;
    }
    return {
      data: present(tx, localize(pkg.translations, ctx.lang, "name", pkg.name)),
      message: "Your receipt was sent. The package is yours once an admin confirms the transfer.",
    };
  },
});
