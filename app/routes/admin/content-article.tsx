import { Link } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/content-article";
import { api, apiData } from "~/lib/api.server";
import { localizePath } from "~/lib/i18n";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import { Thumbnail } from "~/components/responsive-image";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentEditor, contentForm, contentOutcome, editorId, text } from "~/modules/admin/content.server";
import {
  ContentHead,
  DeleteCard,
  FormRefusal,
  OnOffField,
  outcomeFor,
  SelectField,
  TextField,
} from "~/modules/admin/content-ui";
import { contentMeta } from "~/modules/admin/content-nav";

export async function loader(args: Route.LoaderArgs) {
  const { id, opts, t } = await contentEditor(args);
  const [categories, found] = await Promise.all([
    apiData("admin/article-categories", {}, opts),
    id === "new" ? null : api("admin/article", { id }, opts),
  ]);
  if (found?.error) throw new Response("Not found", { status: 404 });
  const article = found?.data ?? null;
  return {
    title: article ? t("Article: {{title}}", { title: article.title }) : t("New article"),
    article,
    categories: categories.data,
  };
}

export const headers = adminHeaders;

export const meta = contentMeta("Article");

export async function action(args: Route.ActionArgs) {
  const { request, locale, form, intent, opts } = await contentForm(args);
  const id = editorId(args.params.id);
  const list = localizePath(locale, "/admin/content/articles");
  if (intent === "delete" && id !== "new")
    return contentOutcome(request, await api("admin/delete-article", { id }, opts), { intent, id, to: list });
  const image = form.get("image");
  const input = {
    id: id === "new" ? undefined : id,
    title: String(form.get("title") ?? ""),
    title_ar: text(form, "title_ar"),
    summary: String(form.get("summary") ?? ""),
    summary_ar: text(form, "summary_ar"),
    body: String(form.get("body") ?? ""),
    body_ar: text(form, "body_ar"),
    slug_id: text(form, "slug_id"),
    category_id: text(form, "category_id"),
    status: String(form.get("status") ?? "1") as "1" | "0",
    image: image instanceof File && image.size > 0 ? image : undefined,
    remove_image: form.get("remove_image") === "1" ? ("1" as const) : undefined,
  };
  return contentOutcome(request, await api("admin/save-article", input, opts), {
    intent: "save",
    id: input.id,
    to: list,
    form,
  });
}

export default function AdminArticle({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  const a = d.article;
  const o = outcomeFor(actionData, "save", a?.id);
  const formId = `article-${a?.id ?? "new"}`;
  const imageErrors = o.errors("image");
  return (
    <section className="admin-page">
      <ContentHead
        title={a ? a.title : t("New article")}
        back={{ to: "/admin/content/articles", label: "Articles" }}
        editor
      />
      {a?.status ? (
        <p>
          <Link to={href(`/articles/${a.slug_id}`)}>{t("See it on the site")}</Link>
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="admin-form">
        <input type="hidden" name="intent" value="save" />
        <FormRefusal refused={o.refused} />
        <TextField
          form={formId}
          name="title"
          label={t("Title")}
          value={o.value("title", a?.title)}
          errors={o.errors("title")}
          required
          maxLength={200}
        />
        <TextField
          form={formId}
          name="title_ar"
          label={t("Title (Arabic)")}
          value={o.value("title_ar", a?.title_ar)}
          errors={o.errors("title_ar")}
          ar
          maxLength={200}
        />
        <TextField
          form={formId}
          name="summary"
          label={t("Summary")}
          value={o.value("summary", a?.summary)}
          errors={o.errors("summary")}
          rows={2}
          maxLength={300}
        />
        <TextField
          form={formId}
          name="summary_ar"
          label={t("Summary (Arabic)")}
          value={o.value("summary_ar", a?.summary_ar)}
          errors={o.errors("summary_ar")}
          rows={2}
          ar
          maxLength={300}
        />
        <TextField
          form={formId}
          name="body"
          label={t("Text")}
          hint={t("Paragraphs are separated by an empty line.")}
          value={o.value("body", a?.body)}
          errors={o.errors("body")}
          rows={12}
          required
          maxLength={20000}
        />
        <TextField
          form={formId}
          name="body_ar"
          label={t("Text (Arabic)")}
          value={o.value("body_ar", a?.body_ar)}
          errors={o.errors("body_ar")}
          rows={12}
          ar
          maxLength={20000}
        />
        <div className="field-row">
          <SelectField
            form={formId}
            id="category"
            name="category_id"
            label={t("Category")}
            value={o.value("category_id", a?.category_id)}
            errors={o.errors("category_id")}
          >
            <option value="">{t("None")}</option>
            {d.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <OnOffField
            form={formId}
            label={t("Status")}
            value={o.value("status", a ? (a.status ? "1" : "0") : "1") === "1"}
            on={t("Published")}
            off={t("Draft")}
          />
        </div>
        <TextField
          form={formId}
          name="slug_id"
          label={t("Slug")}
          hint={
            a
              ? t("Part of the article's web address: changing it changes its links.")
              : t("Leave empty to make it from the English title.")
          }
          value={o.value("slug_id", a?.slug_id)}
          errors={o.errors("slug_id")}
          maxLength={100}
        />
        <fieldset>
          <legend>{t("Cover photo")}</legend>
          {a?.image ? (
            <>
              <Thumbnail
                image={a.image}
                width={240}
                height={Math.round((240 * a.image.height) / a.image.width)}
              />
              <label className="field--check">
                <input type="checkbox" name="remove_image" value="1" />
                {t("Remove the cover photo")}
              </label>
            </>
          ) : null}
          <div className="field" data-invalid={imageErrors ? true : undefined}>
            <label htmlFor={`${formId}-image`}>
              {a?.image ? t("Choose a new cover photo") : t("Choose a cover photo (optional)")}
            </label>
            <input
              id={`${formId}-image`}
              name="image"
              type="file"
              accept="image/jpeg,image/png"
              aria-invalid={imageErrors ? true : undefined}
              aria-describedby={`${formId}-image-hint${imageErrors ? ` ${formId}-image-error` : ""}`}
            />
            <p id={`${formId}-image-hint`} className="field__hint">
              {t("JPEG or PNG, at least 120×120. It is shown in several sizes, as listing photos are.")}
            </p>
            <div id={`${formId}-image-error`} className="field__errors" aria-live="polite">
              {imageErrors?.map((e) => (
                <p key={e}>{t(e)}</p>
              ))}
            </div>
          </div>
        </fieldset>
        <SubmitButton className="button">{a ? t("Save the article") : t("Add the article")}</SubmitButton>
      </Form>
      {a ? <DeleteCard id={a.id} about={a.title} result={actionData} /> : null}
    </section>
  );
}
