// What the form starts with: the query of the "Show its details" step (no JavaScript), or a saved listing.
import type { CallData } from "~server/api/calls";
import { textValues } from "~/modules/listings/form/values";
import { PROPERTY_TEXT_FIELDS } from "~server/api/listings/property/contract";

type ImportDraft = NonNullable<CallData<"listing-import">["draft"]>;

const FILE_FIELDS = new Set([
  "title_image",
  "gallery_images",
  "documents",
  "three_d_image",
  "meta_image",
  "step",
]);

/** The typed values carried by a GET step; repeated names (checkboxes) joined by commas. */
export function defaultsFromQuery(sp: URLSearchParams): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of new Set(sp.keys())) {
    if (FILE_FIELDS.has(key) || key.length > 40) continue;
    const values = sp.getAll(key).filter(Boolean);
    if (values.length) out[key] = values.join(",").slice(0, 10_000);
  }
  return out;
}

/** A saved listing's values as the form's text defaults. */
export function defaultsFromListing(p: Record<string, unknown>): Record<string, string | undefined> {
  const out = textValues(p, PROPERTY_TEXT_FIELDS);
  if (p.is_premium) out.is_premium = "1";
  return out;
}

/** An imported draft (another portal's listing) as the form's text defaults: parameters and facilities by their field names. */
export function defaultsFromImport(d: ImportDraft): Record<string, string | undefined> {
  const out = defaultsFromListing(d);
  for (const p of d.parameters) out[`param_${p.parameter_id}`] = p.value;
  for (const f of d.facilities) out[`facility_${f.facility_id}`] = String(f.distance);
  return out;
}
