// The admin audit log: who did what to which record, when, and the record before and after.
// `audit` takes the transaction of the change it records, so the log never tells of a change that
// was rolled back, and a change never happens without its line in the log.
import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../db/client.server";
import { adminAuditLog } from "../../db/schema";
import { defineCall } from "../call";
import { AuditEntry } from "./output";
import type { ApiContext } from "../context";
import { limitOffset } from "../contract/pagination";
import { containing } from "./search";

export interface AuditEntry {
  /** A verb with its object: property.approve, user.deactivate, package.update, settings.update… */
  action: string;
  target_type: string;
  target_id?: string | number | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** Dates and other non-JSON values as they would travel in the API, so before/after compare as text. */
const plain = (v: unknown) => (v === undefined ? null : JSON.parse(JSON.stringify(v)));

export async function audit(tx: Executor, ctx: Pick<ApiContext, "principal" | "user">, entry: AuditEntry) {
  await tx.insert(adminAuditLog).values({
    admin_uid: ctx.principal?.uid ?? "system",
    admin_email: ctx.principal?.email ?? null,
    admin_user_id: ctx.user?.id ?? null,
    action: entry.action,
    target_type: entry.target_type,
    target_id: entry.target_id === undefined || entry.target_id === null ? null : String(entry.target_id),
    before: plain(entry.before),
    after: plain(entry.after),
    reason: entry.reason?.trim() || null,
  });
}

export const adminAuditLogInput = z.object({
  ...limitOffset(50, 200),
  /** Words in the action, the admin's email or the target. */
  search: z.string().trim().max(100).optional(),
  target_type: z.string().trim().max(40).optional(),
  target_id: z.string().trim().max(40).optional(),
});

export const adminAuditLogCall = defineCall({
  name: "admin/audit-log",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary: "What admins did, newest first: who, what, when, and the record before and after",
  input: adminAuditLogInput,
  output: z.array(AuditEntry),
  total: true,
  async handler(input, { db }) {
    const where: SQL[] = [];
    if (input.search) {
      const like = containing(input.search);
      where.push(
        or(
          ilike(adminAuditLog.action, like),
          ilike(adminAuditLog.admin_email, like),
          ilike(adminAuditLog.target_type, like),
          ilike(adminAuditLog.reason, like),
        )!,
      );
    }
    if (input.target_type) where.push(eq(adminAuditLog.target_type, input.target_type));
    if (input.target_id) where.push(eq(adminAuditLog.target_id, input.target_id));
    const cond = where.length ? and(...where) : undefined;
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(adminAuditLog)
        .where(cond)
        .orderBy(desc(adminAuditLog.id))
        .limit(input.limit)
        .offset(input.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(adminAuditLog)
        .where(cond),
    ]);
    return {
      data: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
      total: count?.n ?? 0,
    };
  },
});
