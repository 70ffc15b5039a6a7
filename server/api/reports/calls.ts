// Reports and blocks (spec §7): get_report_reasons, add_reports, block-user, unblock-user, and the
// people one has blocked (its path is not shown in the spec: get-blocked-users).
import { z } from "zod";
import { defineCall } from "../call";
import { member } from "../context";
import {
  addReportSchema,
  blockSchema,
  blockedListSchema,
  reportReasonsSchema,
  reportStatusSchema,
  unblockSchema,
} from "./schema";
import { activeReasons, addReport, block, blockedBy, reportStatus, unblock } from "./service";
import { Block, BlockState, Report, ReportReason, ReportStatus } from "./output";

export const getReportReasons = defineCall({
  name: "get_report_reasons",
  method: "GET",
  access: "public",
  shared: true,
  tag: "reports",
  summary:
    "Reasons a listing (target property, the default), a person (target user) or the team (target admin) can be reported for, besides writing one's own: reason_id other",
  input: reportReasonsSchema,
  output: z.array(ReportReason),
  total: true,
  async handler(input, ctx) {
    const rows = await activeReasons(ctx.db, ctx.lang, input.target);
    return { data: rows, total: rows.length };
  },
});

export const addReports = defineCall({
  name: "add_reports",
  method: "POST",
  access: "user",
  tag: "reports",
  summary:
    "Report a listing (property_id), a person (to_user_id) or the team (to_admin), exactly one: a reason_id for that kind (get_report_reasons), or reason_id other with other_message. Once per reporter and target, never oneself or one's own listing; a few an hour",
  input: addReportSchema,
  output: Report,
  created: true,
  errorStatuses: [404, 409, 429],
  async handler(input, ctx) {
    return {
      data: await addReport(ctx.db, member(ctx).id, input),
      message:
        input.property_id !== null
          ? "Thank you. We will look into this listing."
          : "Thank you. We will look into your report.",
      status: 201,
    };
  },
});

export const getReportStatus = defineCall({
  name: "get-report-status",
  method: "GET",
  access: "user",
  tag: "reports",
  summary:
    "Whether the caller has already reported a listing (property_id), a person (to_user_id) or the team (to_admin); for a person or the team also whether the caller blocked them, and the person's name",
  input: reportStatusSchema,
  output: ReportStatus,
  errorStatuses: [404],
  async handler(input, ctx) {
    return { data: await reportStatus(ctx.db, ctx.user?.id ?? null, input) };
  },
});

export const blockUser = defineCall({
  name: "block-user",
  method: "POST",
  access: "user",
  tag: "blocks",
  summary:
    "Block a person (to_user_id) or the admin (to_admin), with an optional reason: no messages either way until unblocked",
  input: blockSchema,
  output: BlockState,
  errorStatuses: [404],
  async handler(input, ctx) {
    return { data: await block(ctx.db, member(ctx).id, input), message: "Blocked" };
  },
});

export const unblockUser = defineCall({
  name: "unblock-user",
  method: "POST",
  access: "user",
  tag: "blocks",
  summary: "Unblock a person (to_user_id) or the admin (to_admin)",
  input: unblockSchema,
  output: BlockState,
  async handler(input, ctx) {
    return { data: await unblock(ctx.db, member(ctx).id, input), message: "Unblocked" };
  },
});

export const getBlockedUsers = defineCall({
  name: "get-blocked-users",
  method: "GET",
  access: "user",
  tag: "blocks",
  summary: "The people (and the admin) the caller has blocked, latest first",
  input: blockedListSchema,
  output: z.array(Block),
  total: true,
  async handler(input, ctx) {
    if (!ctx.user) return { data: [], total: 0 };
    const { rows, total } = await blockedBy(ctx.db, ctx.user.id, input);
    return { data: rows, total };
  },
});
