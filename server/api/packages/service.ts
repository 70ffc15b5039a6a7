// What a person holds (spec §8): packages given or bought, each with its features' used and total.
// The starter package every new account gets is made here on first use. The gates that spend these
// units when someone lists are in quota.ts.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { packageFeatures, packages, settings, userPackageFeatures, userPackages } from "../../db/schema";
import { ApiError } from "../envelope";

export type FeatureType = (typeof packageFeatures.$inferSelect)["type"];

/** What a person holds now, feature by feature: used and total (null = unlimited). */
export async function usageOf(db: Executor, userId: number) {
  return db
    .select({
      type: userPackageFeatures.type,
      total: userPackageFeatures.total,
      used: userPackageFeatures.used,
      end_at: userPackages.end_at,
      package_id: userPackages.package_id,
    })
    .from(userPackageFeatures)
    .innerJoin(userPackages, eq(userPackages.id, userPackageFeatures.user_package_id))
    .where(and(eq(userPackages.user_id, userId), gt(userPackages.end_at, sql`now()`)))
    .orderBy(asc(userPackages.end_at));
}

/** The free starter package every new account gets (setting `starter_package`), so anyone can list at once. */
export const STARTER_PACKAGE = {
  name: "Starter",
  translations: { ar: { name: "باقة البداية" } },
  validity_days: 365,
  features: [
    { type: "property_list" as const, limit: 5 },
    { type: "project_list" as const, limit: 2 },
  ],
};

/** Gives a person a package: its limits copied onto what they hold, for its validity. */
export async function assignPackage(tx: Executor, userId: number, packageId: number) {
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, packageId)).limit(1);
  if (!pkg) throw new ApiError(404, "Package not found");
  const features = await tx.select().from(packageFeatures).where(eq(packageFeatures.package_id, packageId));
  const [held] = await tx
    .insert(userPackages)
    .values({
      user_id: userId,
      package_id: packageId,
      end_at: sql`now() + make_interval(days => ${pkg.validity_days})`,
    })
    .returning({ id: userPackages.id });
  if (features.length)
    await tx
      .insert(userPackageFeatures)
      .values(features.map((f) => ({ user_package_id: held!.id, type: f.type, total: f.limit })));
  return held!.id;
}

/** Where the starter package's id is kept, so an admin may rename or edit it freely. */
export const STARTER_PACKAGE_SETTING = "starter_package_id";

/**
 * The starter package's id, or null when it is retired (an admin took it off: new accounts get
 * none). Made on first use; a database from before the setting finds it by its original name.
 */
export async function starterPackageId(tx: Executor): Promise<number | null> {
  const [kept] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, STARTER_PACKAGE_SETTING))
    .limit(1);
  let [pkg] = kept
    ? await tx
        .select({ id: packages.id, status: packages.status })
        .from(packages)
        .where(eq(packages.id, Number(kept.value)))
        .limit(1)
    : [];
  if (!pkg) {
    [pkg] = await tx
      .select({ id: packages.id, status: packages.status })
      .from(packages)
      .where(
        and(
          eq(packages.name, STARTER_PACKAGE.name),
          eq(packages.is_free, true),
          eq(packages.once_per_user, true),
        ),
      )
      .limit(1);
  }
  if (!pkg) {
    [pkg] = await tx
      .insert(packages)
      .values({
        name: STARTER_PACKAGE.name,
        translations: STARTER_PACKAGE.translations,
        validity_days: STARTER_PACKAGE.validity_days,
        is_free: true,
        once_per_user: true,
      })
      .returning({ id: packages.id, status: packages.status });
    await tx
      .insert(packageFeatures)
      .values(STARTER_PACKAGE.features.map((f) => ({ package_id: pkg!.id, type: f.type, limit: f.limit })));
  }
  if (Number(kept?.value) !== pkg!.id) {
    await tx
      .insert(settings)
      .values({ key: STARTER_PACKAGE_SETTING, value: pkg!.id })
      .onConflictDoUpdate({ target: settings.key, set: { value: pkg!.id, updated_at: new Date() } });
  }
  return pkg!.status ? pkg!.id : null;
}

/** The starter package, given once to a person who never had it (none while it is retired). */
export async function giveStarterPackage(tx: Executor, userId: number) {
  const id = await starterPackageId(tx);
  if (!id) return null;
  const [had] = await tx
    .select({ id: userPackages.id })
    .from(userPackages)
    .where(and(eq(userPackages.user_id, userId), eq(userPackages.package_id, id)))
    .limit(1);
  if (had) return null;
  return assignPackage(tx, userId, id);
}

/** A person's packages that have not ended, each with used and total per feature (soonest end first). */
export async function heldPackages(db: Executor, userId: number) {
  const rows = await db
    .select({
      id: userPackages.id,
      package_id: userPackages.package_id,
      name: packages.name,
      translations: packages.translations,
      start_at: userPackages.start_at,
      end_at: userPackages.end_at,
      type: userPackageFeatures.type,
      total: userPackageFeatures.total,
      used: userPackageFeatures.used,
    })
    .from(userPackages)
    .innerJoin(packages, eq(packages.id, userPackages.package_id))
    .leftJoin(userPackageFeatures, eq(userPackageFeatures.user_package_id, userPackages.id))
    .where(and(eq(userPackages.user_id, userId), gt(userPackages.end_at, sql`now()`)))
    .orderBy(asc(userPackages.end_at), asc(userPackages.id), asc(userPackageFeatures.id));
  const held = new Map<
    number,
    {
      id: number;
      package_id: number;
      name: string;
      translations: Record<string, Record<string, string>>;
      start_at: string;
      end_at: string;
      features: { type: FeatureType; total: number | null; used: number }[];
    }
  >();
  for (const r of rows) {
    const h = held.get(r.id) ?? {
      id: r.id,
      package_id: r.package_id,
      name: r.name,
      translations: r.translations,
      start_at: r.start_at.toISOString(),
      end_at: r.end_at.toISOString(),
      features: [],
    };
    if (r.type) h.features.push({ type: r.type, total: r.total, used: r.used ?? 0 });
    held.set(r.id, h);
  }
  return [...held.values()];
}
