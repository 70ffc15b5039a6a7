// Leaving (decision 022): payments stay, because the accounts need them (what was paid, when, through
// which gateway, under which order id), but nothing in them says who paid any more: the row keeps
// pointing at the person's emptied profile (no name, email or phone), and bank-transfer receipts,
// which show the payer's name and account, are removed.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { paymentTransactionEvents, paymentTransactions, userPackages } from "../../db/schema";

/** The reason written on payments still open when their payer left. */
export const LEFT_REASON = "The account was deleted";

/**
 * In the caller's transaction: closes the person's open payments (nobody is left to receive a
 * package), takes the receipts off them, and ends the packages they held. Answers the receipts'
 * storage keys, to delete after the commit.
 */
export async function anonymisePaymentsOf(tx: Executor, userId: number): Promise<string[]> {
  const open = await tx
    .select({ id: paymentTransactions.id, status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.user_id, userId),
        inArray(paymentTransactions.status, ["pending", "review"]),
      ),
    )
    .for("update");
  for (const row of open) {
    // A transfer waiting for an admin is turned down (its receipt is going); a gateway payment still
    // open fails. If a gateway reports the money later, settle() records it as it always does, and the
    // admin sees a paid transaction of a deleted account to refund.
    const to = row.status === "review" ? ("rejected" as const) : ("failed" as const);
    await tx
      .update(paymentTransactions)
      .set({ status: to, reason: LEFT_REASON, updated_at: new Date() })
      .where(eq(paymentTransactions.id, row.id));
    await tx.insert(paymentTransactionEvents).values({
      transaction_id: row.id,
      from_status: row.status,
      to_status: to,
      source: "api",
      detail: { reason: "account deleted" },
    });
  }
  const withReceipt = and(
    eq(paymentTransactions.user_id, userId),
    isNotNull(paymentTransactions.receipt_key),
  );
  const receipts = await tx
    .select({ key: paymentTransactions.receipt_key })
    .from(paymentTransactions)
    .where(withReceipt);
  if (receipts.length)
    await tx
      .update(paymentTransactions)
      .set({ receipt_key: null, updated_at: new Date() })
      .where(withReceipt);
  // Packages are what a person can still use; nobody is left to use them. The transactions that
  // paid for them keep their package_id (user_package_id is set null by the schema).
  await tx.delete(userPackages).where(eq(userPackages.user_id, userId));
  return receipts.map((r) => r.key!);
}
