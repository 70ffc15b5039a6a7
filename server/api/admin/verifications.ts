// Agent verification in the admin console: the applications waiting for a decision (a person's
// latest application is their state), one application with its answers and documents, and the
// decision, which the applicant is told of and which sets the Verified badge.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { users, verificationApplications, verificationStatusEnum } from "../../db/schema";
import { defineCall } from "../call";
import { AdminVerification, AdminVerificationRow, DecidedVerification } from "./output";
import { ApiError, notFound } from "../envelope";
import { idOf } from "../contract/ids";
import { limitOffset } from "../contract/pagination";
import { applicationAnswers, decideVerification } from "../verification/service";
import { audit } from "./audit";
import { containing } from "./search";

export const VERIFICATION_REJECT_REASON_REQUIRED = "Please write why the application is turned down";

const DECIDED = verificationStatusEnum.enumValues.filter((s) => s !== "initial") as [
  "pending",
  "success",
  "failed",
];
const latestOfPerson = () =>
  sql<boolean>`${verificationApplications.id} = (select max(v.id) from verification_applications v where v.user_id = ${verificationApplications.user_id})`;

export const adminVerifications = defineCall({
  name: "admin/verifications",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "People's latest verification applications with one status (pending by default, oldest first), with the person and when they applied",
  input: z.object({
    ...limitOffset(25, 100),
    status: z.enum(DECIDED, { error: "Choose pending, success or failed" }).default("pending"),
    /** Words in the applicant's name or email. */
    search: z.string().trim().max(100, "at most 100 characters").optional(),
  }),
  output: z.array(AdminVerificationRow),
  total: true,
  async handler(input, { db }) {
    const where: SQL[] = [eq(verificationApplications.status, input.status), latestOfPerson()];
    if (input.search) {
      const like = containing(input.search);
      where.push(or(ilike(users.name, like), ilike(users.email, like))!);
    }
    const cond = and(...where);
    const [rows, [count]] = await Promise.all([
      db
        .select({ app: verificationApplications, name: users.name, email: users.email, type: users.type })
        .from(verificationApplications)
        .innerJoin(users, eq(users.id, verificationApplications.user_id))
        .where(cond)
        // A queue is served in order; decisions are looked back on newest first.
        .orderBy(
          input.status === "pending"
            ? asc(verificationApplications.id)
            : desc(verificationApplications.decided_at),
          desc(verificationApplications.id),
        )
        .limit(input.limit)
        .offset(input.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(verificationApplications)
        .innerJoin(users, eq(users.id, verificationApplications.user_id))
        .where(cond),
    ]);
    return {
      data: rows.map(({ app, ...u }) => ({
        id: app.id,
        status: app.status,
        reason: app.reason,
        created_at: app.created_at.toISOString(),
        decided_at: app.decided_at?.toISOString() ?? null,
        user: { id: app.user_id, ...u },
      })),
      total: count?.n ?? 0,
    };
  },
});

const decider = alias(users, "decider");

export const adminVerification = defineCall({
  name: "admin/verification",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "One verification application: the person, its answers with their questions, its documents (admin-readable file addresses) and any decision",
  input: z.object({ id: idOf("id") }),
  output: AdminVerification,
  errorStatuses: [404],
  async handler(input, { db, lang }) {
    const [row] = await db
      .select({
        app: verificationApplications,
        user: {
          id: users.id,
          name: users.name,
          email: users.email,
          mobile: users.mobile,
          type: users.type,
          verification_status: users.verification_status,
        },
        decided_by: decider.name,
        latest: latestOfPerson(),
      })
      .from(verificationApplications)
      .innerJoin(users, eq(users.id, verificationApplications.user_id))
      .leftJoin(decider, eq(decider.id, verificationApplications.decided_by))
      .where(eq(verificationApplications.id, input.id))
      .limit(1);
    if (!row) throw notFound("Application not found");
    return {
      data: {
        id: row.app.id,
        status: row.app.status,
        reason: row.app.reason,
        created_at: row.app.created_at.toISOString(),
        decided_at: row.app.decided_at?.toISOString() ?? null,
        decided_by: row.decided_by,
        /** A later application replaced this one: it is history, not the person's state. */
        latest: row.latest,
        user: row.user,
        answers: await applicationAnswers(db, row.app.id, lang),
      },
    };
  },
});

export const adminDecideVerification = defineCall({
  name: "admin/decide-verification",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Approve (success) or turn down (failed, with a reason the applicant reads) a pending verification application; the applicant is notified",
  input: z.object({
    id: idOf("id"),
    status: z.enum(["success", "failed"], { error: "Choose success or failed" }),
    reason: z.string().trim().max(1000, "The reason must be at most 1000 characters").optional(),
  }),
  output: DecidedVerification,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    const reason = input.reason?.trim() || null;
    if (input.status === "failed" && !reason)
      throw new ApiError(400, VERIFICATION_REJECT_REASON_REQUIRED, {
        reason: [VERIFICATION_REJECT_REASON_REQUIRED],
      });
    const decided = await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select({
          status: verificationApplications.status,
          user_id: verificationApplications.user_id,
          user_status: users.verification_status,
          name: users.name,
        })
        .from(verificationApplications)
        .innerJoin(users, eq(users.id, verificationApplications.user_id))
        .where(eq(verificationApplications.id, input.id));
      const result = await decideVerification(tx, input.id, {
        status: input.status,
        reason: reason ?? undefined,
        adminId: ctx.user?.id,
      });
      await audit(tx, ctx, {
        action: input.status === "success" ? "verification.approve" : "verification.reject",
        target_type: "verification",
        target_id: input.id,
        before: { user: before?.name, status: before?.status, user_status: before?.user_status },
        after: { user: before?.name, status: result.status, user_status: result.status },
        reason,
      });
      return result;
    });
    return {
      data: decided,
      message: input.status === "success" ? "The agent is verified" : "Verification turned down",
    };
  },
});
