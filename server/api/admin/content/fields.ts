// What the content editors' inputs share: English text in the row's columns, Arabic in
// `translations.ar.<field>` (read back by `localize`, which falls back to the English when empty),
// on/off switches and order numbers as forms and JSON send them, and "in use" refusals.
import { z } from "zod";
import type { Translations } from "../../../db/schema";
import { ApiError } from "../../envelope";
import { idOf } from "../../contract/ids";

/** Line breaks as one "\n": forms send a textarea's lines as CRLF, JSON as whatever the sender had. */
const lines = (v: string) => v.replace(/\r\n?/g, "\n");

/** English text the row cannot do without, with the message for its field. */
export const english = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`).transform(lines);

/** The Arabic of a field: optional, the English shows where it is empty. */
export const arabic = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).transform(lines).optional();

/** Optional short text (an icon, a unit); empty or null means none. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/**
 * On or off, from a form's select ("1"/"0") or JSON (true/false). Absent means on: a new row shows
 * unless it is switched off.
 */
export const onOff = z
  .union([z.boolean(), z.enum(["1", "0", "true", "false", "on", "off"])], { error: "Choose on or off" })
  .optional()
  .transform((v) => v === undefined || v === true || v === "1" || v === "true" || v === "on");

/** A place in a list; absent keeps the current one (or puts a new row last). */
export const order = z.coerce
  .number({ error: "Order must be a number" })
  .int("Order must be a whole number")
  .min(0, "Order must be 0 or more")
  .max(100_000, "Order must be at most 100000")
  .optional();

/** The row to change; absent makes a new one. */
export const optionalId = idOf("id").optional();

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
