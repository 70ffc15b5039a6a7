// Answers about paying for packages: the methods on offer, a person's transactions, and what a
// gateway needs to take a payment.
import { z } from "zod";
import { paymentStatusEnum } from "../../db/schema";
import { dateTime, int, minor, named } from "../output";

/** A payment transaction as its owner sees it. */
export const Transaction = named(
  "Transaction",
  z.object({
    id: int,
    order_id: z.string(),
    package_id: int,
    /** In the caller's language; left out where the package is gone. */
    package_name: z.string().optional(),
    amount_minor: minor,
    /** The amount in major units as text ("199.00"). */
    amount: z.string(),
    currency: z.string(),
    payment_gateway: z.string(),
    platform_type: z.string(),
    status: z.enum(paymentStatusEnum.enumValues),
    reason: z.string().nullable(),
    created_at: dateTime,
    updated_at: dateTime,
  }),
  "A payment transaction as its owner sees it",
);

/** `get_payment_settings`: the site currency and the enabled methods with their public keys. */
export const PaymentSettings = z.object({
  currency: z.object({ code: z.string(), minor_digits: int }),
  /** Each with its public settings: `publishable_key` (stripe), `public_key` (paystack, flutterwave), `client_id` (paypal), `details` (bank_transfer). */
  methods: z.array(
    z
      .object({ type: z.enum(["stripe", "paystack", "flutterwave", "paypal", "bank_transfer"]) })
      .catchall(z.string()),
  ),
});

/** `create-payment-intent`: what Stripe's Payment Element needs. */
export const PaymentIntent = z.object({
  payment_transaction_id: int,
  client_secret: z.string().optional(),
  publishable_key: z.string(),
  amount_minor: minor,
  currency: z.string(),
  /** The page of the site a person returns to after paying. */
  return_url: z.string(),
});

/** Paystack, Flutterwave, PayPal: the gateway's page to pay on, and ours to come back to. */
export const PaymentRedirect = z.object({
  payment_transaction_id: int,
  redirect_url: z.string().optional(),
  return_url: z.string(),
});

/** `payment-status`: the transaction; while a Stripe payment is pending, what is needed to finish it. */
export const PaymentStatus = Transaction.extend({
  pay: z.object({ client_secret: z.string() }).catchall(z.string()).optional(),
  /** A Stripe Checkout Session still open: its hosted page, to go back and pay. */
  checkout_url: z.string().optional(),
});
