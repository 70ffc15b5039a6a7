// What the content editors' calls share past their input (./schema): the Arabic kept in
// `translations.ar.<field>` (read back by `localize`, which falls back to the English when empty),
// and their refusals ("in use", a message on one field).
import type { Translations } from "../../../db/schema";
import { ApiError } from "../../envelope";

/** The row's translations with the Arabic of `fields` set (or removed where empty); other languages kept. */
export function withArabic(
  current: Translations | null | undefined,
  fields: Record<string, string | undefined>,
): Translations {
  const ar: Record<string, string> = { ...(current?.ar ?? {}) };
  for (const [field, text] of Object.entries(fields)) {
    if (text) ar[field] = text;
    else delete ar[field];
  }
  const out: Translations = { ...(current ?? {}) };
  if (Object.keys(ar).length) out.ar = ar;
  else delete out.ar;
  return out;
}

/** The Arabic of one field, for an editor's form. */
export const arabicOf = (t: Translations | null | undefined, field: string) => t?.ar?.[field] ?? "";

/** A refusal to delete what other rows still use, said with what to do instead. */
export const inUse = (message: string) => new ApiError(409, message);

/** A refusal on one field of the form. */
export const onField = (field: string, message: string) => new ApiError(400, message, { [field]: [message] });
