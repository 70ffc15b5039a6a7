// Payment transactions: the only place money turns into a package. Every status change is written
// with the row locked and recorded in payment_transaction_events, in the same database transaction
// as the package it gives, so a payment is never lost and never counted twice.
import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database, Executor, Tx } from "../../db/client.server";
import {
  packages,
  paymentTransactionEvents,
  paymentTransactions,
  paymentWebhookEvents,
  userPackages,
  users,
} from "../../db/schema";
import { ApiError, notFound } from "../envelope";
import { readSettings } from "../settings/calls";
import { assignPackage } from "../packages/service";
import type { Outcome, WebhookEvent } from "./gateway";
import { notify } from "../notifications/service";

export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type PaymentStatus = TransactionRow["status"];
export type PaymentSource = "api" | "webhook" | "verify" | "admin";

/** Unguessable: it travels through the person's browser and the gateway's pages. */
export const newOrderId = () => `souq_${Date.now().toString(36)}_${randomBytes(9).toString("base64url")}`;

/** The site's currency code (spec §3 selected_currency_data.code). */
export async function siteCurrency(db: Executor): Promise<string> {
  const s = await readSettings(db);
  const code = (s.selected_currency_data as { code?: string } | undefined)?.code ?? "AED";
  return code.toUpperCase();
}

/** A package that can be bought now, or the reason it cannot. */
export async function buyablePackage(db: Executor, packageId: number) {
  const [pkg] = await db.select().from(packages).where(eq(packages.id, packageId)).limit(1);
  if (!pkg || !pkg.status) throw notFound("Package not found");
  return pkg;
}

/** A free package someone may take only once: did they take it before? */
export async function hadPackage(db: Executor, userId: number, packageId: number) {
  const [row] = await db
    .select({ id: userPackages.id })
    .from(userPackages)
    .where(and(eq(userPackages.user_id, userId), eq(userPackages.package_id, packageId)))
    .limit(1);
  return Boolean(row);
}

async function record(
  tx: Executor,
  row: Pick<TransactionRow, "id">,
  from: PaymentStatus | null,
  to: PaymentStatus,
  source: PaymentSource,
  detail: Record<string, unknown> = {},
) {
  await tx
    .insert(paymentTransactionEvents)
    .values({ transaction_id: row.id, from_status: from, to_status: to, source, detail });
}

export async function createTransaction(
  db: Database,
  values: {
    user_id: number;
    package_id: number;
    amount_minor: number;
    currency: string;
    payment_gateway: string;
    platform_type?: string;
    status?: PaymentStatus;
    receipt_key?: string | null;
    order_id?: string;
  },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentTransactions)
      .values({ ...values, status: values.status ?? "pending", order_id: values.order_id ?? newOrderId() })
      .returning();
    await record(tx, row!, null, row!.status, "api");
    return row!;
  });
}

/**
 * A free package: a transaction that succeeds at once. The person's row is locked, so two requests
 * at the same moment cannot both take a package that may be taken once.
 */
export async function takeFreePackage(
  db: Database,
  userId: number,
  pkg: typeof packages.$inferSelect,
  currency: string,
  platformType = "web",
) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (pkg.once_per_user && (await hadPackage(tx, userId, pkg.id)))
      throw new ApiError(409, ALREADY_HAD_MESSAGE, { package_id: [ALREADY_HAD_MESSAGE] });
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        user_id: userId,
        package_id: pkg.id,
        amount_minor: 0,
        currency,
        payment_gateway: "free",
        platform_type: platformType,
        order_id: newOrderId(),
      })
      .returning();
    await record(tx, row!, null, "pending", "api");
    return (await settleIn(tx, { id: row!.id }, { status: "success" }, "api", {}))!;
  });
}

export const ALREADY_HAD_MESSAGE = "You have already used this free package";

