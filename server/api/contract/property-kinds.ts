// Which kinds of offer a filter asks for: sell, rent, or both. The apps encode a list of kinds in
// every way a form or a query can hold one: "0,1" (their web app joins a list with commas), "[0,1]"
// and "[\"0\",\"1\"]" (a list stringified into a form field), a real list (`property_type[]=0&
// property_type[]=1`, JSON `[0, 1]`), in either order. Naming both kinds filters nothing, the same as
// naming none, so every call that filters by kind reads its field with this one parser; a call that
// read "0,1" as one odd value refused the web app's "both".
//
// Kept free of the compatibility layer's types, so the typed API's schemas can take the same field
// with it.
import { z } from "zod";

export type PropertyKind = "sell" | "rent";

/** The apps' codes (0 sell, 1 rent) and our words, for one kind. */
const KINDS: Record<string, PropertyKind> = { "0": "sell", "1": "rent", sell: "sell", rent: "rent" };

/** One kind as sent (a code or a word, any case), or undefined when it is not one. */
export function propertyKindOf(v: unknown): PropertyKind | undefined {
  if (typeof v !== "string" && typeof v !== "number") return undefined;
  const s = String(v).trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(KINDS, s) ? KINDS[s] : undefined;
}

/** The entries of a list as the apps encode one; a lone value is a list of one. */
function entries(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (typeof v !== "string") return [v];
  const text = v.trim();
  if (text.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // Not JSON after all: read as text below, and refused there if it is no list of kinds.
    }
  }
  return text.split(",");
}

/**
 * The kinds a filter names, or null when some entry is not a kind. Empty entries are skipped
 * ("" and "[]" name none).
 */
export function propertyKindsOf(v: unknown): PropertyKind[] | null {
  if (v === undefined || v === null) return [];
  const kinds = new Set<PropertyKind>();
  for (const e of entries(v)) {
    if (typeof e === "string" && e.trim() === "") continue;
    const kind = propertyKindOf(e);
    if (!kind) return null;
    kinds.add(kind);
  }
  return [...kinds];
}

/**
 * A kind filter for a zod schema: one kind ("sell" or "rent"), or undefined for no filter (both
 * kinds, or none named). Anything else is refused with `message`, the call's own words.
 */
export const propertyKindFilter = (message = "property_type must be sell or rent") =>
  z
    // Typed for the API document: a code or word, or a list of them.
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: message })
    .optional()
    .describe('sell or rent (0 or 1); both as a list ("0,1", "[0,1]", property_type[]) or left out')
    .transform((v, ctx): PropertyKind | undefined => {
      const kinds = propertyKindsOf(v);
      if (!kinds) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return kinds.length === 1 ? kinds[0] : undefined;
    });
