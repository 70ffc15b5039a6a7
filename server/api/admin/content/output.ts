// Answers of the content editors' calls: the rows as their forms edit them, English and Arabic side by side.
import { z } from "zod";
import { count, dateTime, FieldType, Image, int } from "../../output";

export const AdminCategory = z.object({
  id: int,
  category: z.string(),
  category_ar: z.string(),
  slug_id: z.string(),
  image: z.string().nullable(),
  status: z.boolean(),
  sequence: int,
  /** Listings (properties and projects) in it. */
  listings: count,
  /** Its details (parameters), in order. */
  parameters: z.array(z.object({ id: int, name: z.string(), sequence: int })),
});

export const AdminParameter = z.object({
  id: int,
  name: z.string(),
  name_ar: z.string(),
  type_of_parameter: FieldType,
  /** A choice's options: English value and Arabic label. */
  options: z.array(z.object({ value: z.string(), ar: z.string() })),
  unit: z.string().nullable(),
  image: z.string().nullable(),
  /** Listings that filled it in. */
  listings: count,
  categories: z.array(z.object({ id: int, category: z.string() })),
});

export const AdminFacility = z.object({
  id: int,
  name: z.string(),
  name_ar: z.string(),
  image: z.string().nullable(),
  listings: count,
});

export const AdminReportReason = z.object({
  id: int,
  reason: z.string(),
  reason_ar: z.string(),
  status: z.boolean(),
  /** listing or person (a person's reasons also serve reports of the team). */
  applies_to: z.enum(["listing", "person"]),
  reports: count,
});

export const AdminArticleRow = z.object({
  id: int,
  slug_id: z.string(),
  title: z.string(),
  title_ar: z.string(),
  status: z.boolean(),
  /** The category's name. */
  category: z.string().nullable(),
  has_cover: z.boolean(),
  created_at: dateTime,
  updated_at: dateTime,
});

export const AdminArticle = z.object({
  id: int,
  slug_id: z.string(),
  category_id: int.nullable(),
  title: z.string(),
  title_ar: z.string(),
  summary: z.string(),
  summary_ar: z.string(),
  body: z.string(),
  body_ar: z.string(),
  status: z.boolean(),
  image: Image.nullable(),
  created_at: dateTime,
  updated_at: dateTime,
});

export const AdminArticleCategory = z.object({
  id: int,
  name: z.string(),
  name_ar: z.string(),
  slug_id: z.string(),
  sequence: int,
  articles: count,
});

export const AdminFaq = z.object({
  id: int,
  question: z.string(),
  question_ar: z.string(),
  answer: z.string(),
  answer_ar: z.string(),
  sequence: int,
  status: z.boolean(),
});