/** The gateway's id for a payment, once it gives one. */
export async function setGatewayReference(db: Executor, id: number, reference: string) {
  await db
    .update(paymentTransactions)
    .set({ gateway_reference: reference, updated_at: new Date() })
    .where(eq(paymentTransactions.id, id));
}

type Locator = { id: number } | { order_id: string } | { gateway: string; gateway_reference: string };

async function lockTransaction(tx: Executor, where: Locator) {
  const cond =
    "id" in where
      ? eq(paymentTransactions.id, where.id)
      : "order_id" in where
        ? eq(paymentTransactions.order_id, where.order_id)
        : and(
            eq(paymentTransactions.payment_gateway, where.gateway),
            eq(paymentTransactions.gateway_reference, where.gateway_reference),
          );
  const [row] = await tx.select().from(paymentTransactions).where(cond).limit(1).for("update");
  return row ?? null;
}

/**
 * Applies what a gateway (or an admin) says about a payment. Success assigns the package exactly
 * once: the row is locked, and only a transaction not yet successful moves. A success for another
 * amount or currency than the price is recorded as a failure, never as a package.
 */
export async function settle(
  db: Database,
  where: Locator,
  outcome: Outcome,
  source: PaymentSource,
  detail: Record<string, unknown> = {},
): Promise<TransactionRow | null> {
  return db.transaction((tx) => settleIn(tx, where, outcome, source, detail));
}

async function settleIn(
  tx: Executor,
  where: Locator,
  outcome: Outcome,
  source: PaymentSource,
  detail: Record<string, unknown>,
) {
  const row = await lockTransaction(tx, where);
  if (!row) return null;
  if (outcome.status === "pending") return row;
  if (outcome.status === "success") {
    // Final states: a repeat of the news changes nothing. A failure can still turn into a success
    // when the gateway says the money came after all (a person closed the page, then paid).
    if (row.status === "success" || row.status === "rejected") return row;
    const mismatch =
      (outcome.amount_minor !== undefined && outcome.amount_minor !== row.amount_minor) ||
      (outcome.currency !== undefined && outcome.currency.toUpperCase() !== row.currency);
    if (mismatch) {
      const reason = `Paid ${outcome.amount_minor ?? "?"} ${outcome.currency ?? "?"} for a price of ${row.amount_minor} ${row.currency}`;
      if (row.status === "failed") return row;
      return move(tx, row, "failed", source, { ...detail, reason }, reason);
    }
    const userPackageId = await assignPackage(tx, row.user_id, row.package_id);
    const [updated] = await tx
      .update(paymentTransactions)
      .set({
        status: "success",
        user_package_id: userPackageId,
        gateway_reference: row.gateway_reference ?? outcome.gateway_reference ?? null,
        reason: null,
        updated_at: new Date(),
      })
      .where(eq(paymentTransactions.id, row.id))
      .returning();
    await record(tx, row, row.status, "success", source, detail);
    const [held] = await tx
      .select({ end_at: userPackages.end_at, name: packages.name })
      .from(userPackages)
      .innerJoin(packages, eq(packages.id, userPackages.package_id))
      .where(eq(userPackages.id, userPackageId));
    // A free package is taken on the spot, in front of the person: nothing to tell them later.
    if (row.payment_gateway !== "free")
      await notify(
        tx,
        row.user_id,
        "payment_success",
        { package: held!.name, until: held!.end_at.toISOString().slice(0, 10) },
        "/user/subscriptions",
      );
    return updated!;
  }
  // Failed: only a payment still open can fail; success and an admin's decision stand.
  if (row.status !== "pending" && row.status !== "review") return row;
  return move(tx, row, "failed", source, detail, outcome.reason ?? "Payment failed");
}

