// The queue of reports (spec §3 Report) of listings, people and the team (spec §6), and what an
// admin decides about each: nothing wrong (dismiss), the listing goes off (deactivate_listing), its
// owner's account goes off (deactivate_owner), or the reported person's account goes off
// (deactivate_user). A decision is one transaction with its audit row.
import { and, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Executor } from "../../db/client.server";
import { properties, reportReasons, reportStatusEnum, userReports, users } from "../../db/schema";
import { defineCall } from "../call";
import { AdminReport, ResolvedReport } from "./output";
import type { ApiContext } from "../context";
import { ApiError, notFound } from "../envelope";
import { localize } from "../i18n";
import { idOf } from "../contract/ids";
import { limitOffset } from "../contract/pagination";
import { audit } from "./audit";
import { setListingActive } from "../listings/moderation";
import { deactivateAccount, DEACTIVATE_REASON_REQUIRED } from "./users";
import { containing } from "./search";

export const REPORT_ACTIONS = [
  "dismiss",
  "deactivate_listing",
  "deactivate_owner",
  "deactivate_user",
] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const LISTING_OFF_REASON_REQUIRED = "Please write why the listing is switched off";
export const ALREADY_RESOLVED = "This report was already resolved";
export const ACTION_NOT_FOR_REPORT = "This decision does not fit this report";

/** The decisions each kind of report allows: a report of the team can only be answered. */
const ACTIONS_FOR = {
  property: ["dismiss", "deactivate_listing", "deactivate_owner"],
  user: ["dismiss", "deactivate_user"],
  admin: ["dismiss"],
} as const satisfies Record<string, readonly ReportAction[]>;

const owner = alias(users, "owner");
const reporter = alias(users, "reporter");
const person = alias(users, "person");

const REPORT_TARGETS = ["property", "user", "admin", "all"] as const;

export const adminReportsInput = z.object({
  ...limitOffset(30, 100),
  status: z
    .enum([...reportStatusEnum.enumValues, "all"], {
      error: "status must be open, dismissed, actioned or all",
    })
    .default("open"),
  /** Reports of listings (property), people (user), the team (admin), or all of them. */
  target: z.enum(REPORT_TARGETS, { error: "target must be property, user, admin or all" }).default("all"),
  /** Words in the listing's title, or the name or email of its owner, of the reported person or of the reporter. */
  search: z.string().trim().max(100).optional(),
});

export const adminReports = defineCall({
  name: "admin/reports",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "Reports of listings, people and the team, oldest open first (or the resolved ones, newest first): the listing and its owner or the person, the reason in the admin's language, the reporter",
  input: adminReportsInput,
  output: z.array(AdminReport),
  total: true,
  async handler(input, { db, lang }) {
    const where: SQL[] = [];
    if (input.status !== "all") where.push(eq(userReports.status, input.status));
    if (input.target === "property") where.push(isNotNull(userReports.property_id));
    if (input.target === "user") where.push(isNotNull(userReports.to_user_id));
    if (input.target === "admin") where.push(eq(userReports.to_admin, true));
    if (input.search) {
      const like = containing(input.search);
      where.push(
        or(
          ilike(properties.title, like),
          ilike(owner.name, like),
          ilike(owner.email, like),
          ilike(person.name, like),
          ilike(person.email, like),
          ilike(reporter.name, like),
          ilike(reporter.email, like),
        )!,
      );
    }
    const cond = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          report: userReports,
          reason: { text: reportReasons.reason, translations: reportReasons.translations },
          listing: {
            id: properties.id,
            title: properties.title,
            slug_id: properties.slug_id,
            request_status: properties.request_status,
            status: properties.status,
          },
          owner: { id: owner.id, name: owner.name, email: owner.email, is_active: owner.is_active },
          person: {
            id: person.id,
            name: person.name,
            email: person.email,
            is_active: person.is_active,
            type: person.type,
          },
          reporter: { id: reporter.id, name: reporter.name, email: reporter.email },
          // Others who reported the same listing, person or team and wait too: one decision may answer them all.
          // The outer columns spelt out: drizzle names them without their table here, and the subquery would read them as its own.
          open_for_target: sql<number>`(select count(*)::int from user_reports r where r.status = 'open' and (r.property_id = "user_reports"."property_id" or r.to_user_id = "user_reports"."to_user_id" or (r.to_admin and "user_reports"."to_admin")))`,
        })
        .from(userReports)
        .leftJoin(properties, eq(properties.id, userReports.property_id))
        .leftJoin(owner, eq(owner.id, properties.added_by))
        .leftJoin(person, eq(person.id, userReports.to_user_id))
        .innerJoin(reporter, eq(reporter.id, userReports.user_id))
        .leftJoin(reportReasons, eq(reportReasons.id, userReports.reason_id))
        .where(cond)
        // The queue is worked oldest first; the archive is read newest first.
        .orderBy(input.status === "open" ? userReports.id : desc(userReports.id))
        .limit(input.limit)
        .offset(input.offset),
      db
        .select({ n: count() })
        .from(userReports)
        .leftJoin(properties, eq(properties.id, userReports.property_id))
        .leftJoin(owner, eq(owner.id, properties.added_by))
        .leftJoin(person, eq(person.id, userReports.to_user_id))
        .innerJoin(reporter, eq(reporter.id, userReports.user_id))
        .where(cond),
    ]);
    return {
      data: rows.map(({ report: r, reason, listing, owner, person, reporter, open_for_target }) => ({
        id: r.id,
        status: r.status,
        resolution: r.resolution,
        resolved_at: r.resolved_at?.toISOString() ?? null,
        created_at: r.created_at.toISOString(),
        reason: reason?.text ? localize(reason.translations, lang, "reason", reason.text) : null,
        other_message: r.other_message,
        listing: listing && owner ? { ...listing, owner } : null,
        person,
        to_admin: r.to_admin,
        reporter,
        open_for_target,
      })),
      total: total?.n ?? 0,
    };
  },
});

