// Payloads of the package and payment calls (spec §3 "Package purchase", §7), shared by the API,
// the forms and the OpenAPI document.
import { z } from "zod";
import { limitOffset } from "../contract/pagination";
import { idOf } from "../contract/ids";

export const PLATFORM_TYPES = ["web", "android", "ios"] as const;

export const packageIdSchema = z.object({ package_id: idOf("package_id") });

export const createPaymentIntentSchema = z.object({
  package_id: idOf("package_id"),
  platform_type: z
    .enum(PLATFORM_TYPES, { error: "platform_type must be web, android or ios" })
    .default("web"),
});

/** paypal (spec §7: amount, package_id): the amount must be the package's price, in major units. */
export const paypalSchema = z.object({
  package_id: idOf("package_id"),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,3})?$/, "amount must be a price such as 49.99")
    .optional(),
});

export const transactionIdSchema = z.object({ payment_transaction_id: idOf("payment_transaction_id") });

export const paymentStatusSchema = transactionIdSchema.extend({
  /** The person came back from the gateway's page without paying. */
  canceled: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

export const RECEIPT_MESSAGES = {
  required: "Please attach the receipt of your transfer",
  type: "The receipt must be a PDF, JPEG or PNG file",
  size: "The receipt must be at most 10 MB",
} as const;
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

export const bankTransferSchema = z.object({
  package_id: idOf("package_id"),
  receipt: z.custom<File>(
    (v) => typeof File !== "undefined" && v instanceof File && v.size > 0,
    RECEIPT_MESSAGES.required,
  ),
});

export const paymentDetailsSchema = z.object({ ...limitOffset(20, 100) });