async function move(
  tx: Executor,
  row: TransactionRow,
  to: PaymentStatus,
  source: PaymentSource,
  detail: Record<string, unknown>,
  reason: string | null,
) {
  const [updated] = await tx
    .update(paymentTransactions)
    .set({ status: to, reason, updated_at: new Date() })
    .where(eq(paymentTransactions.id, row.id))
    .returning();
  await record(tx, row, row.status, to, source, detail);
  // The person hears of a failure they did not cause themselves (a cancel is their own doing).
  if (to === "failed" && source !== "api") {
    const [pkg] = await tx
      .select({ name: packages.name })
      .from(packages)
      .where(eq(packages.id, row.package_id));
    await notify(tx, row.user_id, "payment_failed", { package: pkg?.name ?? "" }, `/user/payments/${row.id}`);
  }
  return updated!;
}

/**
 * A signed notification: recorded by its id and applied in one database transaction, so the same
 * event delivered ten times is applied once, and a crash half-way applies nothing.
 */
export async function applyWebhook(
  db: Database,
  gateway: string,
  event: WebhookEvent,
): Promise<"applied" | "repeat" | "ignored"> {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(paymentWebhookEvents)
      .values({ gateway, event_id: event.event_id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh.length) return "repeat";
    const o = event.outcome;
    if (!o) return "ignored";
    const where: Locator | null = o.order_id
      ? { order_id: o.order_id }
      : o.gateway_reference
        ? { gateway, gateway_reference: o.gateway_reference }
        : null;
    if (!where) return "ignored";
    const row = await settleIn(tx, where, o, "webhook", { event_id: event.event_id, type: event.type });
    return row ? "applied" : "ignored";
  });
}

/** The person cancelled or the payment failed in the browser (`payment-transaction-fail`). Only their own, only while open. */
export async function failByOwner(db: Database, userId: number, id: number, reason: string) {
  return db.transaction(async (tx) => {
    const row = await lockTransaction(tx, { id });
    if (!row || row.user_id !== userId) throw notFound("Transaction not found");
    if (row.status !== "pending") return row;
    return move(tx, row, "failed", "api", { reason }, reason);
  });
}

export const NOT_IN_REVIEW_MESSAGE = "This transaction is not waiting for review";

/**
 * An admin's decision on a bank transfer waiting in review. Takes the console's own transaction
 * (the audit line is written in it), or opens one. The person hears either way.
 */
export async function decideReview(
  db: Database | Tx,
  id: number,
  accept: boolean,
  reason: string | null,
  adminId: number | null,
) {
  return db.transaction(async (tx) => {
    const row = await lockTransaction(tx, { id });
    if (!row) throw notFound("Transaction not found");
    if (row.status !== "review") throw new ApiError(409, NOT_IN_REVIEW_MESSAGE);
    if (accept) return (await settleIn(tx, { id }, { status: "success" }, "admin", { admin_id: adminId }))!;
    const updated = await move(tx, row, "rejected", "admin", { admin_id: adminId, reason }, reason);
    const [pkg] = await tx
      .select({ name: packages.name })
      .from(packages)
      .where(eq(packages.id, row.package_id));
    await notify(
      tx,
      row.user_id,
      "payment_rejected",
      { package: pkg?.name ?? "", reason: reason ?? "" },
      `/user/payments/${row.id}`,
    );
    return updated;
  });
}

/** One of the caller's own transactions (someone else's reads as not found). */
export async function ownTransaction(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.user_id, userId)))
    .limit(1);
  if (!row) throw notFound("Transaction not found");
  return row;
}

/** The caller's transactions, newest first, with the package's name. */
export async function transactionsOf(db: Executor, userId: number, offset: number, limit: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        tx: paymentTransactions,
        package_name: packages.name,
        package_translations: packages.translations,
      })
      .from(paymentTransactions)
      .innerJoin(packages, eq(packages.id, paymentTransactions.package_id))
      .where(eq(paymentTransactions.user_id, userId))
      .orderBy(desc(paymentTransactions.created_at), desc(paymentTransactions.id))
      .offset(offset)
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.user_id, userId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}
