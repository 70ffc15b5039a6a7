// People, as an admin sees them: find them, read everything they have here, switch their account
// off (with a reason they will read) and on again, and give them a package by hand.
// A switched-off account keeps its session: the API refuses every change it asks for with the
// spec's message (server/api/index.ts), the listing gates say the same, and the person's own pages
// show the admin's reason. Signing them out would only hide why.
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../db/client.server";
import {
  packages,
  paymentTransactions,
  projects,
  properties,
  users,
  verificationStatusEnum,
} from "../../db/schema";
import { defineCall } from "../call";
import { AdminUser, AdminUserRow, AssignedPackage, Deactivated, Reactivated } from "./output";
import type { ApiContext } from "../context";
import { ApiError, notFound } from "../envelope";
import { localize } from "../i18n";
import { idOf } from "../contract/ids";
import { limitOffset } from "../contract/pagination";
import { assignPackage, heldPackages } from "../packages/service";
import { audit } from "./audit";
import { containing } from "./search";
import { recordListingEvents } from "../saved-searches/events";

export const DEACTIVATE_REASON_REQUIRED = "Please write why the account is deactivated";
export const SELF_DEACTIVATE = "You cannot deactivate your own account";
export const PACKAGE_REQUIRED = "Please choose a package";

/** What an audit row keeps of an account's state. */
const accountState = (u: {
  is_active: boolean;
  deactivated_reason: string | null;
  deactivated_at: Date | null;
}) => ({
  is_active: u.is_active,
  deactivated_reason: u.deactivated_reason,
  deactivated_at: u.deactivated_at,
});

async function lockUser(tx: Executor, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  if (!row) throw notFound("User not found");
  return row;
}

/**
 * Switches an account off, inside the caller's transaction (a report's resolution uses it too);
 * the caller writes the audit row. Deactivating again only replaces the reason: the date stays
 * the first one, which is when the person lost access. The person's live properties go off the
 * site with them (marked off_with_owner, so reactivation brings back exactly those); their
 * projects and developer page already hide while the account is off.
 */
export async function deactivateAccount(
  tx: Executor,
  ctx: Pick<ApiContext, "principal" | "user">,
  input: { id: number; reason?: string | null },
) {
  const reason = input.reason?.trim();
  if (!reason) throw new ApiError(400, DEACTIVATE_REASON_REQUIRED, { reason: [DEACTIVATE_REASON_REQUIRED] });
  const row = await lockUser(tx, input.id);
  // An admin who switched themself off could not switch themself on again (every change is refused).
  if (row.id === ctx.user?.id || row.firebase_id === ctx.principal?.uid)
    throw new ApiError(400, SELF_DEACTIVATE, { id: [SELF_DEACTIVATE] });
  const [after] = await tx
    .update(users)
    .set({
      is_active: false,
      deactivated_reason: reason,
      deactivated_at: row.is_active ? new Date() : (row.deactivated_at ?? new Date()),
      updated_at: new Date(),
    })
    .where(eq(users.id, row.id))
    .returning();
  const off = await tx
    .update(properties)
    .set({ status: "inactive", off_with_owner: true, updated_at: new Date() })
    .where(and(eq(properties.added_by, row.id), eq(properties.status, "active")))
    .returning({ id: properties.id });
  return {
    user: after!,
    before: accountState(row),
    after: { ...accountState(after!), properties_switched_off: off.map((p) => p.id) },
  };
}

const reasonField = z
  .string({ error: DEACTIVATE_REASON_REQUIRED })
  .trim()
  .min(1, DEACTIVATE_REASON_REQUIRED)
  .max(1000, "The reason must be at most 1000 characters");

export const deactivateUserSchema = z.object({ id: idOf("id"), reason: reasonField });
export const assignPackageSchema = z
  .object({ user_id: idOf("user_id"), package_id: idOf("package_id").optional() })
  .superRefine((v, c) => {
    if (v.package_id === undefined)
      c.addIssue({ code: "custom", path: ["package_id"], message: PACKAGE_REQUIRED });
  });

const flag = z.enum(["1", "0"], { error: "active must be 1 or 0" }).optional();

export const adminUsersInput = z.object({
  ...limitOffset(30, 100),
  /** Part of a name, an email address or a phone number. */
  search: z.string().trim().max(100).optional(),
  active: flag,
  type: z.enum(["user", "agent", "owner", "developer"], { error: "type is invalid" }).optional(),
  verification_status: z
    .enum(verificationStatusEnum.enumValues, { error: "verification_status is invalid" })
    .optional(),
});

