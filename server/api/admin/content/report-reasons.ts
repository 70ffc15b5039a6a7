// Why a listing or a person may be reported (get_report_reasons offers the ones switched on, of the
// kind asked for). Reports keep pointing at their reason (the foreign key restricts), so a used
// reason is retired, not deleted.
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { reportReasons, userReports } from "../../../db/schema";
import { defineCall } from "../../call";
import { AdminReportReason } from "./output";
import { IdOnly } from "../../output";
import { idOf } from "../../contract/ids";
import { arabicOf, withArabic } from "./fields";
import { saveReportReasonInput } from "./schema";
import { countOf, deleteUnused, lockedRow, writeRow } from "./rows";

export const adminReportReasons = defineCall({
  name: "admin/report-reasons",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "Every report reason, retired ones too, with what it is about (listing or person), its Arabic text and number of reports",
  input: z.object({}),
  output: z.array(AdminReportReason),
  total: true,
  async handler(_input, { db }) {
    const rows = await db
      .select({
        r: reportReasons,
        reports: sql<number>`(select count(*)::int from user_reports u where u.reason_id = "report_reasons"."id")`,
      })
      .from(reportReasons)
      .orderBy(asc(reportReasons.id))
      .limit(500);
    const data = rows.map(({ r, reports }) => ({
      id: r.id,
      reason: r.reason,
      reason_ar: arabicOf(r.translations, "reason"),
      status: r.status,
      applies_to: r.applies_to,
      reports,
    }));
    return { data, total: data.length };
  },
});

export const adminSaveReportReason = defineCall({
  name: "admin/save-report-reason",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Create or change a report reason; switched off, it is retired (no longer offered, its reports keep it)",
  input: saveReportReasonInput,
  output: IdOnly,
  errorStatuses: [404],
  async handler(input, ctx) {
    const saved = await ctx.db.transaction(async (tx) => {
      const before = await lockedRow(tx, reportReasons, input.id, "No such reason");
      const values = {
        reason: input.reason,
        status: input.status,
        applies_to: input.applies_to ?? before?.applies_to ?? "listing",
        translations: withArabic(before?.translations, { reason: input.reason_ar }),
      };
      return writeRow(tx, ctx, reportReasons, "report_reason", before, values);
    });
    return { data: { id: saved.id }, message: "Reason saved" };
  },
});

export const REASON_IN_USE =
  "Reports give this reason, so it cannot be deleted. Switch it off instead: it is then no longer offered.";

export const adminDeleteReportReason = defineCall({
  name: "admin/delete-report-reason",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Delete a report reason no report gives (a used one is switched off instead)",
  input: z.object({ id: idOf("id") }),
  output: IdOnly,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    await ctx.db.transaction((tx) =>
      deleteUnused(tx, ctx, reportReasons, input.id, {
        kind: "report_reason",
        missing: "No such reason",
        uses: () => countOf(tx, userReports, eq(userReports.reason_id, input.id)),
        inUseMessage: REASON_IN_USE,
      }),
    );
    return { data: { id: input.id }, message: "Reason deleted" };
  },
});
