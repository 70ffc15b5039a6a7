// Payloads of reports (spec §3 Report: reason_id, property_id, other_message) and blocks (spec §3
// Block: to_user_id, to_admin, reason), with the spec's messages (§5).
import { z } from "zod";
import { idOf } from "../contract/ids";
import { limitOffset } from "../contract/pagination";

export const REPORT_MESSAGES = {
  reason: "Please select a reason first",
  other: "Please write your reason",
} as const;

/** reason_id is a reason's id, or "other" (also 0, as some clients send it) with other_message. */
export const addReportSchema = z
  .object({
    property_id: idOf("property_id"),
    reason_id: z
      .union([z.literal("other"), z.literal(0), z.literal("0"), idOf("reason_id")], {
        error: REPORT_MESSAGES.reason,
      })
      .optional(),
    other_message: z.string().trim().max(1000, "Your reason must be at most 1000 characters").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.reason_id === undefined)
      ctx.addIssue({ code: "custom", path: ["reason_id"], message: REPORT_MESSAGES.reason });
    else if ((v.reason_id === "other" || v.reason_id === 0 || v.reason_id === "0") && !v.other_message)
      ctx.addIssue({ code: "custom", path: ["other_message"], message: REPORT_MESSAGES.other });
  })
  .transform((v) => ({
    property_id: v.property_id,
    reason_id: typeof v.reason_id === "number" && v.reason_id > 0 ? v.reason_id : null,
    other_message: v.other_message ?? null,
  }));

const flag = z
  .union([z.boolean(), z.enum(["0", "1", "true", "false"])])
  .transform((v) => v === true || v === "1" || v === "true");

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
