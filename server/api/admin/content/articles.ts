// Articles and their categories for the console. Title, summary and body in English and Arabic; a
// cover photo goes through the same pipeline as listing photos (WebP and AVIF widths, placeholder,
// no EXIF). get_articles reads the rows as they are: a published article is on /articles at once.
import { ONE_FILE_BODY_BYTES } from "../../body-limit";
import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../../db/client.server";
import { articleCategories, articles } from "../../../db/schema";
import { defineCall } from "../../call";
import { AdminArticle, AdminArticleCategory, AdminArticleRow } from "./output";
import { IdAndSlug, IdOnly } from "../../output";
import { notFound } from "../../envelope";
import { idOf } from "../../contract/ids";
import { limitOffset } from "../../contract/pagination";
import { imageView } from "../../image-view";
import { photoFiles, UploadBatch } from "../../uploads.server";
import type { FileStorage } from "../../../media/storage.server";
import { arabicOf, onField, withArabic } from "./fields";
import { saveArticleCategoryInput, saveArticleInput } from "./schema";
import {
  askedSlug,
  countOf,
  deleteRow,
  deleteUnused,
  lockedRow,
  nextPlace,
  slugFor,
  slugRace,
  writeRow,
} from "./rows";

type ArticleRow = typeof articles.$inferSelect;

const ARTICLE_SLUG_TAKEN = "Another article has this slug";
const ARTICLE_CATEGORY_SLUG_TAKEN = "Another article category has this slug";

/** Seeded covers are shared demo files: an edit never deletes them. */
const ownCover = (a: Pick<ArticleRow, "image_key">): a is ArticleRow & { image_key: string } =>
  Boolean(a.image_key) && !a.image_key!.startsWith("demo/");

function coverOf(storage: FileStorage, a: ArticleRow) {
  if (!a.image_key || !a.image_widths.length) return null;
  return imageView(storage, {
    key: a.image_key,
    widths: a.image_widths,
    width: a.image_width ?? 1600,
    height: a.image_height ?? 1067,
    thumbhash: null,
    dominant: a.image_dominant,
    avif: a.image_avif,
  });
}

export const adminArticles = defineCall({
  name: "admin/articles",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary: "Every article, drafts too, newest first; by words in the title and by category",
  input: z.object({
    ...limitOffset(25, 100),
    search: z.string().trim().max(100).optional(),
    category_id: idOf("category_id").optional(),
  }),
  output: z.array(AdminArticleRow),
  total: true,
  async handler(input, { db }) {
    const where: SQL[] = [];
    if (input.search) {
      const like = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        or(ilike(articles.title, like), sql`${articles.translations}->'ar'->>'title' ilike ${like}`)!,
      );
    }
    if (input.category_id) where.push(eq(articles.category_id, input.category_id));
    const cond = where.length ? and(...where) : undefined;
    const [rows, [count]] = await Promise.all([
      db
        .select({ a: articles, category: articleCategories.name })
        .from(articles)
        .leftJoin(articleCategories, eq(articleCategories.id, articles.category_id))
        .where(cond)
        .orderBy(desc(articles.created_at), desc(articles.id))
        .limit(input.limit)
        .offset(input.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(articles)
        .where(cond),
    ]);
    return {
      data: rows.map(({ a, category }) => ({
        id: a.id,
        slug_id: a.slug_id,
        title: a.title,
        title_ar: arabicOf(a.translations, "title"),
        status: a.status,
        category,
        has_cover: Boolean(a.image_key),
        created_at: a.created_at.toISOString(),
        updated_at: a.updated_at.toISOString(),
      })),
      total: count?.n ?? 0,
    };
  },
});

export const adminArticle = defineCall({
  name: "admin/article",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary: "One article with everything the editor shows: both languages, category, status and cover",
  input: z.object({ id: idOf("id") }),
  output: AdminArticle,
  errorStatuses: [404],
  async handler(input, { db, storage }) {
    const [a] = await db.select().from(articles).where(eq(articles.id, input.id)).limit(1);
    if (!a) throw notFound("No such article");
    return {
      data: {
        id: a.id,
        slug_id: a.slug_id,
        category_id: a.category_id,
        title: a.title,
        title_ar: arabicOf(a.translations, "title"),
        summary: a.summary,
        summary_ar: arabicOf(a.translations, "summary"),
        body: a.body,
        body_ar: arabicOf(a.translations, "body"),
        status: a.status,
        image: coverOf(storage, a),
        created_at: a.created_at.toISOString(),
        updated_at: a.updated_at.toISOString(),
      },
    };
  },
});

const coverColumns = (
  p: { key: string; widths: number[]; width: number; height: number; dominant: string; avif: boolean } | null,
) => ({
  image_key: p?.key ?? null,
  image_widths: p?.widths ?? [],
  image_width: p?.width ?? null,
  image_height: p?.height ?? null,
  image_dominant: p?.dominant ?? null,
  image_avif: p?.avif ?? false,
});

async function checkCategory(db: Executor, id: number | undefined) {
  if (id === undefined) return;
  const [c] = await db
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(eq(articleCategories.id, id))
    .limit(1);
  if (!c) throw onField("category_id", "No such article category");
}

