// check-package-limit (spec §7): asked before an add form is shown, so the form never opens for
// someone the API would refuse. The API asks the same questions again on submit.
import { z } from "zod";
import { defineCall } from "../call";
import { asc, eq } from "drizzle-orm";
import { packageFeatureType, packageFeatures, packages, userPackages } from "../../db/schema";
import { localize } from "../i18n";
import { gateFor, gateOf, packageCheck } from "./quota";
import { heldPackages } from "./service";
import { PackageLimit, PackagesOnOffer } from "./output";

export const checkPackageLimit = defineCall({
  name: "check-package-limit",
  method: "GET",
  access: "user",
  tag: "packages",
  summary:
    "Whether the caller may use a package feature now (list a property or project, feature one…): the spec's package_available, feature_available and limit_available, and if not allowed, why and where to fix it",
  input: z.object({ type: z.enum(packageFeatureType.enumValues, { error: "type is invalid" }) }),
  output: PackageLimit,
  async handler(input, ctx) {
    // Signed in with Firebase but no profile here yet: completing the profile comes first.
    const [reason, check] = ctx.user
      ? await Promise.all([
          gateFor(ctx.db, ctx.user.id, input.type),
          packageCheck(ctx.db, ctx.user.id, input.type),
        ])
      : ([
          "profile",
          { package_available: false, feature_available: false, limit_available: false },
        ] as const);
    const gate = reason ? gateOf(reason, input.type) : null;
    return {
      data: {
        ...check,
        allowed: reason === null,
        reason,
        message: gate?.message ?? null,
        action: gate
          ? {
              href: gate.href,
              ...(gate.help ? { help: gate.help } : {}),
            }
          : null,
      },
    };
  },
});

/** get-package (spec §7): the packages on offer, and the caller's own with what is used of each. */
export const getPackage = defineCall({
  name: "get-package",
  method: "GET",
  access: "optional",
  tag: "packages",
  summary:
    "Packages on offer with their features, and (signed in) the caller's active packages with used and total per feature",
  input: z.object({}),
  output: PackagesOnOffer,
  async handler(_input, ctx) {
    const [offered, features] = await Promise.all([
      ctx.db
        .select()
        .from(packages)
        .where(eq(packages.status, true))
        .orderBy(asc(packages.price_minor), asc(packages.id)),
      ctx.db.select().from(packageFeatures),
    ]);
    const mine = ctx.user ? await heldPackages(ctx.db, ctx.user.id) : [];
    // Free packages that may be taken once: which ones this person already had (even if expired).
    const taken = new Set(
      ctx.user
        ? (
            await ctx.db
              .selectDistinct({ id: userPackages.package_id })
              .from(userPackages)
              .where(eq(userPackages.user_id, ctx.user.id))
          ).map((r) => r.id)
        : [],
    );
    return {
      data: {
        packages: offered.map((p) => ({
          id: p.id,
          name: localize(p.translations, ctx.lang, "name", p.name),
          price_minor: p.price_minor,
          validity_days: p.validity_days,
          is_free: p.is_free,
          once_per_user: p.once_per_user,
          already_taken: p.once_per_user && taken.has(p.id),
          features: features
            .filter((f) => f.package_id === p.id)
            .map((f) => ({ type: f.type, limit: f.limit })),
        })),
        active: mine.map((h) => ({
          ...h,
          name: localize(h.translations, ctx.lang, "name", h.name),
          translations: undefined,
        })),
      },
    };
  },
});
