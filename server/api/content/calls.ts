// Editorial content: articles with their categories, FAQs.
import { z } from "zod";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { defineCall } from "../call";
import { articleCategories, articles, faqs } from "../../db/schema";
import { limitOffset } from "../contract/pagination";
import { localize } from "../i18n";
import type { FileStorage } from "../../media/storage.server";
import { imageView } from "../image-view";
import { Article, ArticleCategory, Faq } from "./output";

const id = z.coerce
  .number({ error: "must be a number" })
  .int()
  .positive("must be a positive number")
  .max(2 ** 31 - 1, "is too large");

function cover(storage: FileStorage, a: typeof articles.$inferSelect) {
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

export const getArticleCategories = defineCall({
  name: "get_article_categories",
  method: "GET",
  access: "public",
  shared: true,
  tag: "articles",
  summary: "Article categories with their number of published articles",
  input: z.object({}),
  output: z.array(ArticleCategory),
  total: true,
  async handler(_input, { db, lang }) {
    const rows = await db
      .select({
        c: articleCategories,
        count: sql<number>`(select count(*)::int from articles a where a.category_id = "article_categories"."id" and a.status)`,
      })
      .from(articleCategories)
      .orderBy(asc(articleCategories.sequence), asc(articleCategories.id));
    return {
      data: rows.map(({ c, count }) => ({
        id: c.id,
        name: localize(c.translations, lang, "name", c.name),
        slug_id: c.slug_id,
        count,
      })),
      total: rows.length,
    };
  },
});

export const getArticles = defineCall({
  name: "get_articles",
  method: "GET",
  access: "public",
  shared: true,
  tag: "articles",
  summary: "Published articles, newest first; by id or slug_id for one article with its body",
  input: z.object({
    ...limitOffset(12, 100),
    id: id.optional(),
    category_id: id.optional(),
    slug_id: z.string().trim().max(200, "at most 200 characters").optional(),
  }),
  output: z.array(Article),
  total: true,
  async handler(input, { db, lang, storage }) {
    const where = and(
      eq(articles.status, true),
      input.id !== undefined ? eq(articles.id, input.id) : undefined,
      input.slug_id ? eq(articles.slug_id, input.slug_id) : undefined,
      input.category_id !== undefined ? eq(articles.category_id, input.category_id) : undefined,
    );
    const one = input.id !== undefined || input.slug_id !== undefined;
    const [rows, [count]] = await Promise.all([
      db
        .select({ a: articles, c: articleCategories })
        .from(articles)
        .leftJoin(articleCategories, eq(articleCategories.id, articles.category_id))
        .where(where)
        .orderBy(desc(articles.created_at), desc(articles.id))
        .limit(input.limit)
        .offset(input.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(articles)
        .where(where),
    ]);
    return {
      data: rows.map(({ a, c }) => ({
        id: a.id,
        slug_id: a.slug_id,
        title: localize(a.translations, lang, "title", a.title),
        summary: localize(a.translations, lang, "summary", a.summary),
        // The body is long: only a single article carries it.
        body: one ? localize(a.translations, lang, "body", a.body) : undefined,
        image: cover(storage, a),
        category: c
          ? { id: c.id, name: localize(c.translations, lang, "name", c.name), slug_id: c.slug_id }
          : null,
        created_at: a.created_at.toISOString(),
        updated_at: a.updated_at.toISOString(),
      })),
      total: count?.n ?? 0,
    };
  },
});

export const getFaqs = defineCall({
  name: "faqs",
  method: "GET",
  access: "public",
  shared: true,
  tag: "content",
  summary: "Frequently asked questions, in order",
  input: z.object({ ...limitOffset(50, 200) }),
  output: z.array(Faq),
  total: true,
  async handler(input, { db, lang }) {
    const rows = await db
      .select()
      .from(faqs)
      .where(eq(faqs.status, true))
      .orderBy(asc(faqs.sequence), asc(faqs.id))
      .limit(input.limit)
      .offset(input.offset);
    return {
      data: rows.map((f) => ({
        id: f.id,
        question: localize(f.translations, lang, "question", f.question),
        answer: localize(f.translations, lang, "answer", f.answer),
      })),
      total: rows.length,
    };
  },
});
