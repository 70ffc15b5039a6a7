// The queue of reported listings (spec §3 Report) and what an admin decides about each: nothing
// wrong (dismiss), the listing goes off (deactivate_listing), or its owner's account goes off
// (deactivate_owner). A decision is one transaction with its audit row.
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
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

export const REPORT_ACTIONS = ["dismiss", "deactivate_listing", "deactivate_owner"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const LISTING_OFF_REASON_REQUIRED = "Please write why the listing is switched off";
export const ALREADY_RESOLVED = "This report was already resolved";

const owner = alias(users, "owner");
const reporter = alias(users, "reporter");

export const adminReportsInput = z.object({
  ...limitOffset(30, 100),
  status: z
    .enum([...reportStatusEnum.enumValues, "all"], {
      error: "status must be open, dismissed, actioned or all",
    })
    .default("open"),
  /** Words in the listing's title, or the name or email of its owner or of the reporter. */
  search: z.string().trim().max(100).optional(),
});

export const adminReports = defineCall({
  name: "admin/reports",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "Reported listings, oldest open first (or the resolved ones, newest first): the listing and its owner, the reason in the admin's language, the reporter",
  input: adminReportsInput,
  output: z.array(AdminReport),
  total: true,
  async handler(input, { db, lang }) {
    const where: SQL[] = [];
    if (input.status !== "all") where.push(eq(userReports.status, input.status));
    if (input.search) {
      const like = containing(input.search);
      where.push(
        or(
          ilike(properties.title, like),
          ilike(owner.name, like),
          ilike(owner.email, like),
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
          reporter: { id: reporter.id, name: reporter.name, email: reporter.email },
          // Others who reported the same listing and wait too: one decision may answer them all.
          // The outer column spelt out: drizzle names it without its table here, and the subquery would read it as its own.
          open_for_listing: sql<number>`(select count(*)::int from user_reports r where r.property_id = "user_reports"."property_id" and r.status = 'open')`,
        })
        .from(userReports)
        .innerJoin(properties, eq(properties.id, userReports.property_id))
        .innerJoin(owner, eq(owner.id, properties.added_by))
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
        .innerJoin(properties, eq(properties.id, userReports.property_id))
        .innerJoin(owner, eq(owner.id, properties.added_by))
        .innerJoin(reporter, eq(reporter.id, userReports.user_id))
        .where(cond),
    ]);
    return {
      data: rows.map(({ report: r, reason, listing, owner, reporter, open_for_listing }) => ({
        id: r.id,
        status: r.status,
        resolution: r.resolution,
        resolved_at: r.resolved_at?.toISOString() ?? null,
        created_at: r.created_at.toISOString(),
        reason: reason?.text ? localize(reason.translations, lang, "reason", reason.text) : null,
        other_message: r.other_message,
        listing: { ...listing, owner },
        reporter,
        open_for_listing,
      })),
      total: total?.n ?? 0,
    };
  },
});

export const resolveReportSchema = z
  .object({
    id: idOf("id"),
    action: z.enum(REPORT_ACTIONS, {
      error: "action must be dismiss, deactivate_listing or deactivate_owner",
    }),
    reason: z.string().trim().max(1000, "The reason must be at most 1000 characters").optional(),
  })
  .superRefine((v, c) => {
    // Whoever loses their listing or account reads why; a dismissal tells nobody anything.
    if (v.action === "deactivate_listing" && !v.reason)
      c.addIssue({ code: "custom", path: ["reason"], message: LISTING_OFF_REASON_REQUIRED });
    if (v.action === "deactivate_owner" && !v.reason)
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
  const [listing] = await tx
    .select({ id: properties.id, added_by: properties.added_by })
    .from(properties)
    .where(eq(properties.id, report.property_id));
  // Each record changed keeps its own audit line (the listing's or the account's history then tells
  // the whole story when filtered by that record); the report's line says which decision caused it.
  if (input.action === "deactivate_listing") {
    await setListingActive(tx, ctx, {
      kind: "property",
      id: listing!.id,
      active: false,
      reason: input.reason,
    });
  } else if (input.action === "deactivate_owner") {
    const change = await deactivateAccount(tx, ctx, { id: listing!.added_by, reason: input.reason });
    await audit(tx, ctx, {
      action: "user.deactivate",
      target_type: "user",
      target_id: listing!.added_by,
      before: change.before,
      after: change.after,
      reason: input.reason,
    });
  }
  // A dismissal answers this one person only: someone else may have seen something real in the
  // same listing. Switching the listing or its owner off answers everyone who reported the listing,
  // so all its open reports leave the queue with the same resolution.
  const status = input.action === "dismiss" ? ("dismissed" as const) : ("actioned" as const);
  const which =
    input.action === "dismiss"
      ? eq(userReports.id, report.id)
      : and(eq(userReports.property_id, report.property_id), eq(userReports.status, "open"));
  const resolved = await tx
    .update(userReports)
    .set({ status, resolution: input.action, resolved_by: ctx.user?.id ?? null, resolved_at: new Date() })
    .where(which)
    .returning({ id: userReports.id });
  const ids = resolved.map((r) => r.id).sort((a, b) => a - b);
  await audit(tx, ctx, {
    action: `report.${input.action}`,
    target_type: "report",
    target_id: report.id,
    before: { status: report.status, property_id: report.property_id },
    after: {
      status,
      resolution: input.action,
      property_id: report.property_id,
      owner_id: listing!.added_by,
      resolved_reports: ids,
    },
    reason: input.reason,
  });
  return {
    id: report.id,
    status,
    resolution: input.action,
    resolved_reports: ids,
    property_id: report.property_id,
  };
}

const RESOLVED_MESSAGES: Record<ReportAction, string> = {
  dismiss: "Report dismissed",
  deactivate_listing: "Listing deactivated",
  deactivate_owner: "Account deactivated",
};

export const adminResolveReport = defineCall({
  name: "admin/resolve-report",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Decide a report: dismiss (this report only), deactivate_listing or deactivate_owner (with a reason; every open report of the listing is then answered)",
  input: resolveReportSchema,
  output: ResolvedReport,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    const data = await ctx.db.transaction((tx) => resolveReport(tx, ctx, input));
    return { data, message: RESOLVED_MESSAGES[input.action] };
  },
});
