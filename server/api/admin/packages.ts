// Packages in the admin console: what is on sale, what it gives, and for how long. What people hold
// is a copy (user_packages), so editing or retiring a package never changes a package someone has.
// A package anyone ever held or paid for cannot be deleted (the database restricts it): it is retired.
import { asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../db/client.server";
import { packageFeatures, packages, settings } from "../../db/schema";
import { defineCall } from "../call";
import { AdminPackage } from "./output";
import { IdOnly } from "../output";
import { ApiError, notFound } from "../envelope";
import { idOf } from "../contract/ids";
import { minorUnitDigits, toMajorString } from "../payments/gateway";
import { siteCurrency } from "../payments/transactions";
import { audit } from "./audit";
import { STARTER_PACKAGE_SETTING } from "../packages/service";
import {
  FEATURE_TYPES,
  PACKAGE_MESSAGES,
  featuresOf,
  packageFormSchema,
  retirePackageSchema,
} from "./package-schema";

type PackageRow = typeof packages.$inferSelect;
type Feature = { type: (typeof FEATURE_TYPES)[number]; limit: number | null };

export const PACKAGE_HELD_MESSAGE =
  "Someone has bought or held this package, so it cannot be deleted. Retire it instead.";

// Written out as packages.id: in a select list of one table drizzle leaves columns unqualified, and
// an unqualified "id" inside these subqueries would be the subquery's own.
/** People holding the package now (a package that has started and not ended). */
const holders = sql<number>`(select count(distinct up.user_id)::int from user_packages up where up.package_id = packages.id and up.start_at <= now() and up.end_at > now())`;
/** Anyone ever held it or tried to pay for it: the rows that keep it from being deleted. */
const everUsed = sql<boolean>`(exists (select 1 from user_packages up where up.package_id = packages.id) or exists (select 1 from payment_transactions pt where pt.package_id = packages.id))`;

const arabicName = (p: PackageRow) => p.translations?.ar?.name ?? null;

/** A package and its features as the audit log keeps them: one flat record, a feature as its limit, "unlimited" or null (not included). */
function snapshot(p: PackageRow, features: Feature[]) {
  const record: Record<string, unknown> = {
    name: p.name,
    name_ar: arabicName(p),
    price_minor: p.price_minor,
    validity_days: p.validity_days,
    is_free: p.is_free,
    once_per_user: p.once_per_user,
    status: p.status ? "on_sale" : "retired",
  };
  for (const type of FEATURE_TYPES) {
    const f = features.find((x) => x.type === type);
    record[type] = f ? (f.limit ?? "unlimited") : null;
  }
  return record;
}

async function featuresOfPackage(db: Executor, id: number): Promise<Feature[]> {
  return db
    .select({ type: packageFeatures.type, limit: packageFeatures.limit })
    .from(packageFeatures)
    .where(eq(packageFeatures.package_id, id))
    .orderBy(asc(packageFeatures.id));
}

function present(
  p: PackageRow & { holders: number; ever_used: boolean },
  features: Feature[],
  currency: string,
  starterId: number | null,
) {
  return {
    id: p.id,
    name: p.name,
    name_ar: arabicName(p),
    price_minor: p.price_minor,
    /** The price in major units, as the form shows it ("49.00"). */
    price: toMajorString(p.price_minor, currency),
    currency,
    validity_days: p.validity_days,
    is_free: p.is_free,
    once_per_user: p.once_per_user,
    status: p.status ? ("on_sale" as const) : ("retired" as const),
    features: FEATURE_TYPES.flatMap((type) =>
      features.filter((f) => f.type === type).map((f) => ({ type: f.type, limit: f.limit })),
    ),
    holders: p.holders,
    /** The package every new account gets (setting starter_package), whatever its name. */
    is_starter: p.id === starterId,
    /** Deleting is possible only when nobody ever held or paid for it. */
    deletable: !p.ever_used,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

async function packagesWhere(db: Executor, id?: number) {
  const rows = await db
    .select({ p: packages, holders, ever_used: everUsed })
    .from(packages)
    .where(id === undefined ? undefined : eq(packages.id, id))
    .orderBy(desc(packages.status), asc(packages.price_minor), asc(packages.id));
  const features = await db.select().from(packageFeatures).orderBy(asc(packageFeatures.id));
  const currency = await siteCurrency(db);
  const [starter] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, STARTER_PACKAGE_SETTING))
    .limit(1);
  const starterId = starter ? Number(starter.value) : null;
  return rows.map((r) =>
    present(
      { ...r.p, holders: r.holders, ever_used: r.ever_used },
      features.filter((f) => f.package_id === r.p.id),
      currency,
      starterId,
    ),
  );
}

/** A price in major units → minor units of the currency; more decimals than it has is a mistake, not a rounding. */
function minorOf(price: number, currency: string): number {
  const scaled = price * 10 ** minorUnitDigits(currency);
  const minor = Math.round(scaled);
  if (Math.abs(scaled - minor) > 1e-6)
    throw new ApiError(400, PACKAGE_MESSAGES.priceDecimals, { price: [PACKAGE_MESSAGES.priceDecimals] });
  // Stored as a 32-bit integer of minor units: a currency with three decimals reaches it first.
  if (minor > 2 ** 31 - 1)
    throw new ApiError(400, PACKAGE_MESSAGES.priceMax, { price: [PACKAGE_MESSAGES.priceMax] });
  return minor;
}

export const adminPackages = defineCall({
  name: "admin/packages",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary: "Every package, on sale or retired, with its features and how many people hold it now",
  input: z.object({}),
  output: z.array(AdminPackage),
  total: true,
  async handler(_input, { db }) {
    const rows = await packagesWhere(db);
    return { data: rows, total: rows.length };
  },
});

export const adminPackage = defineCall({
  name: "admin/package",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary: "One package with its features, for the edit form",
  input: z.object({ id: idOf("id") }),
  output: AdminPackage,
  errorStatuses: [404],
  async handler(input, { db }) {
    const [row] = await packagesWhere(db, input.id);
    if (!row) throw notFound("Package not found");
    return { data: row };
  },
});

export const adminSavePackage = defineCall({
  name: "admin/save-package",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Create a package (no id) or change one: name, name_ar, price (major units), validity_days, is_free, once_per_user, status (on_sale, retired), and per feature: the four counted ones off/limited/unlimited with <type>_limit, the others included or not. Held packages keep what they were given",
  input: packageFormSchema,
  output: AdminPackage,
  created: "sometimes",
  errorStatuses: [404],
  async handler(input, ctx) {
    const currency = await siteCurrency(ctx.db);
    const price_minor = input.is_free ? 0 : minorOf(input.price ?? 0, currency);
    const features = featuresOf(input);
    const id = await ctx.db.transaction(async (tx) => {
      const values = {
        name: input.name,
        price_minor,
        validity_days: input.validity_days,
        is_free: input.is_free,
        once_per_user: input.once_per_user,
        status: input.status === "on_sale",
      };
      if (input.id === undefined) {
        const [row] = await tx
          .insert(packages)
          .values({ ...values, translations: input.name_ar ? { ar: { name: input.name_ar } } : {} })
          .returning();
        if (features.length)
          await tx.insert(packageFeatures).values(features.map((f) => ({ ...f, package_id: row!.id })));
        await audit(tx, ctx, {
          action: "package.create",
          target_type: "package",
          target_id: row!.id,
          before: null,
          after: snapshot(row!, features),
        });
        return row!.id;
      }
      const [before] = await tx.select().from(packages).where(eq(packages.id, input.id)).for("update");
      if (!before) throw notFound("Package not found");
      const hadFeatures = await featuresOfPackage(tx, before.id);
      // Other languages' names stay as they were; the Arabic one is what the form says.
      const { ar, ...others } = before.translations ?? {};
      const arRest = { ...(ar ?? {}) };
      delete arRest.name;
      const translations = {
        ...others,
        ...(input.name_ar || Object.keys(arRest).length
          ? { ar: { ...arRest, ...(input.name_ar ? { name: input.name_ar } : {}) } }
          : {}),
      };
      const [after] = await tx
        .update(packages)
        .set({ ...values, translations, updated_at: new Date() })
        .where(eq(packages.id, before.id))
        .returning();
      await tx.delete(packageFeatures).where(eq(packageFeatures.package_id, before.id));
      if (features.length)
        await tx.insert(packageFeatures).values(features.map((f) => ({ ...f, package_id: before.id })));
      await audit(tx, ctx, {
        action: "package.update",
        target_type: "package",
        target_id: before.id,
        before: snapshot(before, hadFeatures),
        after: snapshot(after!, features),
      });
      return before.id;
    });
    const [saved] = await packagesWhere(ctx.db, id);
    return {
      data: saved!,
      message: input.id === undefined ? "Package created" : "Package saved",
      status: input.id === undefined ? 201 : 200,
    };
  },
});

export const adminRetirePackage = defineCall({
  name: "admin/retire-package",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Take a package off sale (retired: true) or put it back (false). People holding it keep it until its end",
  input: retirePackageSchema,
  output: AdminPackage,
  errorStatuses: [404],
  async handler(input, ctx) {
    const changed = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(packages).where(eq(packages.id, input.id)).for("update");
      if (!row) throw notFound("Package not found");
      const status = !input.retired;
      if (row.status === status) return false;
      await tx.update(packages).set({ status, updated_at: new Date() }).where(eq(packages.id, row.id));
      await audit(tx, ctx, {
        action: input.retired ? "package.retire" : "package.restore",
        target_type: "package",
        target_id: row.id,
        before: { name: row.name, status: row.status ? "on_sale" : "retired" },
        after: { name: row.name, status: status ? "on_sale" : "retired" },
      });
      return true;
    });
    const [saved] = await packagesWhere(ctx.db, input.id);
    return {
      data: saved!,
      message: !changed ? "Nothing changed" : input.retired ? "Package retired" : "Package back on sale",
    };
  },
});

export const adminDeletePackage = defineCall({
  name: "admin/delete-package",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Delete a package nobody ever held or paid for; any other is retired instead (409)",
  input: z.object({ id: idOf("id") }),
  output: IdOnly,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    await ctx.db.transaction(async (tx) => {
      // Locked: a purchase starting now waits for this, then finds no package.
      const [row] = await tx.select().from(packages).where(eq(packages.id, input.id)).for("update");
      if (!row) throw notFound("Package not found");
      const [used] = await tx.select({ used: everUsed }).from(packages).where(eq(packages.id, row.id));
      if (used?.used) throw new ApiError(409, PACKAGE_HELD_MESSAGE);
      const features = await featuresOfPackage(tx, row.id);
      await tx.delete(packages).where(eq(packages.id, row.id));
      await audit(tx, ctx, {
        action: "package.delete",
        target_type: "package",
        target_id: row.id,
        before: snapshot(row, features),
        after: null,
      });
    });
    return { data: { id: input.id }, message: "Package deleted" };
  },
});
