import type { Route } from "./+types/content-article-categories";
import { saveArticleCategoryInput } from "~server/api/admin/content/schema";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentMeta } from "~/modules/admin/content-nav";
import { ContentTablePage, type ContentTable } from "~/modules/admin/content-table";
import { contentAction, contentLoader } from "~/modules/admin/content-table.server";

const categories: ContentTable<"admin/article-categories"> = {
  section: "/admin/content/article-categories",
  key: "article-category",
  calls: {
    list: "admin/article-categories",
    save: "admin/save-article-category",
    remove: "admin/delete-article-category",
  },
  schema: saveArticleCategoryInput,
  texts: {
    title: "Article categories",
    lead: "How articles are grouped on the articles page, in this order.",
    add: "Add an article category",
    create: "Add the category",
  },
  name: (c) => c.name,
  fields: [
    [
      { name: "name", label: "Name", required: true, max: 100 },
      { name: "name_ar", label: "Name (Arabic)", ar: true, max: 100 },
    ],
    [
      {
        name: "slug_id",
        label: "Slug",
        hint: {
          new: "Leave empty to make it from the English name.",
          saved: "Part of the category's web address.",
        },
        max: 100,
      },
      { name: "sequence", label: "Order", kind: "number" },
    ],
  ],
  columns: [
    { heading: "Order", cell: (c) => c.sequence },
    { heading: "Name", dir: "auto", cell: (c) => c.name },
    { heading: "Name (Arabic)", dir: "ar", cell: (c) => c.name_ar },
    { heading: "Slug", dir: "ltr", cell: (c) => c.slug_id },
    { heading: "Articles", cell: (c) => c.articles },
  ],
};

export const loader = (args: Route.LoaderArgs) => contentLoader(args, categories);
export const action = (args: Route.ActionArgs) => contentAction(args, categories);
export const headers = adminHeaders;
export const meta = contentMeta("Article categories");

export default function AdminArticleCategories() {
  return <ContentTablePage table={categories} />;
}
