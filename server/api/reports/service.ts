// Reports and blocks between people. A report is about a listing, a person or the team (spec §6),
// one per reporter and target; a block is one per pair (or per person for the admin), and it stops
// messages both ways.
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { properties, reportReasons, userBlocks, userReports, users } from "../../db/schema";
import { ApiError, notFound } from "../envelope";
import { localize } from "../i18n";
import { hit } from "../rate-limit";
import { REPORT_MESSAGES, type ReportTarget } from "./schema";

export const ALREADY_REPORTED = "You have already reported this listing";
export const ALREADY_REPORTED_PERSON = "You have already reported this person";
export const ALREADY_REPORTED_TEAM = "You have already reported the marketplace team";
export const OWN_LISTING = "This is your own listing";
export const SELF_REPORT = "You cannot report yourself";
export const SELF_BLOCK = "You cannot block yourself";
export const USER_NOT_FOUND = "User not found";

/** A listing's reasons, or a person's (which also serve for the team). */
const reasonsFor = (target: "property" | "user" | "admin") =>
  target === "property" ? ("listing" as const) : ("person" as const);

export async function activeReasons(db: Executor, lang: string, target: "property" | "user" | "admin") {
  const rows = await db
    .select()
    .from(reportReasons)
    .where(and(eq(reportReasons.status, true), eq(reportReasons.applies_to, reasonsFor(target))))
    .orderBy(asc(reportReasons.id));
  return rows.map((r) => ({ id: r.id, reason: localize(r.translations, lang, "reason", r.reason) }));
}

/**
 * Someone who can be reported: a profile that exists and is on. A deleted account is a tombstone,
 * and a switched-off one is no longer shown anywhere (as a listing that is not approved): the admin
 * has already acted, so both are "not found".
 */
async function reportablePerson(db: Executor, id: number) {
  const [person] = await db
    .select({ id: users.id, name: users.name, profile: users.profile, is_active: users.is_active })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!person || !person.is_active) throw notFound(USER_NOT_FOUND);
  return person;
}

const kindOf = (target: ReportTarget) =>
  target.property_id !== null ? "property" : target.to_user_id !== null ? "user" : "admin";

export async function addReport(
  db: Executor,
  userId: number,
  input: ReportTarget & { reason_id: number | null; other_message: string | null },
) {
  const kind = kindOf(input);
  if (input.property_id !== null) {
    const [listing] = await db
      .select({ added_by: properties.added_by, request_status: properties.request_status })
      .from(properties)
      .where(eq(properties.id, input.property_id))
      .limit(1);
    if (!listing || listing.request_status !== "approved") throw notFound("Property not found");
    if (listing.added_by === userId) throw new ApiError(400, OWN_LISTING);
  } else if (input.to_user_id !== null) {
    if (input.to_user_id === userId) throw new ApiError(400, SELF_REPORT, { to_user_id: [SELF_REPORT] });
    await reportablePerson(db, input.to_user_id);
  }
  if (input.reason_id !== null) {
    // A reason of the other kind ("wrong price" about a person) is no reason for this report.
    const [reason] = await db
      .select({ id: reportReasons.id })
      .from(reportReasons)
      .where(
        and(
          eq(reportReasons.id, input.reason_id),
          eq(reportReasons.status, true),
          eq(reportReasons.applies_to, reasonsFor(kind)),
        ),
      )
      .limit(1);
    if (!reason) throw new ApiError(400, REPORT_MESSAGES.reason, { reason_id: [REPORT_MESSAGES.reason] });
  }
  // Reports reach a person who must read each one: a handful an hour is plenty for anyone honest,
  // whatever they are about (one counter for listings, people and the team).
  await hit(db, { key: `report:${userId}`, max: 10, windowSeconds: 3600 });
  const [row] = await db
    .insert(userReports)
    .values({
      user_id: userId,
      property_id: input.property_id,
      to_user_id: input.to_user_id,
      to_admin: input.to_admin,
      reason_id: input.reason_id,
      other_message: input.reason_id === null ? input.other_message : input.other_message || null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw new ApiError(
      409,
      kind === "property"
        ? ALREADY_REPORTED
        : kind === "user"
          ? ALREADY_REPORTED_PERSON
          : ALREADY_REPORTED_TEAM,
    );
  return {
    id: row.id,
    property_id: row.property_id,
    to_user_id: row.to_user_id,
    to_admin: row.to_admin,
    reason_id: row.reason_id,
    other_message: row.other_message,
    created_at: row.created_at.toISOString(),
  };
}

const sameTarget = (userId: number, target: ReportTarget) =>
  and(
    eq(userReports.user_id, userId),
    target.property_id !== null
      ? eq(userReports.property_id, target.property_id)
      : target.to_user_id !== null
        ? eq(userReports.to_user_id, target.to_user_id)
        : eq(userReports.to_admin, true),
  );

export async function hasReported(db: Executor, userId: number, target: ReportTarget) {
  const [row] = await db
    .select({ id: userReports.id })
    .from(userReports)
    .where(sameTarget(userId, target))
    .limit(1);
  return Boolean(row);
}

/** `get-report-status`: reported, blocked (a person or the team), and who the person is. */
export async function reportStatus(db: Executor, userId: number | null, target: ReportTarget) {
  const person = target.to_user_id !== null ? await reportablePerson(db, target.to_user_id) : null;
  const [reported, blocked] = userId
    ? await Promise.all([
        hasReported(db, userId, target),
        target.property_id !== null
          ? false
          : db
              .select({ id: userBlocks.id })
              .from(userBlocks)
              .where(
                and(
                  eq(userBlocks.user_id, userId),
                  target.to_user_id !== null
                    ? eq(userBlocks.to_user_id, target.to_user_id)
                    : eq(userBlocks.to_admin, true),
                ),
              )
              .limit(1)
              .then((rows) => rows.length > 0),
      ])
    : [false, false];
  return {
    ...target,
    reported,
    blocked,
    person: person ? { id: person.id, name: person.name, profile: person.profile } : null,
  };
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
