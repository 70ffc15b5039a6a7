// Answers of the editorial content: articles, their categories, FAQs.
import { z } from "zod";
import { count, dateTime, Image, int, named } from "../output";

/** A published article; `body` only when one article is asked for (by id or slug_id). */
export const Article = named(
  "Article",
  z.object({
    id: int,
    slug_id: z.string(),
    title: z.string(),
    summary: z.string(),
    body: z.string().optional(),
    image: Image.nullable(),
    category: z.object({ id: int, name: z.string(), slug_id: z.string() }).nullable(),
    created_at: dateTime,
    updated_at: dateTime,
  }),
  "A published article, in the caller's language; its body only when one article is asked for",
);

export const ArticleCategory = z.object({ id: int, name: z.string(), slug_id: z.string(), count });

export const Faq = z.object({ id: int, question: z.string(), answer: z.string() });
