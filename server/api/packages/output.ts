// Answers about packages: what is on offer, what the caller holds, and whether they may use a feature.
import { z } from "zod";
import { packageFeatureType } from "../../db/schema";
import { count, dateTime, int, minor, named } from "../output";
import { GATES } from "./contract";

export const FeatureType = z.enum(packageFeatureType.enumValues);
export const GateReason = z.enum(Object.keys(GATES) as [keyof typeof GATES, ...(keyof typeof GATES)[]]);

/** A feature of a package on offer; `limit` null is unlimited. */
export const PackageFeature = z.object({ type: FeatureType, limit: int.nullable() });

/** A package the caller holds now, with what is used of each feature (`total` null: unlimited). */
export const HeldPackage = named(
  "HeldPackage",
  z.object({
    id: int,
    package_id: int,
    name: z.string(),
    start_at: dateTime,
    end_at: dateTime,
    features: z.array(z.object({ type: FeatureType, total: int.nullable(), used: count })),
  }),
  "A package a person holds now, with used and total per feature",
);

/** `check-package-limit`: the spec's three answers, and when not allowed, why and where to fix it. */
export const PackageLimit = z.object({
  package_available: z.boolean(),
  feature_available: z.boolean(),
  limit_available: z.boolean(),
  allowed: z.boolean(),
  reason: GateReason.nullable(),
  /** The spec's message for the reason. */
  message: z.string().nullable(),
  /** The page that fixes it; `help`, for a switched-off account, the page to reach the admin. */
  action: z.object({ href: z.string(), help: z.string().optional() }).nullable(),
});

/** `get-package`: packages on offer and (signed in) the caller's own. */
export const PackagesOnOffer = z.object({
  packages: z.array(
    z.object({
      id: int,
      name: z.string(),
      price_minor: minor,
      validity_days: int,
      is_free: z.boolean(),
      once_per_user: z.boolean(),
      /** A once-per-person package the caller already had. */
      already_taken: z.boolean(),
      features: z.array(PackageFeature),
    }),
  ),
  active: z.array(HeldPackage),
});