export const adminUsers = defineCall({
  name: "admin/users",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "People: search by name, email or phone; filter by active, type and verification; newest first, with how many properties and projects each has",
  input: adminUsersInput,
  output: z.array(AdminUserRow),
  total: true,
  async handler(input, { db }) {
    // Deleted accounts are emptied tombstones (decision 022): nobody left to find or act on.
    const where: SQL[] = [isNull(users.deleted_at)];
    if (input.search) {
      const like = containing(input.search);
      // A phone number is often typed with spaces or dashes: compare digits with digits too.
      const digits = input.search.replace(/\D/g, "");
      where.push(
        or(
          ilike(users.name, like),
          ilike(users.email, like),
          ilike(users.mobile, like),
          digits.length >= 4
            ? sql`regexp_replace(coalesce(${users.mobile}, ''), '\\D', '', 'g') like ${`%${digits}%`}`
            : undefined,
        )!,
      );
    }
    if (input.active) where.push(eq(users.is_active, input.active === "1"));
    if (input.type) where.push(eq(users.type, input.type));
    if (input.verification_status) where.push(eq(users.verification_status, input.verification_status));
    const cond = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          mobile: users.mobile,
          profile: users.profile,
          type: users.type,
          is_active: users.is_active,
          deactivated_reason: users.deactivated_reason,
          verification_status: users.verification_status,
          created_at: users.created_at,
          // Spelt out: inside a select list drizzle names the column without its table, which the
          // subquery would read as its own.
          properties_count: sql<number>`(select count(*)::int from properties p where p.added_by = "users"."id")`,
          projects_count: sql<number>`(select count(*)::int from projects pj where pj.added_by = "users"."id")`,
        })
        .from(users)
        .where(cond)
        .orderBy(desc(users.id))
        .limit(input.limit)
        .offset(input.offset),
      db.select({ n: count() }).from(users).where(cond),
    ]);
    return {
      data: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
      total: total?.n ?? 0,
    };
  },
});

/** How many of a person's listings the detail page shows (their own pages have the rest). */
const LISTED = 50;

export const adminUser = defineCall({
  name: "admin/user",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "One person: profile, account state and its reason, verification, their properties and projects, the packages they hold and their latest payments",
  input: z.object({ id: idOf("id") }),
  output: AdminUser,
  errorStatuses: [404],
  async handler(input, ctx) {
    const { db } = ctx;
    const [row] = await db.select().from(users).where(eq(users.id, input.id)).limit(1);
    if (!row) throw notFound("User not found");
    const listingCols = (t: typeof properties | typeof projects) => ({
      id: t.id,
      title: t.title,
      slug_id: t.slug_id,
      request_status: t.request_status,
      status: t.status,
      created_at: t.created_at,
    });
    const [props, [propCount], projs, [projCount], held, transactions, offered] = await Promise.all([
      db
        .select({ ...listingCols(properties), property_status: properties.property_status })
        .from(properties)
        .where(eq(properties.added_by, row.id))
        .orderBy(desc(properties.id))
        .limit(LISTED),
      db.select({ n: count() }).from(properties).where(eq(properties.added_by, row.id)),
      db
        .select(listingCols(projects))
        .from(projects)
        .where(eq(projects.added_by, row.id))
        .orderBy(desc(projects.id))
        .limit(LISTED),
      db.select({ n: count() }).from(projects).where(eq(projects.added_by, row.id)),
      heldPackages(db, row.id),
      db
        .select({
          id: paymentTransactions.id,
          package_id: paymentTransactions.package_id,
          package_name: packages.name,
          amount_minor: paymentTransactions.amount_minor,
          currency: paymentTransactions.currency,
          payment_gateway: paymentTransactions.payment_gateway,
          status: paymentTransactions.status,
          created_at: paymentTransactions.created_at,
        })
        .from(paymentTransactions)
        .innerJoin(packages, eq(packages.id, paymentTransactions.package_id))
        .where(eq(paymentTransactions.user_id, row.id))
        .orderBy(desc(paymentTransactions.id))
        .limit(10),
      db
        .select({
          id: packages.id,
          name: packages.name,
          translations: packages.translations,
          status: packages.status,
          is_free: packages.is_free,
          validity_days: packages.validity_days,
        })
        .from(packages)
        .orderBy(desc(packages.status), packages.name),
    ]);
    const iso = <T extends { created_at: Date }>(r: T) => ({ ...r, created_at: r.created_at.toISOString() });
    const { firebase_id: _f, fcm_id: _t, ...profile } = row;
    return {
      data: {
        user: {
          ...profile,
          created_at: row.created_at.toISOString(),
          updated_at: row.updated_at.toISOString(),
          deactivated_at: row.deactivated_at?.toISOString() ?? null,
        },
        /** The admin looking: the page offers no way to switch oneself off. */
        is_self: row.id === ctx.user?.id,
        properties: { rows: props.map(iso), total: propCount?.n ?? 0 },
        projects: { rows: projs.map(iso), total: projCount?.n ?? 0 },
        packages: held.map(({ translations, ...h }) => ({
          ...h,
          name: localize(translations, ctx.lang, "name", h.name),
        })),
        transactions: transactions.map(iso),
        /** What can be given: every package, retired ones too (see admin/assign-package). */
        offered: offered.map(({ translations, ...p }) => ({
          ...p,
          name: localize(translations, ctx.lang, "name", p.name),
        })),
      },
    };
  },
});

