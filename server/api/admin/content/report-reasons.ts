// Why a listing may be reported (get_report_reasons offers the ones switched on). Reports keep
// pointing at their reason (the foreign key restricts), so a used reason is retired, not deleted.
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { reportReasons, userReports } from "../../../db/schema";
import { defineCall } from "../../call";
import { notFound } from "../../envelope";
import { idOf } from "../../ids";
import { audit } from "../audit";
import { arabic, arabicOf, english, inUse, onOff, optionalId, withArabic } from "./fields";

export const adminReportReasons = defineCall({
  name: "admin/report-reasons",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary: "Every report reason, retired ones too, with its Arabic text and number of reports",
  input: z.object({}),
  async handler(_input, { db }) {
    const rows = await db
      .select({ r: reportReasons, reports: sql<number>`(select count(*)::int from user_reports u where u.reason_id = "report_reasons"."id")` })
      .from(reportReasons)
      .orderBy(asc(reportReasons.id))
      .limit(500);
    const data = rows.map(({ r, reports }) => ({ id: r.id, reason: r.reason, reason_ar: arabicOf(r.translations, "reason"), status: r.status, reports }));
    return { data, total: data.length };
  },
});

export const saveReportReasonInput = z.object({
  id: optionalId,
  reason: english("Reason is required", 200),
  reason_ar: arabic(200),
  status: onOff,
});

export const adminSaveReportReason = defineCall({
  name: "admin/save-report-reason",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Create or change a report reason; switched off, it is retired (no longer offered, its reports keep it)",
  input: saveReportReasonInput,
  async handler(input, ctx) {
    const saved = await ctx.db.transaction(async (tx) => {
      const [before] = input.id ? await tx.select().from(reportReasons).where(eq(reportReasons.id, input.id)).for("update").limit(1) : [];
      if (input.id && !before) throw notFound("No such reason");
      const values = { reason: input.reason, status: input.status, translations: withArabic(before?.translations, { reason: input.reason_ar }) };
      const [after] = before
        ? await tx.update(reportReasons).set(values).where(eq(reportReasons.id, before.id)).returning()
        : await tx.insert(reportReasons).values(values).returning();
      await audit(tx, ctx, { action: before ? "report_reason.update" : "report_reason.create", target_type: "report_reason", target_id: after!.id, before: before ?? null, after });
      return after!;
    });
    return { data: { id: saved.id }, message: "Reason saved" };
  },
});

export const REASON_IN_USE = "Reports give this reason, so it cannot be deleted. Switch it off instead: it is then no longer offered.";

export const adminDeleteReportReason = defineCall({
  name: "admin/delete-report-reason",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Delete a report reason no report gives (a used one is switched off instead)",
  input: z.object({ id: idOf("id") }),
  async handler(input, ctx) {
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(reportReasons).where(eq(reportReasons.id, input.id)).for("update").limit(1);
      if (!before) throw notFound("No such reason");
      const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(userReports).where(eq(userReports.reason_id, input.id));
      if ((used?.n ?? 0) > 0) throw inUse(REASON_IN_USE);
      await tx.delete(reportReasons).where(eq(reportReasons.id, input.id));
      await audit(tx, ctx, { action: "report_reason.delete", target_type: "report_reason", target_id: input.id, before, after: null });
    });
    return { data: { id: input.id }, message: "Reason deleted" };
  },
});
