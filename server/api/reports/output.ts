// Answers about reports (of listings, people and the team) and blocks between people.
import { z } from "zod";
import { dateTime, int } from "../output";

export const ReportReason = z.object({ id: int, reason: z.string() });

/** What a report is about: one of a listing (property_id), a person (to_user_id) or the team (to_admin). */
const target = {
  property_id: int.nullable(),
  to_user_id: int.nullable(),
  to_admin: z.boolean(),
};

/** `add_reports`: the report as stored. */
export const Report = z.object({
  id: int,
  ...target,
  reason_id: int.nullable(),
  other_message: z.string().nullable(),
  created_at: dateTime,
});

/**
 * `get-report-status`: whether the caller reported it; for a person or the team also whether the
 * caller blocked them, and the person's name and photo (for the page that reports or blocks them).
 */
export const ReportStatus = z.object({
  ...target,
  reported: z.boolean(),
  blocked: z.boolean(),
  person: z.object({ id: int, name: z.string(), profile: z.string().nullable() }).nullable(),
});

/** `block-user`, `unblock-user`: who, and whether they are blocked now. */
export const BlockState = z.object({
  to_user_id: int.nullable(),
  to_admin: z.boolean(),
  blocked: z.boolean(),
});

/** A block the caller made: a person (their name and photo) or the admin. */
export const Block = z.object({
  id: int,
  to_user_id: int.nullable(),
  to_admin: z.boolean(),
  reason: z.string().nullable(),
  created_at: dateTime,
  name: z.string().nullable(),
  profile: z.string().nullable(),
});
