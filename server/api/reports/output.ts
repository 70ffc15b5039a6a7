// Answers about reports of listings and blocks between people.
import { z } from "zod";
import { dateTime, int } from "../output";

export const ReportReason = z.object({ id: int, reason: z.string() });

/** `add_reports`: the report as stored. */
export const Report = z.object({
  id: int,
  property_id: int,
  reason_id: int.nullable(),
  other_message: z.string().nullable(),
  created_at: dateTime,
});

export const ReportStatus = z.object({ property_id: int, reported: z.boolean() });

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
