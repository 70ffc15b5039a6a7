// Reports and blocks (spec §7): get_report_reasons, add_reports, block-user, unblock-user, and the
// people one has blocked (its path is not shown in the spec: get-blocked-users).
import { z } from "zod";
import { defineCall } from "../call";
import { member } from "../context";
import { idOf } from "../contract/ids";
import { addReportSchema, blockSchema, blockedListSchema, unblockSchema } from "./schema";
import { activeReasons, addReport, block, blockedBy, hasReported, unblock } from "./service";
import { Block, BlockState, Report, ReportReason, ReportStatus } from "./output";

export const getReportReasons = defineCall({
  name: "get_report_reasons",
  method: "GET",
  access: "public",
  shared: true,
  tag: "reports",
  summary: "Reasons a listing can be reported for (besides writing one's own: reason_id other)",
  input: z.object({}),
  output: z.array(ReportReason),
  total: true,
  async handler(_input, ctx) {
    const rows = await activeReasons(ctx.db, ctx.lang);
    return { data: rows, total: rows.length };
  },
});

export const addReports = defineCall({
  name: "add_reports",
  method: "POST",
  access: "user",
  tag: "reports",
  summary:
    "Report a listing: a reason_id, or reason_id other with other_message. Once per person and listing; a few an hour",
  input: addReportSchema,
  output: Report,
  created: true,
  errorStatuses: [404, 409, 429],
  async handler(input, ctx) {
    return {
      data: await addReport(ctx.db, member(ctx).id, input),
      message: "Thank you. We will look into this listing.",
      status: 201,
    };
  },
});

export const getReportStatus = defineCall({
  name: "get-report-status",
  method: "GET",
  access: "user",
  tag: "reports",
  summary: "Whether the caller has already reported a listing",
  input: z.object({ property_id: idOf("property_id") }),
  output: ReportStatus,
  async handler(input, ctx) {
    return {
      data: {
        property_id: input.property_id,
        reported: ctx.user ? await hasReported(ctx.db, ctx.user.id, input.property_id) : false,
      },
    };
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
