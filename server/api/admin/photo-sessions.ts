// Photo shoots in the console: every session with who asked and who shoots, assigning a
// photographer, giving or taking the photographer role, and the photographers with their load and
// ratings. Changes are written to the audit log in their own transaction, like every admin change.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { photoSessionStatusEnum } from "../../db/schema";
import { defineCall } from "../call";
import { ApiError, notFound } from "../envelope";
import { idOf } from "../contract/ids";
import { limitOffset } from "../contract/pagination";
import { AdminPhotoSession, Photographer, PhotographerRole } from "../photo-sessions/output";
import {
  adminSessionView,
  adminSessions,
  assignPhotographer,
  ACTIVE_STATUSES,
  PHOTO_SESSION_ERRORS,
} from "../photo-sessions/service";
import { audit } from "./audit";

export const PHOTOGRAPHER_HAS_SHOOTS =
  "This photographer still has open shoots: assign them to someone else first";
export const PHOTOGRAPHER_FLAG = "is_photographer must be true or false";

export const adminPhotoSessionsInput = z.object({
  ...limitOffset(30, 100),
  /** One status, or open (requested, assigned, submitted, changes_requested). */
  status: z.enum([...photoSessionStatusEnum.enumValues, "open"], { error: "status is invalid" }).optional(),
  photographer_id: idOf("photographer_id").optional(),
});

export const assignPhotographerSchema = z
  .object({
    session_id: idOf("session_id"),
    /** Optional only so that a form sent without a choice hears which field to fix. */
    photographer_id: z.preprocess((v) => (v === "" ? undefined : v), idOf("photographer_id").optional()),
  })
  .superRefine((v, ctx) => {
    if (v.photographer_id === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["photographer_id"],
        message: PHOTO_SESSION_ERRORS.choosePhotographer,
      });
  });

const flag = z.preprocess(
  (v) =>
    v === true || v === 1 || v === "1" || v === "true"
      ? true
      : v === false || v === 0 || v === "0" || v === "false"
        ? false
        : v,
  z.boolean({ error: PHOTOGRAPHER_FLAG }),
);

export const setPhotographerSchema = z.object({ user_id: idOf("user_id"), is_photographer: flag });

export const adminPhotoSessionsCall = defineCall({
  name: "admin/photo-sessions",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "Photo shoots: filter by status (or open) and photographer; waiting requests first, with owner, photographer, property title and rating",
  input: adminPhotoSessionsInput,
  output: z.array(AdminPhotoSession),
  total: true,
  async handler(input, { db }) {
    const { rows, total } = await adminSessions(
      db,
      { status: input.status, photographer_id: input.photographer_id },
      input,
    );
    return { data: rows, total };
  },
});

export const adminAssignPhotographerCall = defineCall({
  name: "admin/assign-photographer",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Assign a photographer (a person with the role) to a requested shoot, or reassign an assigned or sent-back one; the listing's tour is made if it has none. Both the photographer and the owner are told",
  input: assignPhotographerSchema,
  output: AdminPhotoSession,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    const changed = await ctx.db.transaction(async (tx) => {
      const done = await assignPhotographer(tx, {
        session_id: input.session_id,
        photographer_id: input.photographer_id!,
      });
      // Assigning the same person again changes nothing: nothing to log.
      if (done.changed) {
        const state = (s: typeof done.before) => ({
          status: s.status,
          photographer_id: s.photographer_id,
          tour_id: s.tour_id,
        });
        await audit(tx, ctx, {
          action: "photo_session.assign",
          target_type: "photo_session",
          target_id: done.after.id,
          before: state(done.before),
          after: state(done.after),
        });
      }
      return done.changed;
    });
    return {
      data: await adminSessionView(ctx.db, input.session_id),
      message: changed ? "Photographer assigned" : "This photographer is already assigned",
    };
  },
});

export const adminSetPhotographerCall = defineCall({
  name: "admin/set-photographer",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Give a person the photographer role (is_photographer true) or take it away (false; refused while they have open shoots)",
  input: setPhotographerSchema,
  output: PhotographerRole,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    return ctx.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number; is_photographer: boolean; deleted_at: Date | null }>(
        sql`select id, is_photographer, deleted_at from users where id = ${input.user_id} for update`,
      );
      const row = rows[0];
      if (!row || row.deleted_at) throw notFound("User not found");
      const id = Number(row.id);
      // Same as before (a double click, two admins): nothing changed, nothing to log.
      if (row.is_photographer === input.is_photographer) {
        return {
          data: { id, is_photographer: row.is_photographer },
          message: row.is_photographer ? "Already a photographer" : "Not a photographer",
        };
      }
      if (!input.is_photographer) {
        // Their editing rights come from the open shoots, not the role: those go to someone else first.
        const open = await tx.execute(
          sql`select 1 from photo_sessions where photographer_id = ${id} and status = any(${sql.param(ACTIVE_STATUSES)}::photo_session_status[]) limit 1`,
        );
        if (open.rows.length) throw new ApiError(409, PHOTOGRAPHER_HAS_SHOOTS);
      }
      await tx.execute(
        sql`update users set is_photographer = ${input.is_photographer}, updated_at = now() where id = ${id}`,
      );
      await audit(tx, ctx, {
        action: "user.photographer",
        target_type: "user",
        target_id: id,
        before: { is_photographer: row.is_photographer },
        after: { is_photographer: input.is_photographer },
      });
      return {
        data: { id, is_photographer: input.is_photographer },
        message: input.is_photographer ? "Photographer role given" : "Photographer role removed",
      };
    });
  },
});

export const adminPhotographersInput = z.object({ ...limitOffset(100, 200) });

export const adminPhotographersCall = defineCall({
  name: "admin/photographers",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "People with the photographer role, by name: their open and finished shoots and the owners' average rating",
  input: adminPhotographersInput,
  output: z.array(Photographer),
  total: true,
  async handler(input, { db }) {
    const where = sql`u.is_photographer and u.deleted_at is null`;
    const [{ rows }, counted] = await Promise.all([
      db.execute<{
        id: number;
        name: string;
        email: string | null;
        is_active: boolean;
        active_sessions: number;
        completed_sessions: number;
        average_rating: number | null;
        ratings: number;
      }>(sql`
        select u.id, u.name, u.email, u.is_active,
          (count(s.id) filter (where s.status = any(${sql.param(ACTIVE_STATUSES)}::photo_session_status[])))::int as active_sessions,
          (count(s.id) filter (where s.status = 'approved'))::int as completed_sessions,
          round(avg(s.rating)::numeric, 1)::float8 as average_rating,
          count(s.rating)::int as ratings
        from users u left join photo_sessions s on s.photographer_id = u.id
        where ${where}
        group by u.id
        order by u.name, u.id
        limit ${input.limit} offset ${input.offset}`),
      db.execute<{ n: number }>(sql`select count(*)::int as n from users u where ${where}`),
    ]);
    return {
      data: rows.map((r) => ({
        ...r,
        id: Number(r.id),
        active_sessions: Number(r.active_sessions),
        completed_sessions: Number(r.completed_sessions),
        average_rating: r.average_rating === null ? null : Number(r.average_rating),
        ratings: Number(r.ratings),
      })),
      total: Number(counted.rows[0]?.n ?? 0),
    };
  },
});