export const resolveReportSchema = z
  .object({
    id: idOf("id"),
    action: z.enum(REPORT_ACTIONS, {
      error: "action must be dismiss, deactivate_listing, deactivate_owner or deactivate_user",
    }),
    reason: z.string().trim().max(1000, "The reason must be at most 1000 characters").optional(),
  })
  .superRefine((v, c) => {
    // Whoever loses their listing or account reads why; a dismissal tells nobody anything.
    if (v.action === "deactivate_listing" && !v.reason)
      c.addIssue({ code: "custom", path: ["reason"], message: LISTING_OFF_REASON_REQUIRED });
    if ((v.action === "deactivate_owner" || v.action === "deactivate_user") && !v.reason)
      c.addIssue({ code: "custom", path: ["reason"], message: DEACTIVATE_REASON_REQUIRED });
  });

export async function resolveReport(
  tx: Executor,
  ctx: Pick<ApiContext, "principal" | "user">,
  input: z.output<typeof resolveReportSchema>,
) {
  const [report] = await tx.select().from(userReports).where(eq(userReports.id, input.id)).for("update");
  if (!report) throw notFound("Report not found");
  // Two admins on one report: the second hears it is done instead of deciding it again.
  if (report.status !== "open") throw new ApiError(409, ALREADY_RESOLVED);
  const kind = report.property_id !== null ? "property" : report.to_user_id !== null ? "user" : "admin";
  if (!(ACTIONS_FOR[kind] as readonly ReportAction[]).includes(input.action))
    throw new ApiError(400, ACTION_NOT_FOR_REPORT, { action: [ACTION_NOT_FOR_REPORT] });
  const [listing] =
    report.property_id !== null
      ? await tx
          .select({ id: properties.id, added_by: properties.added_by })
          .from(properties)
          .where(eq(properties.id, report.property_id))
      : [];
  // Each record changed keeps its own audit line (the listing's or the account's history then tells
  // the whole story when filtered by that record); the report's line says which decision caused it.
  if (input.action === "deactivate_listing") {
    await setListingActive(tx, ctx, {
      kind: "property",
      id: listing!.id,
      active: false,
      reason: input.reason,
    });
  } else if (input.action === "deactivate_owner" || input.action === "deactivate_user") {
    const account = input.action === "deactivate_owner" ? listing!.added_by : report.to_user_id!;
    const change = await deactivateAccount(tx, ctx, { id: account, reason: input.reason });
    await audit(tx, ctx, {
      action: "user.deactivate",
      target_type: "user",
      target_id: account,
      before: change.before,
      after: change.after,
      reason: input.reason,
    });
  }
  // A dismissal answers this one person only: someone else may have seen something real in the
  // same listing or person. Switching the listing or an account off answers everyone who reported
  // that listing (or that person), so all their open reports leave the queue with the same resolution.
  const status = input.action === "dismiss" ? ("dismissed" as const) : ("actioned" as const);
  const which =
    input.action === "dismiss"
      ? eq(userReports.id, report.id)
      : and(
          report.property_id !== null
            ? eq(userReports.property_id, report.property_id)
            : eq(userReports.to_user_id, report.to_user_id!),
          eq(userReports.status, "open"),
        );
  const resolved = await tx
    .update(userReports)
    .set({ status, resolution: input.action, resolved_by: ctx.user?.id ?? null, resolved_at: new Date() })
    .where(which)
    .returning({ id: userReports.id });
  const ids = resolved.map((r) => r.id).sort((a, b) => a - b);
  const target = {
    property_id: report.property_id,
    to_user_id: report.to_user_id,
    to_admin: report.to_admin,
  };
  await audit(tx, ctx, {
    action: `report.${input.action}`,
    target_type: "report",
    target_id: report.id,
    before: { status: report.status, ...target },
    after: {
      status,
      resolution: input.action,
      ...target,
      ...(listing ? { owner_id: listing.added_by } : {}),
      resolved_reports: ids,
    },
    reason: input.reason,
  });
  return { id: report.id, status, resolution: input.action, resolved_reports: ids, ...target };
}

const RESOLVED_MESSAGES: Record<ReportAction, string> = {
  dismiss: "Report dismissed",
  deactivate_listing: "Listing deactivated",
  deactivate_owner: "Account deactivated",
  deactivate_user: "Account deactivated",
};

export const adminResolveReport = defineCall({
  name: "admin/resolve-report",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Decide a report: dismiss (this report only); for a listing deactivate_listing or deactivate_owner, for a person deactivate_user (with a reason; every open report of the listing or person is then answered); a report of the team can only be dismissed",
  input: resolveReportSchema,
  output: ResolvedReport,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    const data = await ctx.db.transaction((tx) => resolveReport(tx, ctx, input));
    return { data, message: RESOLVED_MESSAGES[input.action] };
  },
});