export const adminSaveArticle = defineCall({
  name: "admin/save-article",
  maxBodyBytes: ONE_FILE_BODY_BYTES,
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Create or change an article: title, summary and body in English and Arabic, category, published or draft, cover photo",
  input: saveArticleInput,
  output: IdAndSlug,
  errorStatuses: [404],
  async handler(input, ctx) {
    await checkCategory(ctx.db, input.category_id);
    const asked = askedSlug(input.slug_id);
    // The photo is checked and processed before anything is written; the files go first, the row
    // after, and a refused or failed save takes the new files away again.
    const batch = new UploadBatch(ctx.storage);
    const cover = input.image ? await batch.photo(input.image, "image", "articles") : null;
    batch.problems.throwIfAny();
    await batch.write();
    let replaced: ArticleRow | null = null;
    let saved: ArticleRow;
    try {
      saved = await ctx.db.transaction(async (tx) => {
        const before = await lockedRow(tx, articles, input.id, "No such article");
        const slug = await slugFor(tx, articles, {
          asked,
          id: input.id,
          current: before?.slug_id,
          name: input.title,
          fallback: "article",
          takenMessage: ARTICLE_SLUG_TAKEN,
        });
        const values = {
          slug_id: slug,
          category_id: input.category_id ?? null,
          title: input.title,
          summary: input.summary,
          body: input.body,
          status: input.status,
          translations: withArabic(before?.translations, {
            title: input.title_ar,
            summary: input.summary_ar,
            body: input.body_ar,
          }),
          ...(cover ? coverColumns(cover) : input.remove_image ? coverColumns(null) : {}),
          updated_at: new Date(),
        };
        const after = await writeRow(tx, ctx, articles, "article", before, values);
        if (before && (cover || input.remove_image) && before.image_key !== after.image_key)
          replaced = before;
        return after;
      });
    } catch (e) {
      await batch.discard();
      throw slugRace(e, ARTICLE_SLUG_TAKEN);
    }
    // The old cover's files go once the row no longer points at them.
    const old = replaced as ArticleRow | null;
    if (old && ownCover(old))
      await Promise.all(
        photoFiles({ key: old.image_key, widths: old.image_widths }).map((k) =>
          ctx.storage.delete(k).catch(() => {}),
        ),
      );
    return { data: { id: saved.id, slug_id: saved.slug_id }, message: "Article saved" };
  },
});

export const adminDeleteArticle = defineCall({
  name: "admin/delete-article",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Delete an article and its cover photo",
  input: z.object({ id: idOf("id") }),
  output: IdOnly,
  errorStatuses: [404],
  async handler(input, ctx) {
    const gone = await ctx.db.transaction((tx) =>
      deleteRow(tx, ctx, articles, input.id, { kind: "article", missing: "No such article" }),
    );
    if (ownCover(gone))
      await Promise.all(
        photoFiles({ key: gone.image_key, widths: gone.image_widths }).map((k) =>
          ctx.storage.delete(k).catch(() => {}),
        ),
      );
    return { data: { id: input.id }, message: "Article deleted" };
  },
});

export const adminArticleCategories = defineCall({
  name: "admin/article-categories",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary: "Article categories in order, with their Arabic names and number of articles (drafts too)",
  input: z.object({}),
  output: z.array(AdminArticleCategory),
  total: true,
  async handler(_input, { db }) {
    const rows = await db
      .select({
        c: articleCategories,
        articles: sql<number>`(select count(*)::int from articles a where a.category_id = "article_categories"."id")`,
      })
      .from(articleCategories)
      .orderBy(asc(articleCategories.sequence), asc(articleCategories.id))
      .limit(500);
    const data = rows.map(({ c, articles: n }) => ({
      id: c.id,
      name: c.name,
      name_ar: arabicOf(c.translations, "name"),
      slug_id: c.slug_id,
      sequence: c.sequence,
      articles: n,
    }));
    return { data, total: data.length };
  },
});

export const adminSaveArticleCategory = defineCall({
  name: "admin/save-article-category",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Create or change an article category: names, slug (spec §9 rule, unique) and place",
  input: saveArticleCategoryInput,
  output: IdAndSlug,
  errorStatuses: [404],
  async handler(input, ctx) {
    const asked = askedSlug(input.slug_id);
    try {
      const saved = await ctx.db.transaction(async (tx) => {
        const before = await lockedRow(tx, articleCategories, input.id, "No such article category");
        const slug = await slugFor(tx, articleCategories, {
          asked,
          id: input.id,
          current: before?.slug_id,
          name: input.name,
          fallback: "category",
          takenMessage: ARTICLE_CATEGORY_SLUG_TAKEN,
        });
        const sequence =
          input.sequence ??
          before?.sequence ??
          (await nextPlace(tx, articleCategories, articleCategories.sequence));
        const values = {
          name: input.name,
          slug_id: slug,
          sequence,
          translations: withArabic(before?.translations, { name: input.name_ar }),
        };
        return writeRow(tx, ctx, articleCategories, "article_category", before, values);
      });
      return { data: { id: saved.id, slug_id: saved.slug_id }, message: "Article category saved" };
    } catch (e) {
      throw slugRace(e, ARTICLE_CATEGORY_SLUG_TAKEN);
    }
  },
});

export const ARTICLE_CATEGORY_IN_USE =
  "Articles are in this category, so it cannot be deleted. Move them to another category first.";

export const adminDeleteArticleCategory = defineCall({
  name: "admin/delete-article-category",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Delete an article category no article is in",
  input: z.object({ id: idOf("id") }),
  output: IdOnly,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    await ctx.db.transaction((tx) =>
      deleteUnused(tx, ctx, articleCategories, input.id, {
        kind: "article_category",
        missing: "No such article category",
        uses: () => countOf(tx, articles, eq(articles.category_id, input.id)),
        inUseMessage: ARTICLE_CATEGORY_IN_USE,
      }),
    );
    return { data: { id: input.id }, message: "Article category deleted" };
  },
});