export const adminDeactivateUser = defineCall({
  name: "admin/deactivate-user",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Switch an account off with a reason the person will read; every change they try is then refused with the spec's message",
  input: deactivateUserSchema,
  output: Deactivated,
  errorStatuses: [404],
  async handler(input, ctx) {
    const data = await ctx.db.transaction(async (tx) => {
      const done = await deactivateAccount(tx, ctx, input);
      await audit(tx, ctx, {
        action: "user.deactivate",
        target_type: "user",
        target_id: input.id,
        before: done.before,
        after: done.after,
        reason: input.reason,
      });
      return done.after;
    });
    return { data: { id: input.id, ...data }, message: "Account deactivated" };
  },
});

export const adminReactivateUser = defineCall({
  name: "admin/reactivate-user",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Switch an account on again; the admin's reason is cleared",
  input: z.object({ id: idOf("id") }),
  output: Reactivated,
  errorStatuses: [404],
  async handler(input, ctx) {
    return ctx.db.transaction(async (tx) => {
      const row = await lockUser(tx, input.id);
      // Already on (a double click, two admins): nothing changed, nothing to log.
      if (row.is_active)
        return { data: { id: row.id, ...accountState(row) }, message: "This account is already active" };
      const [after] = await tx
        .update(users)
        .set({ is_active: true, deactivated_reason: null, deactivated_at: null, updated_at: new Date() })
        .where(eq(users.id, row.id))
        .returning();
      const back = await tx
        .update(properties)
        .set({ status: "active", off_with_owner: false, updated_at: new Date() })
        .where(and(eq(properties.added_by, row.id), eq(properties.off_with_owner, true)))
        .returning({ id: properties.id });
      await recordListingEvents(
        tx,
        back.map((p) => p.id),
        "live",
      );
      await audit(tx, ctx, {
        action: "user.reactivate",
        target_type: "user",
        target_id: row.id,
        before: accountState(row),
        after: { ...accountState(after!), properties_switched_on: back.map((p) => p.id) },
      });
      return { data: { id: row.id, ...accountState(after!) }, message: "Account reactivated" };
    });
  },
});

export const adminAssignPackage = defineCall({
  name: "admin/assign-package",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Give a person a package by hand, from today for its validity, without a payment. Retired packages (status off) can be given too: retiring takes a package off sale, it does not stop an admin honouring it",
  input: assignPackageSchema,
  output: AssignedPackage,
  errorStatuses: [404],
  async handler(input, ctx) {
    const packageId = input.package_id!;
    return ctx.db.transaction(async (tx) => {
      const person = await lockUser(tx, input.user_id);
      const [pkg] = await tx
        .select({ id: packages.id, name: packages.name, status: packages.status })
        .from(packages)
        .where(eq(packages.id, packageId))
        .limit(1);
      if (!pkg) throw new ApiError(400, "Package not found", { package_id: ["Package not found"] });
      const before = (await heldPackages(tx, person.id)).map((h) => ({
        id: h.id,
        package_id: h.package_id,
        end_at: h.end_at,
      }));
      const heldId = await assignPackage(tx, person.id, pkg.id);
      const after = (await heldPackages(tx, person.id)).map((h) => ({
        id: h.id,
        package_id: h.package_id,
        end_at: h.end_at,
      }));
      await audit(tx, ctx, {
        action: "user.assign_package",
        target_type: "user",
        target_id: person.id,
        before: { packages: before },
        after: { packages: after, assigned: { user_package_id: heldId, package_id: pkg.id, name: pkg.name } },
      });
      return {
        data: { user_id: person.id, user_package_id: heldId, package_id: pkg.id },
        message: "Package assigned",
      };
    });
  },
});
