// The console's first page: how much waits in each queue.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  advertisements,
  paymentTransactions,
  projects,
  properties,
  userReports,
  users,
  verificationApplications,
} from "../../db/schema";
import { defineCall } from "../call";
import { Overview } from "./output";

export const adminOverview = defineCall({
  name: "admin/overview",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "Counts of what waits for an admin: listings, featured requests, reports, verifications, bank transfers",
  input: z.object({}),
  output: Overview,
  async handler(_input, { db }) {
    const count = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
    const n = sql<number>`count(*)::int`;
    const [
      pending_properties,
      pending_projects,
      pending_advertisements,
      open_reports,
      pending_verifications,
      payments_in_review,
      users_total,
      deactivated_users,
    ] = await Promise.all([
      count(db.select({ n }).from(properties).where(eq(properties.request_status, "pending"))),
      count(db.select({ n }).from(projects).where(eq(projects.request_status, "pending"))),
      count(db.select({ n }).from(advertisements).where(eq(advertisements.status, "pending"))),
      count(db.select({ n }).from(userReports).where(eq(userReports.status, "open"))),
      // The latest application per person is their state; a pending one waits for a decision.
      count(
        db
          .select({ n })
          .from(verificationApplications)
          .where(
            and(
              eq(verificationApplications.status, "pending"),
              sql`${verificationApplications.id} = (select max(v.id) from verification_applications v where v.user_id = ${verificationApplications.user_id})`,
            ),
          ),
      ),
      count(db.select({ n }).from(paymentTransactions).where(eq(paymentTransactions.status, "review"))),
      count(db.select({ n }).from(users)),
      count(db.select({ n }).from(users).where(eq(users.is_active, false))),
    ]);
    return {
      data: {
        pending_properties,
        pending_projects,
        pending_advertisements,
        open_reports,
        pending_verifications,
        payments_in_review,
        users_total,
        deactivated_users,
      },
    };
  },
});
