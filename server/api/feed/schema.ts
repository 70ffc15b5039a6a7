// Payloads of the personal feed (spec §3 "Personalised feed settings": category_ids,
// outdoor_facilitiy_ids, price_range, property_type, city) and of the feed itself.
import { z } from "zod";
import { idOf } from "../contract/ids";
import { limitOffset } from "../contract/pagination";
import { propertyKindFilter } from "../contract/property-kinds";

/** A list of ids as JSON, repeated fields (`a[]`) or comma-separated text ("1,4"); empty means none. */
const idList = (field: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === "") return [];
      if (Array.isArray(v)) return v.filter((x) => x !== "");
      if (typeof v === "number") return [v];
      const text = String(v).trim();
      if (text.startsWith("[")) {
        try {
          return JSON.parse(text);
        } catch {
          return text;
        }
      }
      return text
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean);
    },
    z
      .array(idOf(field), { error: `${field} must be a list of ids` })
      .max(30, `At most 30 ${field === "category_ids" ? "categories" : "facilities"}`)
      .transform((ids) => [...new Set(ids)]),
  );

/** One end of a price range: an amount, or empty (null) for no bound. Parsed by hand so that form
 * libraries' coercion of empty fields cannot change what "empty" means here. */
const priceEnd = z
  .union([z.number(), z.string(), z.null()], { error: "Price must be a number" })
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
    const n = typeof v === "number" ? v : Number(v.trim());
    if (!Number.isFinite(n)) ctx.addIssue({ code: "custom", message: "Price must be a number" });
    else if (n < 0) ctx.addIssue({ code: "custom", message: "Price must be 0 or more" });
    // numeric(14,2) holds up to 999 999 999 999.99.
    else if (n > 999_999_999_999.99) ctx.addIssue({ code: "custom", message: "Price is too large" });
    return n;
  });

/**
 * `price_range`: "min,max" (as the apps send it), [min, max], or { min, max }; either end may be
 * empty (no bound). Answers [min|null, max|null].
 */
export const priceRange = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "") return [null, null];
    // A form's empty end arrives as a hole or undefined: no bound.
    if (Array.isArray(v)) return Array.from({ length: Math.max(2, v.length) }, (_, i) => v[i] ?? null);
    if (typeof v === "object")
      return [(v as Record<string, unknown>).min ?? null, (v as Record<string, unknown>).max ?? null];
    const parts = String(v).split(/[,-]/);
    return parts.length === 2 ? parts : [String(v), "x"];
  },
  z
    .tuple([priceEnd, priceEnd], { error: "price_range must be two amounts: min,max" })
    .transform(([min, max]) => [min ?? null, max ?? null] as [number | null, number | null])
    .refine(
      ([min, max]) => min === null || max === null || min <= max,
      "The highest price must be at least the lowest",
    ),
);

export const preferencesSchema = z.object({
  category_ids: idList("category_ids"),
  outdoor_facilitiy_ids: idList("outdoor_facilitiy_ids"),
  price_range: priceRange,
  // Sell or rent; 0 and 1 as the apps send them; empty or both for either.
  property_type: propertyKindFilter(),
  city: z
    .string()
    .trim()
    .max(120, "City must be at most 120 characters")
    .optional()
    .transform((v) => v || undefined),
});
export type PreferencesInput = z.output<typeof preferencesSchema>;

export const recommendationSchema = z.object({ ...limitOffset(12, 50) });

export const dismissSchema = z.object({
  property_id: idOf("property_id"),
  /** 1 (default) hides the listing from the feed; 0 brings it back. */
  type: z
    .union([z.literal(1), z.literal(0), z.enum(["1", "0"])], {
      error: "type must be 1 (hide) or 0 (show again)",
    })
    .optional()
    .transform((v) => v === undefined || v === 1 || v === "1"),
});
