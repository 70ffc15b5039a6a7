// The package form of the admin console, shared by the page (conform) and admin/save-package, so a
// field's message is the same with or without JavaScript. Fields are flat, one per input, so every
// message lands on the input it is about (a feature's limit on `<type>_limit`).
import { z } from "zod";
import { idOf } from "../contract/ids";

/** Counted against a limit (spec §6): not included, limited to a number, or unlimited. */
export const COUNTED_FEATURES = [
  "property_list",
  "property_feature",
  "project_list",
  "project_feature",
] as const;
/** Either part of the package or not. */
export const SWITCH_FEATURES = [
  "mortgage_calculator_detail",
  "premium_properties",
  "project_access",
] as const;
export const FEATURE_TYPES = [...COUNTED_FEATURES, ...SWITCH_FEATURES] as const;
export type CountedFeature = (typeof COUNTED_FEATURES)[number];

export const PACKAGE_MESSAGES = {
  name: "Name is required",
  validity: "Validity must be at least 1 day",
  validityWhole: "Validity must be a whole number of days",
  validityMax: "Validity must be at most 3650 days",
  price: "Price must be 0 or more",
  priceNumber: "Price must be a number",
  priceMax: "Price is too high",
  priceDecimals: "Price has more decimals than the currency",
  paidPrice: "A package that is not free needs a price above 0",
  limit: "A limited feature needs a limit of 1 or more",
  limitWhole: "The limit must be a whole number",
  limitMax: "The limit must be at most 100000",
  feature: "Choose not included, limited or unlimited",
  oncePaid: "Only a free package can be limited to once per account",
} as const;

const M = PACKAGE_MESSAGES;
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
/** A checkbox: ticked sends "1" (or "on"); JSON may send a boolean. Unticked sends nothing. */
const flag = z.preprocess(
  (v) => v === true || v === 1 || v === "1" || v === "on" || v === "true",
  z.boolean(),
);
const counted = z.enum(["off", "limited", "unlimited"], { error: M.feature }).default("off");
const limit = z.preprocess(
  blank,
  z.coerce
    .number({ error: (i) => (i.code === "invalid_type" ? M.limit : undefined) })
    .int(M.limitWhole)
    .max(100_000, M.limitMax)
    .optional(),
);

export const packageFormSchema = z
  .object({
    /** Absent: a new package. */
    id: z.preprocess(blank, idOf("id").optional()),
    name: z
      .string({ error: M.name })
      .trim()
      .min(1, M.name)
      .max(120, "The name must be at most 120 characters"),
    /** The Arabic name (translations.ar.name); without it Arabic readers see the English one. */
    name_ar: z.preprocess(
      blank,
      z.string().trim().max(120, "The name must be at most 120 characters").optional(),
    ),
    /** In the site currency's major units ("49.00"); stored as price_minor. */
    price: z.preprocess(
      blank,
      z.coerce
        .number({ error: (i) => (i.code === "invalid_type" ? M.priceNumber : undefined) })
        .min(0, M.price)
        .max(10_000_000, M.priceMax)
        .optional(),
    ),
    validity_days: z.coerce
      .number({ error: (i) => (i.code === "invalid_type" ? M.validity : undefined) })
      .int(M.validityWhole)
      .min(1, M.validity)
      .max(3650, M.validityMax),
    is_free: flag,
    once_per_user: flag,
    status: z.enum(["on_sale", "retired"], { error: "Choose on sale or retired" }).default("on_sale"),
    property_list: counted,
    property_list_limit: limit,
    property_feature: counted,
    property_feature_limit: limit,
    project_list: counted,
    project_list_limit: limit,
    project_feature: counted,
    project_feature_limit: limit,
    mortgage_calculator_detail: flag,
    premium_properties: flag,
    project_access: flag,
  })
  .superRefine(
    (v, ctx) => {
      // Runs even when other fields are wrong (see `when`), so every mistake shows at once: values
      // of the wrong type have their own message already.
      if (!v || typeof v !== "object") return;
      if (v.is_free !== true && (v.price === undefined || v.price === 0))
        ctx.addIssue({ code: "custom", path: ["price"], message: M.paidPrice });
      // Buying is not limited per person; only taking a free package is.
      if (v.once_per_user === true && v.is_free !== true)
        ctx.addIssue({ code: "custom", path: ["once_per_user"], message: M.oncePaid });
      for (const type of COUNTED_FEATURES) {
        const n = v[`${type}_limit`];
        if (v[type] === "limited" && (n === undefined || (typeof n === "number" && n < 1)))
          ctx.addIssue({ code: "custom", path: [`${type}_limit`], message: M.limit });
      }
    },
    { when: () => true },
  );

export type PackageForm = z.output<typeof packageFormSchema>;

/** The features a form describes: each included one with its limit (null = unlimited). */
export function featuresOf(v: PackageForm): { type: (typeof FEATURE_TYPES)[number]; limit: number | null }[] {
  const out: { type: (typeof FEATURE_TYPES)[number]; limit: number | null }[] = [];
  for (const type of COUNTED_FEATURES) {
    if (v[type] === "limited") out.push({ type, limit: v[`${type}_limit`]! });
    else if (v[type] === "unlimited") out.push({ type, limit: null });
  }
  for (const type of SWITCH_FEATURES) if (v[type]) out.push({ type, limit: null });
  return out;
}

export const retirePackageSchema = z.object({
  id: idOf("id"),
  retired: z.preprocess((v) => v === true || v === 1 || v === "1" || v === "true", z.boolean()),
});
