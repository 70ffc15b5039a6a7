// Listing categories for the console: name in English and Arabic, slug, on/off, order, icon, and
// which details (parameters) a listing of the category is asked for, in which order. get_categories
// and the listing forms read the same rows, so a save shows there at once.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../../db/client.server";
import { categories, categoryParameters, parameters, projects, properties } from "../../../db/schema";
import { defineCall } from "../../call";
import { AdminCategory } from "./output";
import { IdAndSlug, IdOnly } from "../../output";
import { notFound } from "../../envelope";
import { idOf } from "../../contract/ids";
import { audit } from "../audit";
import { arabicOf, inUse, onField, withArabic } from "./fields";
import { saveCategoryInput } from "./schema";
import { askedSlug, countOf, nextPlace, slugFor, slugRace } from "./rows";

const CATEGORY_SLUG_TAKEN = "Another category has this slug";

const listingsOf = sql<number>`((select count(*) from properties p where p.category_id = "categories"."id") + (select count(*) from projects j where j.category_id = "categories"."id"))::int`;

/** A category as the audit log keeps it: the row and its details in order. */
async function snapshot(db: Executor, id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) return null;
  const params = await db
    .select({ id: categoryParameters.parameter_id })
    .from(categoryParameters)
    .where(eq(categoryParameters.category_id, id))
    .orderBy(asc(categoryParameters.sequence));
  return { ...row, parameter_ids: params.map((p) => p.id) };
}

export const adminCategories = defineCall({
  name: "admin/categories",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "Every category, switched off ones too, with its Arabic name, details in order and number of listings",
  input: z.object({ id: idOf("id").optional() }),
  output: z.array(AdminCategory),
  total: true,
  errorStatuses: [404],
  async handler(input, { db }) {
    const rows = await db
      .select({ c: categories, listings: listingsOf })
      .from(categories)
      .where(input.id ? eq(categories.id, input.id) : undefined)
      .orderBy(asc(categories.sequence), asc(categories.id))
      .limit(500);
    if (input.id && !rows.length) throw notFound("No such category");
    const links = rows.length
      ? await db
          .select({
            category_id: categoryParameters.category_id,
            id: parameters.id,
            name: parameters.name,
            sequence: categoryParameters.sequence,
          })
          .from(categoryParameters)
          .innerJoin(parameters, eq(parameters.id, categoryParameters.parameter_id))
          .where(
            inArray(
              categoryParameters.category_id,
              rows.map((r) => r.c.id),
            ),
          )
          .orderBy(asc(categoryParameters.sequence), asc(parameters.id))
      : [];
    const data = rows.map(({ c, listings }) => ({
      id: c.id,
      category: c.category,
      category_ar: arabicOf(c.translations, "category"),
      slug_id: c.slug_id,
      image: c.image,
      status: c.status,
      sequence: c.sequence,
      listings,
      parameters: links
        .filter((l) => l.category_id === c.id)
        .map(({ id, name, sequence }) => ({ id, name, sequence })),
    }));
    return { data, total: data.length };
  },
});

export const adminSaveCategory = defineCall({
  name: "admin/save-category",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Create or change a category: names, slug (spec §9 rule, unique), on/off, order, icon and its details in order",
  input: saveCategoryInput,
  output: IdAndSlug,
  errorStatuses: [404],
  async handler(input, ctx) {
    const parameterIds = [...new Set(input.parameter_ids)];
    if (parameterIds.length) {
      const known = await ctx.db
        .select({ id: parameters.id })
        .from(parameters)
        .where(inArray(parameters.id, parameterIds));
      if (known.length !== parameterIds.length)
        throw onField("parameter_ids", "One of the chosen details no longer exists");
    }
    const asked = askedSlug(input.slug_id);
    try {
      const saved = await ctx.db.transaction(async (tx) => {
        const before = input.id ? await snapshot(tx, input.id) : null;
        if (input.id && !before) throw notFound("No such category");
        const slug = await slugFor(tx, categories, {
          asked,
          id: input.id,
          current: before?.slug_id,
          name: input.category,
          fallback: "category",
          takenMessage: CATEGORY_SLUG_TAKEN,
        });
        const values = {
          category: input.category,
          slug_id: slug,
          image: input.image,
          status: input.status,
          translations: withArabic(before?.translations, { category: input.category_ar }),
          updated_at: new Date(),
        };
        let id: number;
        if (before) {
          await tx
            .update(categories)
            .set({ ...values, sequence: input.sequence ?? before.sequence })
            .where(eq(categories.id, before.id));
          id = before.id;
          await tx.delete(categoryParameters).where(eq(categoryParameters.category_id, id));
        } else {
          const last = await nextPlace(tx, categories, categories.sequence);
          const [row] = await tx
            .insert(categories)
            .values({ ...values, sequence: input.sequence ?? last })
            .returning({ id: categories.id });
          id = row!.id;
        }
        if (parameterIds.length)
          await tx
            .insert(categoryParameters)
            .values(
              parameterIds.map((parameter_id, sequence) => ({ category_id: id, parameter_id, sequence })),
            );
        const after = await snapshot(tx, id);
        await audit(tx, ctx, {
          action: before ? "category.update" : "category.create",
          target_type: "category",
          target_id: id,
          before,
          after,
        });
        return after!;
      });
      return { data: { id: saved.id, slug_id: saved.slug_id }, message: "Category saved" };
    } catch (e) {
      throw slugRace(e, CATEGORY_SLUG_TAKEN);
    }
  },
});

export const CATEGORY_IN_USE =
  "Listings use this category, so it cannot be deleted. Switch it off instead: it is then no longer offered.";

export const adminDeleteCategory = defineCall({
  name: "admin/delete-category",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Delete a category no listing or project uses (one in use can be switched off instead)",
  input: z.object({ id: idOf("id") }),
  output: IdOnly,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    await ctx.db.transaction(async (tx) => {
      // Locked, so a listing posted meanwhile waits and then finds the category gone.
      await tx.execute(sql`select id from categories where id = ${input.id} for update`);
      const before = await snapshot(tx, input.id);
      if (!before) throw notFound("No such category");
      const [listings, developments] = await Promise.all([
        countOf(tx, properties, eq(properties.category_id, input.id)),
        countOf(tx, projects, eq(projects.category_id, input.id)),
      ]);
      if (listings + developments > 0) throw inUse(CATEGORY_IN_USE);
      await tx.delete(categories).where(eq(categories.id, input.id));
      await audit(tx, ctx, {
        action: "category.delete",
        target_type: "category",
        target_id: input.id,
        before,
        after: null,
      });
    });
    return { data: { id: input.id }, message: "Category deleted" };
  },
});
