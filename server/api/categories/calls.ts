import { z } from "zod";
import { iconUrl } from "../../media/icons";
import { and, asc, eq, ilike, inArray, sql } from "drizzle-orm";
import { defineCall } from "../call";
import { categories, categoryParameters, parameters, properties } from "../../db/schema";
import { localize } from "../i18n";
import { limitOffset } from "../contract/pagination";
import { parameterKey } from "./parameter-key";
import { Category } from "./output";

export const getCategories = defineCall({
  name: "get_categories",
  method: "GET",
  access: "public",
  shared: true,
  tag: "categories",
  summary: "Categories with their parameter definitions and listing counts",
  input: z.object({
    ...limitOffset(100),
    search: z.string().trim().max(100).optional(),
    has_property: z
      .enum(["0", "1", "true", "false"])
      .optional()
      .transform((v) => v === "1" || v === "true"),
  }),
  output: z.array(Category),
  total: true,
  async handler(input, { db, lang }) {
    // Spelt out in full: drizzle leaves columns unqualified in single-table selects, and an
    // unqualified "id" inside the subquery would bind to the subquery's own table.
    const liveCount = sql<number>`(select count(*)::int from ${properties} p where p.category_id = "categories"."id" and p.request_status = 'approved' and p.status = 'active')`;
    const where = and(
      eq(categories.status, true),
      input.search ? ilike(categories.category, `%${input.search}%`) : undefined,
      input.has_property ? sql`${liveCount} > 0` : undefined,
    );
    const rows = await db
      .select({ c: categories, properties_count: liveCount, total: sql<number>`count(*) over()::int` })
      .from(categories)
      .where(where)
      .orderBy(asc(categories.sequence), asc(categories.id))
      .limit(input.limit)
      .offset(input.offset);
    const ids = rows.map((r) => r.c.id);
    const params = ids.length
      ? await db
          .select({ category_id: categoryParameters.category_id, p: parameters })
          .from(categoryParameters)
          .innerJoin(parameters, eq(parameters.id, categoryParameters.parameter_id))
          .where(inArray(categoryParameters.category_id, ids))
          .orderBy(asc(categoryParameters.sequence))
      : [];
    const data = rows.map(({ c, properties_count }) => ({
      id: c.id,
      category: localize(c.translations, lang, "category", c.category),
      slug_id: c.slug_id,
      image: iconUrl(c.image),
      properties_count,
      parameter_types: params
        .filter((p) => p.category_id === c.id)
        .map(({ p }) => ({
          id: p.id,
          key: parameterKey(p.name),
          name: localize(p.translations, lang, "name", p.name),
          type_of_parameter: p.type_of_parameter,
          type_values: p.type_values.map((o) => ({ value: o.value, label: o.translations[lang] ?? o.value })),
          unit: p.unit,
          image: iconUrl(p.image),
        })),
    }));
    return { data, total: rows[0]?.total ?? 0 };
  },
});
