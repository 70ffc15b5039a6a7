// Reports of listings and blocks between people. A report is one per person and listing; a block
// is one per pair (or per person for the admin), and it stops messages both ways.
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { properties, reportReasons, userBlocks, userReports, users } from "../../db/schema";
import { ApiError, notFound } from "../envelope";
import { localize } from "../i18n";
import { hit } from "../rate-limit";
import { REPORT_MESSAGES } from "./schema";

export const ALREADY_REPORTED = "You have already reported this listing";
export const OWN_LISTING = "This is your own listing";
export const SELF_BLOCK = "You cannot block yourself";

export async function activeReasons(db: Executor, lang: string) {
  const rows = await db
    .select()
    .from(reportReasons)
    .where(eq(reportReasons.status, true))
    .orderBy(asc(reportReasons.id));
  return rows.map((r) => ({ id: r.id, reason: localize(r.translations, lang, "reason", r.reason) }));
}

export async function addReport(
  db: Executor,
  userId: number,
  input: { property_id: number; reason_id: number | null; other_message: string | null },
) {
  const [listing] = await db
    .select({ added_by: properties.added_by, request_status: properties.request_status })
    .from(properties)
    .where(eq(properties.id, input.property_id))
    .limit(1);
  if (!listing || listing.request_status !== "approved") throw notFound("Property not found");
  if (listing.added_by === userId) throw new ApiError(400, OWN_LISTING);
  if (input.reason_id !== null) {
    const [reason] = await db
      .select({ id: reportReasons.id })
      .from(reportReasons)
      .where(and(eq(reportReasons.id, input.reason_id), eq(reportReasons.status, true)))
      .limit(1);
    if (!reason) throw new ApiError(400, REPORT_MESSAGES.reason, { reason_id: [REPORT_MESSAGES.reason] });
  }
  // Reports reach a person who must read each one: a handful an hour is plenty for anyone honest.
  await hit(db, { key: `report:${userId}`, max: 10, windowSeconds: 3600 });
  const [row] = await db
    .insert(userReports)
    .values({
      user_id: userId,
      property_id: input.property_id,
      reason_id: input.reason_id,
      other_message: input.reason_id === null ? input.other_message : input.other_message || null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError(409, ALREADY_REPORTED);
  return {
    id: row.id,
    property_id: row.property_id,
    reason_id: row.reason_id,
    other_message: row.other_message,
    created_at: row.created_at.toISOString(),
  };
}

export async function hasReported(db: Executor, userId: number, propertyId: number) {
  const [row] = await db
    .select({ id: userReports.id })
    .from(userReports)
    .where(and(eq(userReports.user_id, userId), eq(userReports.property_id, propertyId)))
    .limit(1);
  return Boolean(row);
}

export async function block(
  db: Executor,
  userId: number,
  input: { to_user_id?: number; to_admin?: boolean; reason?: string },
) {
  if (input.to_user_id) {
    if (input.to_user_id === userId) throw new ApiError(400, SELF_BLOCK);
    const [target] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, input.to_user_id))
      .limit(1);
    if (!target) throw notFound("User not found");
    await db
      .insert(userBlocks)
      .values({ user_id: userId, to_user_id: input.to_user_id, reason: input.reason ?? null })
      .onConflictDoUpdate({
        target: [userBlocks.user_id, userBlocks.to_user_id],
        set: { reason: input.reason ?? null },
      });
  } else {
    const [had] = await db
      .select({ id: userBlocks.id })
      .from(userBlocks)
      .where(and(eq(userBlocks.user_id, userId), eq(userBlocks.to_admin, true)))
      .limit(1);
    if (had)
      await db
        .update(userBlocks)
        .set({ reason: input.reason ?? null })
        .where(eq(userBlocks.id, had.id));
    else
      await db
        .insert(userBlocks)
        .values({ user_id: userId, to_admin: true, reason: input.reason ?? null })
        .onConflictDoNothing();
  }
  return { to_user_id: input.to_user_id ?? null, to_admin: Boolean(input.to_admin), blocked: true };
}

export async function unblock(
  db: Executor,
  userId: number,
  input: { to_user_id?: number; to_admin?: boolean },
) {
  await db
    .delete(userBlocks)
    .where(
      and(
        eq(userBlocks.user_id, userId),
        input.to_user_id ? eq(userBlocks.to_user_id, input.to_user_id) : eq(userBlocks.to_admin, true),
      ),
    );
  return { to_user_id: input.to_user_id ?? null, to_admin: Boolean(input.to_admin), blocked: false };
}

/** The people (and the admin) this person blocked, latest first. */
export async function blockedBy(db: Executor, userId: number, page: { offset: number; limit: number }) {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: userBlocks.id,
        to_user_id: userBlocks.to_user_id,
        to_admin: userBlocks.to_admin,
        reason: userBlocks.reason,
        created_at: userBlocks.created_at,
        name: users.name,
        profile: users.profile,
      })
      .from(userBlocks)
      .leftJoin(users, eq(users.id, userBlocks.to_user_id))
      .where(eq(userBlocks.user_id, userId))
      .orderBy(desc(userBlocks.created_at), desc(userBlocks.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(userBlocks)
      .where(eq(userBlocks.user_id, userId)),
  ]);
  return { rows: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })), total: count?.n ?? 0 };
}

/** Whether either of two people blocked the other (then neither may message the other). */
export async function blockedBetween(db: Executor, a: number, b: number) {
  const [row] = await db
    .select({ id: userBlocks.id })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.user_id, a), eq(userBlocks.to_user_id, b)),
        and(eq(userBlocks.user_id, b), eq(userBlocks.to_user_id, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}
