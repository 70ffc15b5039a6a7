// Payments in the admin console: every transaction, filtered, and the bank transfers that wait for
// an admin to compare the receipt with the bank statement. Accepting gives the package (the same
// code path as a gateway's success); rejecting needs a reason, which the person reads.
import type { Hono } from "hono";
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { packages, paymentStatusEnum, paymentTransactions, users } from "../../db/schema";
import { defineCall } from "../call";
import { AdminPayment, ReviewedPayment } from "./output";
import type { ApiDeps } from "../context";
import { ApiError } from "../envelope";
import { idOf } from "../contract/ids";
import { localize } from "../i18n";
import { limitOffset } from "../contract/pagination";
import { GATEWAY_TYPES } from "../payments/gateway";
import { decideReview } from "../payments/transactions";
import { bearer, privateFileResponse } from "../raw";
import { audit } from "./audit";
import { containing } from "./search";

export const PAYMENT_METHODS = [...GATEWAY_TYPES, "bank_transfer", "free"] as const;
export const PAYMENT_REJECT_REASON_REQUIRED = "Please write why the transfer is rejected";
const DATE_MESSAGE = "Use a date such as 2025-01-31";

// ISO dates include the year 0000, which PostgreSQL does not have (a 500 from the query): no payment
// is that old, so the filter starts in 1900.
const day = () =>
  z.iso
    .date({ error: DATE_MESSAGE })
    .refine((v) => v >= "1900-01-01", DATE_MESSAGE)
    .optional();

