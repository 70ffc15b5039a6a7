import { Link } from "react-router";
import type { Route } from "./+types/content-article";
import type { CallData } from "~server/api/calls";
import { saveArticleInput } from "~server/api/admin/content/schema";
import { Thumbnail } from "~/components/responsive-image";
import { useTranslation } from "~/lib/translate";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentMeta } from "~/modules/admin/content-nav";
import {
  ContentTablePage,
  type ContentTable,
  type CustomFieldProps,
  type RowOf,
} from "~/modules/admin/content-table";
import { contentAction, contentLoader } from "~/modules/admin/content-table.server";
import { FieldErrors, SelectField } from "~/modules/admin/content-ui";

type Article = CallData<"admin/article">;
type Category = RowOf<"admin/article-categories">;
type Part = CustomFieldProps<Article, Category>;

function CategoryField({ fields, also }: Part) {
  const { t } = useTranslation();
  return (
    <SelectField meta={fields.category_id!} label={t("Category")}>
      <option value="">{t("None")}</option>
      {also.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}

/** The cover: the saved one with a box to take it away, and a new one to choose. */
function Cover({ fields, row }: Part) {
  const { t } = useTranslation();
  const meta = fields.image!;
  const errors = meta.errors;
  return (
    <fieldset>
      <legend>{t("Cover photo")}</legend>
      {row?.image ? (
        <>
          <Thumbnail
            image={row.image}
            width={240}
            height={Math.round((240 * row.image.height) / row.image.width)}
          />
          <label className="field--check">
            <input type="checkbox" name="remove_image" value="1" />
            {t("Remove the cover photo")}
          </label>
        </>
      ) : null}
      <div className="field" data-invalid={errors ? true : undefined}>
        <label htmlFor={meta.id}>
          {row?.image ? t("Choose a new cover photo") : t("Choose a cover photo (optional)")}
        </label>
        <input
          id={meta.id}
          name={meta.name}
          type="file"
          accept="image/jpeg,image/png"
          aria-invalid={errors ? true : undefined}
          aria-describedby={`${meta.id}-hint${errors ? ` ${meta.errorId}` : ""}`}
        />
        <p id={`${meta.id}-hint`} className="field__hint">
          {t("JPEG or PNG, at least 120×120. It is shown in several sizes, as listing photos are.")}
        </p>
        <FieldErrors id={meta.errorId} errors={errors} />
      </div>
    </fieldset>
  );
}

/** A published article's page on the site. */
function OnTheSite({ row }: { row: Article }) {
  const { t } = useTranslation();
  return row.status ? (
    <p>
      <Link to={`/articles/${row.slug_id}`}>{t("See it on the site")}</Link>
    </p>
  ) : null;
}

const articles: ContentTable<"admin/articles", Category, Article> = {
  section: "/admin/content/articles",
  key: "article",
  calls: {
    list: "admin/articles",
    one: "admin/article",
    also: "admin/article-categories",
    save: "admin/save-article",
    remove: "admin/delete-article",
  },
  schema: saveArticleInput,
  files: true,
  texts: {
    title: "Articles",
    lead: "Guides and news. A published article is on the articles page as soon as it is saved; a draft is not.",
    add: "Write an article",
    create: "Add the article",
  },
  name: (a) => a.title,
  fields: [
    { name: "title", label: "Title", required: true, max: 200 },
    { name: "title_ar", label: "Title (Arabic)", ar: true, max: 200 },
    { name: "summary", label: "Summary", kind: "textarea", rows: 2, max: 300 },
    { name: "summary_ar", label: "Summary (Arabic)", kind: "textarea", rows: 2, ar: true, max: 300 },
    {
      name: "body",
      label: "Text",
      hint: "Paragraphs are separated by an empty line.",
      kind: "textarea",
      rows: 12,
      required: true,
      max: 20_000,
    },
    { name: "body_ar", label: "Text (Arabic)", kind: "textarea", rows: 12, ar: true, max: 20_000 },
    [
      {
        kind: "custom",
        name: "category_id",
        initial: (a) => ({ category_id: a?.category_id ? String(a.category_id) : "" }),
        render: CategoryField,
      },
      { name: "status", label: "Status", kind: "onOff", on: "Published", off: "Draft" },
    ],
    {
      name: "slug_id",
      label: "Slug",
      hint: {
        new: "Leave empty to make it from the English title.",
        saved: "Part of the article's web address: changing it changes its links.",
      },
      max: 100,
    },
    { kind: "custom", name: "image", initial: () => ({}), render: Cover },
  ],
  pages: {
    also: { to: "/admin/content/article-categories", label: "Article categories" },
    back: "Articles",
    title: "Article: {{name}}",
    fresh: "New article",
    save: "Save the article",
    head: OnTheSite,
  },
};

export const loader = (args: Route.LoaderArgs) => contentLoader(args, articles);
export const action = (args: Route.ActionArgs) => contentAction(args, articles);
export const headers = adminHeaders;
export const meta = contentMeta("Article");

export default function AdminArticle() {
  return <ContentTablePage table={articles} />;
}
