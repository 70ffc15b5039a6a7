// Who may list, and counting what they list (spec §6, §8). The gates run in a fixed order, so a
// person always hears about the first thing to fix: account, profile, verification, package.
// A unit of a package is taken in the same transaction as the insert it pays for, with the row
// locked, so two posts at the same moment can never both take the last one.
import { and, asc, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { userPackageFeatures, userPackages, users } from "../../db/schema";
import { ApiError } from "../envelope";
import { readSettings } from "../settings/calls";
import { isProfileComplete } from "../users/service";
import { GATES, gateOf, type GateReason } from "./contract";
import type { FeatureType } from "./service";

export { GATES, gateOf };
export type { FeatureType, GateReason };

export type ListingKind = "property_list" | "project_list";

/** A refusal the UI can explain: the message (worded for the feature), and the page that fixes it. */
export class GateError extends ApiError {
  constructor(
    readonly reason: GateReason,
    kind: FeatureType,
  ) {
    super(403, gateOf(reason, kind).message);
  }
}

/**
 * What a signed-in person lacking a feature that has no count (premium listings, project details,
 * the mortgage table) is told: not subscribed at all, or the feature's own message.
 */
export function missingFeatureGate(
  check: { package_available: boolean },
  kind: FeatureType,
): { message: string; href: string } {
  const gate = gateOf(check.package_available ? "feature_unavailable" : "no_package", kind);
  return { message: gate.message, href: gate.href };
}

/** The features of packages a person holds now (expired ones stop counting: no job needed). */
function liveFeatures(userId: number, type: FeatureType) {
  return and(
    eq(userPackages.user_id, userId),
    lte(userPackages.start_at, sql`now()`),
    gt(userPackages.end_at, sql`now()`),
    eq(userPackageFeatures.type, type),
  );
}

/** The spec's package check (§3): any live package, one with this feature, a unit of it left. */
export async function packageCheck(db: Executor, userId: number, kind: FeatureType) {
  const rows = await db
    .select({
      type: userPackageFeatures.type,
      total: userPackageFeatures.total,
      used: userPackageFeatures.used,
    })
    .from(userPackageFeatures)
    .innerJoin(userPackages, eq(userPackages.id, userPackageFeatures.user_package_id))
    .where(
      and(
        eq(userPackages.user_id, userId),
        lte(userPackages.start_at, sql`now()`),
        gt(userPackages.end_at, sql`now()`),
      ),
    );
  const feature = rows.filter((r) => r.type === kind);
  return {
    package_available: rows.length > 0,
    feature_available: feature.length > 0,
    limit_available: feature.some((r) => r.total === null || r.used < r.total),
  };
}

/** Why this person may not list now, or null. Does not take anything. */
export async function gateFor(db: Executor, userId: number, kind: FeatureType): Promise<GateReason | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !user.is_active) return "deactivated";
  if (kind === "property_list" || kind === "project_list") {
    if (!isProfileComplete(user)) return "profile";
    const settings = await readSettings(db);
    if (settings.verification_required_for_user && user.verification_status !== "success")
      return "verification";
  }
  const check = await packageCheck(db, userId, kind);
  if (!check.package_available) return "no_package";
  if (!check.feature_available) return "feature_unavailable";
  return check.limit_available ? null : "limit";
}

/** Throws the first gate that stops this person from listing (spec §6), without taking a unit. */
export async function assertCanList(db: Executor, userId: number, kind: ListingKind): Promise<void> {
  const reason = await gateFor(db, userId, kind);
  if (reason) throw new GateError(reason, kind);
}

/**
 * Inside the transaction that inserts the listing: checks the gates again and takes one unit of
 * the package that ends soonest. The row lock makes a concurrent post wait and then see the new
 * count, so the last unit goes to exactly one of them.
 */
export async function takeListingQuota(tx: Executor, userId: number, kind: ListingKind): Promise<void> {
  await takeFeature(tx, userId, kind);
}

export async function takeFeature(tx: Executor, userId: number, kind: FeatureType): Promise<void> {
  const reason = await gateFor(tx, userId, kind);
  if (reason) throw new GateError(reason, kind);
  const [row] = await tx
    .select({ id: userPackageFeatures.id })
    .from(userPackageFeatures)
    .innerJoin(userPackages, eq(userPackages.id, userPackageFeatures.user_package_id))
    .where(
      and(
        liveFeatures(userId, kind),
        or(isNull(userPackageFeatures.total), lt(userPackageFeatures.used, userPackageFeatures.total)),
      ),
    )
    .orderBy(asc(userPackages.end_at), asc(userPackageFeatures.id))
    .limit(1)
    .for("update", { of: userPackageFeatures });
  // Locked and re-read: under load the row may have been used up while we waited for it.
  const taken = row
    ? await tx
        .update(userPackageFeatures)
        .set({ used: sql`${userPackageFeatures.used} + 1` })
        .where(
          and(
            eq(userPackageFeatures.id, row.id),
            or(isNull(userPackageFeatures.total), lt(userPackageFeatures.used, userPackageFeatures.total)),
          ),
        )
        .returning({ id: userPackageFeatures.id })
    : [];
  if (!taken.length) throw new GateError("limit", kind);
}
