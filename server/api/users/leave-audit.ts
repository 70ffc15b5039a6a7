// Leaving (decision 022): the admin audit log is a record of what admins did, and keeps every row.
// What it must not keep is who the person was: their email as the acting admin, and their email,
// number or name inside the records (a deactivation, a contact message, a payment) it copied.
import { and, eq, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { adminAuditLog } from "../../db/schema";
import { DELETED_ACCOUNT_NAME } from "./leave-schema";
import type { UserRow } from "./service";

/** What replaces the person's words inside a kept record. */
const REMOVED = "[deleted]";

/** Replaces every occurrence of the needles (any case) in the strings of a JSON value. */
export function scrubJson(value: unknown, needles: string[], wholeNames: string[] = []): unknown {
  if (typeof value === "string") {
    if (wholeNames.includes(value)) return DELETED_ACCOUNT_NAME;
    let out = value;
    for (const n of needles)
      out = out.replace(new RegExp(n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), REMOVED);
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, needles, wholeNames));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubJson(v, needles, wholeNames)]));
  return value;
}

/** In the caller's transaction: the log's rows lose the person's email, number and (where about them) name. */
export async function scrubAuditLog(
  tx: Executor,
  person: Pick<UserRow, "id" | "name" | "email" | "mobile">,
  uid: string,
) {
  // As the acting admin: the uid and profile id stay (they name nobody once the account is gone).
  await tx
    .update(adminAuditLog)
    .set({ admin_email: null })
    .where(or(eq(adminAuditLog.admin_uid, uid), eq(adminAuditLog.admin_user_id, person.id)));

  const needles = [person.email, person.mobile]
    .map((v) => v?.trim())
    .filter((v): v is string => Boolean(v && v.length >= 3));
  const aboutThem = and(
    eq(adminAuditLog.target_type, "user"),
    eq(adminAuditLog.target_id, String(person.id)),
  );
  const mentions = needles.map(
    (n) =>
      sql`(coalesce(${adminAuditLog.before}::text, '') || coalesce(${adminAuditLog.after}::text, '') || coalesce(${adminAuditLog.reason}, '')) ilike ${`%${n.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
  );
  const rows = await tx
    .select({
      id: adminAuditLog.id,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
      reason: adminAuditLog.reason,
      target_type: adminAuditLog.target_type,
      target_id: adminAuditLog.target_id,
    })
    .from(adminAuditLog)
    .where(or(aboutThem, ...mentions));
  for (const row of rows) {
    // Their name is replaced only in records about them: elsewhere the same words may be someone else's.
    const names = row.target_type === "user" && row.target_id === String(person.id) ? [person.name] : [];
    await tx
      .update(adminAuditLog)
      .set({
        before: scrubJson(row.before, needles, names),
        after: scrubJson(row.after, needles, names),
        reason: row.reason === null ? null : (scrubJson(row.reason, needles) as string),
      })
      .where(eq(adminAuditLog.id, row.id));
  }
}
