// What the content editors' save calls accept, shared with the console's forms: the same schema
// checks a form as it is filled in and the call when it arrives, so a message is the same either
// way and lands on the same field. English text goes in the row's columns, Arabic in
// `translations.ar.<field>` (the English shows where it is empty); on/off switches and order
// numbers are read as forms and JSON send them.
import { z } from "zod";
import { idOf } from "../../contract/ids";
import { PARAMETER_TYPES, REPORT_REASON_FOR } from "../../contract/enums";

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

/** A slug asked for; empty: made from the English name for a new row, kept for an existing one. */
const slug = z.string().trim().max(100, "At most 100 characters").optional();

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

export const saveCategoryInput = z.object({
  id: optionalId,
  category: english("Name is required", 100),
  category_ar: arabic(100),
  slug_id: slug,
  image: optionalText(40),
  status: onOff,
  sequence: order,
  /** The details a listing of this category is asked for, in the order asked. */
  parameter_ids: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(idOf("parameter_ids")).max(60, "At most 60 details"),
  ),
});

/** Types a listing answers by picking from options. */
export const CHOICE_TYPES: readonly string[] = ["dropdown", "radio", "checkbox"];

const option = z.object({
  value: z
    .string({ error: "Each option needs its English text" })
    .trim()
    .max(100, "An option has at most 100 characters"),
  ar: z.string().trim().max(100, "An option has at most 100 characters").optional(),
});

export const saveParameterInput = z.object({
  id: optionalId,
  name: english("Name is required", 100),
  name_ar: arabic(100),
  type_of_parameter: z.enum(PARAMETER_TYPES, { error: "Choose a type" }),
  /** For dropdown, radio and checkbox: the English option (what listings store) and its Arabic label. */
  options: z.array(option).max(50, "At most 50 options").default([]),
  unit: optionalText(20),
  image: optionalText(40),
});

export const saveFacilityInput = z.object({
  id: optionalId,
  name: english("Name is required", 100),
  name_ar: arabic(100),
  image: optionalText(40),
});

export const saveReportReasonInput = z.object({
  id: optionalId,
  reason: english("Reason is required", 200),
  reason_ar: arabic(200),
  status: onOff,
  /** A listing's reason or a person's (also offered about the team); absent keeps it (a new one: listing). */
  applies_to: z.enum(REPORT_REASON_FOR, { error: "applies_to must be listing or person" }).optional(),
});

export const saveArticleCategoryInput = z.object({
  id: optionalId,
  name: english("Name is required", 100),
  name_ar: arabic(100),
  slug_id: slug,
  sequence: order,
});

export const saveFaqInput = z.object({
  id: optionalId,
  question: english("Question is required", 300),
  question_ar: arabic(300),
  answer: english("Answer is required", 5000),
  answer_ar: arabic(5000),
  sequence: order,
  status: onOff,
});

const isBlankFile = (v: unknown) =>
  v === "" || v === null || (typeof File !== "undefined" && v instanceof File && v.size === 0 && !v.name);

export const saveArticleInput = z.object({
  id: optionalId,
  title: english("Title is required", 200),
  title_ar: arabic(200),
  summary: z.string().trim().max(300, "At most 300 characters").default("").transform(lines),
  summary_ar: arabic(300),
  body: english("Description field is required", 20_000),
  body_ar: arabic(20_000),
  slug_id: slug,
  category_id: z.preprocess((v) => (v === "" || v === null ? undefined : v), idOf("category_id").optional()),
  status: onOff,
  /** A new cover photo (JPEG or PNG, at least 120×120). */
  image: z.preprocess(
    (v) => (isBlankFile(v) ? undefined : v),
    z.file({ error: "Photos must be JPEG or PNG" }).optional(),
  ),
  /** Take the cover away (a new one sent with it wins). */
  remove_image: z
    .union([z.boolean(), z.enum(["1", "0", "true", "false", "on"])])
    .optional()
    .transform((v) => v === true || v === "1" || v === "true" || v === "on"),
});