export const adminPaymentsInput = z
  .object({
    ...limitOffset(25, 100),
    status: z
      .enum(paymentStatusEnum.enumValues, { error: "Choose pending, success, failed, review or rejected" })
      .optional(),
    gateway: z.enum(PAYMENT_METHODS, { error: "Choose a payment method" }).optional(),
    /** Words in the payer's name or email, or the order id. */
    search: z.string().trim().max(100, "at most 100 characters").optional(),
    /** Paid on or after this day (UTC). */
    from: day(),
    /** Paid on or before this day (UTC). */
    to: day(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    path: ["to"],
    message: "The end date is before the start date",
  });

/** The receipt of a bank transfer, for admins, through the site (the file is never public). */
export const receiptPath = (id: number) => `/admin/payments/${id}/receipt`;

export const adminPayments = defineCall({
  name: "admin/payments",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "Payment transactions, newest first, filtered by status, method, payer (name or email) and day; amounts in minor units with their currency",
  input: adminPaymentsInput,
  output: z.array(AdminPayment),
  total: true,
  async handler(input, { db, lang }) {
    const where: SQL[] = [];
    if (input.status) where.push(eq(paymentTransactions.status, input.status));
    if (input.gateway) where.push(eq(paymentTransactions.payment_gateway, input.gateway));
    if (input.search) {
      const like = containing(input.search);
      where.push(
        or(
          ilike(users.name, like),
          ilike(users.email, like),
          eq(paymentTransactions.order_id, input.search),
        )!,
      );
    }
    if (input.from) where.push(gte(paymentTransactions.created_at, new Date(`${input.from}T00:00:00Z`)));
    if (input.to) where.push(lt(paymentTransactions.created_at, sql`(${input.to}::date + 1)::timestamptz`));
    const cond = where.length ? and(...where) : undefined;
    const [rows, [count]] = await Promise.all([
      db
        .select({
          tx: paymentTransactions,
          user_name: users.name,
          user_email: users.email,
          package_name: packages.name,
          package_translations: packages.translations,
        })
        .from(paymentTransactions)
        .innerJoin(users, eq(users.id, paymentTransactions.user_id))
        .innerJoin(packages, eq(packages.id, paymentTransactions.package_id))
        .where(cond)
        .orderBy(desc(paymentTransactions.created_at), desc(paymentTransactions.id))
        .limit(input.limit)
        .offset(input.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(paymentTransactions)
        .innerJoin(users, eq(users.id, paymentTransactions.user_id))
        .where(cond),
    ]);
    return {
      data: rows.map(({ tx, ...r }) => ({
        id: tx.id,
        order_id: tx.order_id,
        user: { id: tx.user_id, name: r.user_name, email: r.user_email },
        package: { id: tx.package_id, name: localize(r.package_translations, lang, "name", r.package_name) },
        amount_minor: tx.amount_minor,
        currency: tx.currency,
        payment_gateway: tx.payment_gateway,
        status: tx.status,
        reason: tx.reason,
        receipt_url: tx.receipt_key ? receiptPath(tx.id) : null,
        created_at: tx.created_at.toISOString(),
        updated_at: tx.updated_at.toISOString(),
      })),
      total: count?.n ?? 0,
    };
  },
});

const yesNo = z.preprocess(
  (v) =>
    v === true || v === 1 || v === "1" || v === "true"
      ? true
      : v === false || v === 0 || v === "0" || v === "false"
        ? false
        : v,
  z.boolean({ error: "accept must be true or false" }),
);

export const adminReviewPayment = defineCall({
  name: "admin/review-payment",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Accept a bank transfer in review (the package is given and the payer told) or reject it with a reason (the payer is told why)",
  input: z.object({
    id: idOf("id"),
    accept: yesNo,
    reason: z.string().trim().max(1000, "The reason must be at most 1000 characters").optional(),
  }),
  output: ReviewedPayment,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    const reason = input.reason?.trim() || null;
    if (!input.accept && !reason)
      throw new ApiError(400, PAYMENT_REJECT_REASON_REQUIRED, { reason: [PAYMENT_REJECT_REASON_REQUIRED] });
    const row = await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.id, input.id))
        .for("update");
      const after = await decideReview(
        tx,
        input.id,
        input.accept,
        input.accept ? null : reason,
        ctx.user?.id ?? null,
      );
      const view = (r: typeof after) => ({
        status: r.status,
        reason: r.reason,
        user_package_id: r.user_package_id,
        amount_minor: r.amount_minor,
        currency: r.currency,
      });
      await audit(tx, ctx, {
        action: input.accept ? "payment.accept" : "payment.reject",
        target_type: "payment",
        target_id: input.id,
        before: view(before!),
        after: view(after),
        reason: input.accept ? null : reason,
      });
      return after;
    });
    return {
      data: { id: row.id, status: row.status, reason: row.reason, user_package_id: row.user_package_id },
      message: input.accept ? "Transfer accepted: the package is active" : "Transfer rejected",
    };
  },
});

/**
 * A bank transfer's receipt, for admins only: it shows account numbers. Not JSON, so not a call;
 * mounted beside the calls as GET /api/admin/payment-receipt/:id.
 */
export function mountPaymentReceipts(app: Hono, deps: ApiDeps) {
  app.get("/admin/payment-receipt/:id", async (c) => {
    const token = bearer(c);
    // Revocation is checked as for every admin call: a former admin is refused at once.
    const principal = token ? await deps.auth.verify(token, true) : null;
    if (!principal) return c.json({ error: true, message: "Unauthorized", data: null }, 401);
    if (!principal.admin) return c.json({ error: true, message: "Forbidden", data: null }, 403);
    const missing = () => c.json({ error: true, message: "File not found", data: null }, 404);
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id <= 0 || id >= 2 ** 31) return missing();
    const [row] = await deps.db
      .select({ key: paymentTransactions.receipt_key })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, id))
      .limit(1);
    const body = row?.key ? await deps.storage.get(row.key) : null;
    if (!row?.key || !body) return missing();
    const ext = row.key.split(".").pop() ?? "pdf";
    const type = ext === "pdf" ? "application/pdf" : ext === "png" ? "image/png" : "image/jpeg";
    return privateFileResponse(body, { type, name: `receipt-${id}.${ext}` }, "private, no-store");
  });
}
