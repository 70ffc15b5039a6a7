// Details (parameters) a category asks listings for: name in English and Arabic, type, the options
// of a choice with their Arabic labels, unit and icon. Listings store a choice by its English option
// (several joined by commas), so options and types that listings use are kept as they are.
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../../db/client.server";
import { assignParameters, categories, categoryParameters, parameters } from "../../../db/schema";
import { defineCall } from "../../call";
import { AdminParameter } from "./output";
import { IdOnly } from "../../output";
import { notFound } from "../../envelope";
import { idOf } from "../../contract/ids";
import { arabicOf, onField, withArabic } from "./fields";
import { CHOICE_TYPES, saveParameterInput } from "./schema";
import { countOf, deleteUnused, lockedRow, writeRow } from "./rows";

/** The distinct values listings hold for a parameter (checkbox answers split into their options). */
async function valuesInUse(db: Executor, parameterId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ value: assignParameters.value })
    .from(assignParameters)
    .where(eq(assignParameters.parameter_id, parameterId))
    .limit(5000);
  return new Set(rows.flatMap((r) => r.value.split(",").map((v) => v.trim())));
}

export const adminParameters = defineCall({
  name: "admin/parameters",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "Every detail (parameter) with its Arabic name and options, the categories that ask for it and how many listings fill it in",
  input: z.object({ id: idOf("id").optional() }),
  output: z.array(AdminParameter),
  total: true,
  errorStatuses: [404],
  async handler(input, { db }) {
    const rows = await db
      .select({
        p: parameters,
        listings: sql<number>`(select count(*)::int from assign_parameters a where a.parameter_id = "parameters"."id")`,
      })
      .from(parameters)
      .where(input.id ? eq(parameters.id, input.id) : undefined)
      .orderBy(asc(parameters.name), asc(parameters.id))
      .limit(500);
    if (input.id && !rows.length) throw notFound("No such detail");
    const links = await db
      .select({
        parameter_id: categoryParameters.parameter_id,
        id: categories.id,
        category: categories.category,
      })
      .from(categoryParameters)
      .innerJoin(categories, eq(categories.id, categoryParameters.category_id))
      .orderBy(asc(categories.sequence), asc(categories.id));
    const data = rows.map(({ p, listings }) => ({
      id: p.id,
      name: p.name,
      name_ar: arabicOf(p.translations, "name"),
      type_of_parameter: p.type_of_parameter,
      options: p.type_values.map((o) => ({ value: o.value, ar: o.translations.ar ?? "" })),
      unit: p.unit,
      image: p.image,
      listings,
      categories: links.filter((l) => l.parameter_id === p.id).map(({ id, category }) => ({ id, category })),
    }));
    return { data, total: data.length };
  },
});

/** The options as stored, or the message for the options field. */
function checkedOptions(
  input: z.output<typeof saveParameterInput>,
): { value: string; translations: Record<string, string> }[] {
  if (!CHOICE_TYPES.includes(input.type_of_parameter)) return [];
  const out: { value: string; translations: Record<string, string> }[] = [];
  for (const o of input.options) {
    if (!o.value && !o.ar) continue; // an empty row of the form
    if (!o.value) throw onField("options", "Every option needs its English text");
    // A listing's checkbox answer is its options joined by commas.
    if (o.value.includes(",")) throw onField("options", "Commas are not allowed in an option");
    if (out.some((x) => x.value.toLowerCase() === o.value.toLowerCase()))
      throw onField("options", "Two options are the same");
    out.push({ value: o.value, translations: o.ar ? { ar: o.ar } : {} });
  }
  if (!out.length) throw onField("options", "A choice needs at least one option");
  return out;
}

export const adminSaveParameter = defineCall({
  name: "admin/save-parameter",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Create or change a detail: names, type, options with Arabic labels, unit and icon",
  input: saveParameterInput,
  output: IdOnly,
  errorStatuses: [404],
  async handler(input, ctx) {
    const options = checkedOptions(input);
    const saved = await ctx.db.transaction(async (tx) => {
      const before = await lockedRow(tx, parameters, input.id, "No such detail");
      if (before) {
        const used = await valuesInUse(tx, before.id);
        if (used.size && before.type_of_parameter !== input.type_of_parameter) {
          throw onField(
            "type_of_parameter",
            "Listings have filled in this detail, so its type cannot change",
          );
        }
        if (CHOICE_TYPES.includes(before.type_of_parameter)) {
          const missing = before.type_values
            .map((o) => o.value)
            .filter((v) => used.has(v) && !options.some((o) => o.value === v));
          if (missing.length)
            throw onField(
              "options",
              "Listings chose an option that was taken out: keep it (its Arabic label can change)",
            );
        }
      }
      const values = {
        name: input.name,
        type_of_parameter: input.type_of_parameter,
        type_values: options,
        unit: input.unit,
        image: input.image,
        translations: withArabic(before?.translations, { name: input.name_ar }),
        updated_at: new Date(),
      };
      return writeRow(tx, ctx, parameters, "parameter", before, values);
    });
    return { data: { id: saved.id }, message: "Detail saved" };
  },
});

export const PARAMETER_IN_USE =
  "Listings have filled in this detail, so it cannot be deleted. Take it out of its categories instead: new listings are then not asked for it.";

export const adminDeleteParameter = defineCall({
  name: "admin/delete-parameter",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Delete a detail no listing has filled in (it leaves the categories that asked for it)",
  input: z.object({ id: idOf("id") }),
  output: IdOnly,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    await ctx.db.transaction((tx) =>
      deleteUnused(tx, ctx, parameters, input.id, {
        kind: "parameter",
        missing: "No such detail",
        uses: () => countOf(tx, assignParameters, eq(assignParameters.parameter_id, input.id)),
        inUseMessage: PARAMETER_IN_USE,
        // The categories it leaves with it, so the log can tell which asked for it.
        recorded: async (before) => {
          const inCategories = await tx
            .select({ id: categoryParameters.category_id })
            .from(categoryParameters)
            .where(eq(categoryParameters.parameter_id, input.id));
          return { ...before, category_ids: inCategories.map((c) => c.id) };
        },
      }),
    );
    return { data: { id: input.id }, message: "Detail deleted" };
  },
});
