// Payloads of reports (spec §3 Report: reason_id, property_id, other_message) and blocks (spec §3
// Block: to_user_id, to_admin, reason), with the spec's messages (§5). Reports, like blocks, target a
// user (to_user_id) or the team (to_admin) as well as a listing (spec §6); decision 044.
import { z } from "zod";
import { idOf } from "../contract/ids";
import { limitOffset } from "../contract/pagination";

export const REPORT_MESSAGES = {
  reason: "Please select a reason first",
  other: "Please write your reason",
  noTarget: "Say what you report: property_id, to_user_id or to_admin",
  manyTargets: "Report one thing at a time: property_id, to_user_id or to_admin",
} as const;

const flag = z
  .union([z.boolean(), z.enum(["0", "1", "true", "false"])])
  .transform((v) => v === true || v === "1" || v === "true");

/** What a report is about: a listing, a person or the team (exactly one, checked by `oneTarget`). */
const targetFields = {
  property_id: idOf("property_id").optional().describe("The listing reported"),
  to_user_id: idOf("to_user_id").optional().describe("The person reported (not oneself)"),
  to_admin: flag.optional().describe("The marketplace's team reported: true (or 1)"),
};

type TargetInput = { property_id?: number; to_user_id?: number; to_admin?: boolean };

function oneTarget(v: TargetInput, ctx: z.RefinementCtx) {
  const given = [v.property_id, v.to_user_id, v.to_admin || undefined].filter((x) => x !== undefined);
  // A listing's form always sends property_id: the message lands where the old single target was.
  if (given.length === 0)
    ctx.addIssue({ code: "custom", path: ["property_id"], message: REPORT_MESSAGES.noTarget });
  else if (given.length > 1)
    ctx.addIssue({ code: "custom", path: ["property_id"], message: REPORT_MESSAGES.manyTargets });
}

/** The target as the service and the answers carry it: the unused ones null (or false). */
const asTarget = (v: TargetInput) => ({
  property_id: v.property_id ?? null,
  to_user_id: v.to_user_id ?? null,
  to_admin: Boolean(v.to_admin),
});

export type ReportTarget = ReturnType<typeof asTarget>;

/**
 * reason_id is a reason's id (one for the target's kind: get_report_reasons with its target), or
 * "other" (also 0, as some clients send it) with other_message.
 */
export const addReportSchema = z
  .object({
    ...targetFields,
    reason_id: z
      .union([z.literal("other"), z.literal(0), z.literal("0"), idOf("reason_id")], {
        error: REPORT_MESSAGES.reason,
      })
      .optional(),
    other_message: z.string().trim().max(1000, "Your reason must be at most 1000 characters").optional(),
  })
  .superRefine((v, ctx) => {
    oneTarget(v, ctx);
    if (v.reason_id === undefined)
      ctx.addIssue({ code: "custom", path: ["reason_id"], message: REPORT_MESSAGES.reason });
    else if ((v.reason_id === "other" || v.reason_id === 0 || v.reason_id === "0") && !v.other_message)
      ctx.addIssue({ code: "custom", path: ["other_message"], message: REPORT_MESSAGES.other });
  })
  .transform((v) => ({
    ...asTarget(v),
    reason_id: typeof v.reason_id === "number" && v.reason_id > 0 ? v.reason_id : null,
    other_message: v.other_message ?? null,
  }));

/** `get-report-status`: the same one target. */
export const reportStatusSchema = z.object(targetFields).superRefine(oneTarget).transform(asTarget);

/** `get_report_reasons`: a listing's reasons unless asked for a person's (user) or the team's (admin). */
export const reportReasonsSchema = z.object({
  target: z
    .enum(["property", "user", "admin"], { error: "target must be property, user or admin" })
    .default("property"),
});

/** Someone, or the admin (to_admin), and optionally why. */
export const blockSchema = z
  .object({
    to_user_id: idOf("to_user_id").optional(),
    to_admin: flag.optional(),
    reason: z.string().trim().max(500, "The reason must be at most 500 characters").optional(),
  })
  .refine((v) => Boolean(v.to_user_id) !== Boolean(v.to_admin), {
    path: ["to_user_id"],
    message: "Say whom to block: to_user_id or to_admin",
  });

export const unblockSchema = z
  .object({ to_user_id: idOf("to_user_id").optional(), to_admin: flag.optional() })
  .refine((v) => Boolean(v.to_user_id) !== Boolean(v.to_admin), {
    path: ["to_user_id"],
    message: "Say whom to unblock: to_user_id or to_admin",
  });

export const blockedListSchema = z.object({ ...limitOffset(20, 100) });
