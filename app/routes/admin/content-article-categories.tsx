import { Form, useLocation } from "react-router";
import type { Route } from "./+types/content-article-categories";
import { api, apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { adminHeaders, requireAdmin } from "~/modules/admin/admin.server";
import { contentOutcome, idField, text } from "~/modules/admin/content.server";
import { DeleteForm, FormRefusal, outcomeFor, TextField } from "~/modules/admin/content-ui";
import { ContentBack } from "~/modules/admin/content-nav";
import { ActionNotice } from "~/modules/listings/ui";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const res = await apiData("admin/article-categories", {}, { request, locale });
  return { title: getI18n(context).t("Article categories"), categories: res.data };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Article categories", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = idField(form);
  const opts = { request, locale };
  if (intent === "delete" && id) return contentOutcome(request, await api("admin/delete-article-category", { id }, opts), { intent, id });
  const input = {
    id: intent === "save" ? id : undefined,
    name: String(form.get("name") ?? ""),
    name_ar: text(form, "name_ar"),
    slug_id: text(form, "slug_id"),
    sequence: text(form, "sequence"),
  };
  return contentOutcome(request, await api("admin/save-article-category", input, opts), { intent: input.id ? "save" : "create", id: input.id, form });
}

type Category = Route.ComponentProps["loaderData"]["categories"][number];

function CategoryFields({ formId, category, result, intent }: { formId: string; category?: Category; result: unknown; intent: string }) {
  const { t } = useTranslation();
  const o = outcomeFor(result, intent, category?.id);
  return (
    <>
      <FormRefusal refused={o.refused} />
      <div className="field-row">
        <TextField form={formId} name="name" label={t("Name")} value={o.value("name", category?.name)} errors={o.errors("name")} required maxLength={100} />
        <TextField form={formId} name="name_ar" label={t("Name (Arabic)")} value={o.value("name_ar", category?.name_ar)} errors={o.errors("name_ar")} ar maxLength={100} />
      </div>
      <div className="field-row">
        <TextField form={formId} name="slug_id" label={t("Slug")} hint={category ? t("Part of the category's web address.") : t("Leave empty to make it from the English name.")} value={o.value("slug_id", category?.slug_id)} errors={o.errors("slug_id")} maxLength={100} />
        <TextField form={formId} name="sequence" label={t("Order")} type="number" value={o.value("sequence", category?.sequence)} errors={o.errors("sequence")} />
      </div>
    </>
  );
}

export default function AdminArticleCategories({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className="admin-page">
      <ContentBack />
      <h1>{t("Article categories")}</h1>
      <p className="admin-page__lead">{t("How articles are grouped on the articles page, in this order.")}</p>
      <ActionNotice />
      <div className="admin-card">
        <h2>{t("Add an article category")}</h2>
        <Form method="post" className="admin-form" key={location.key}>
          <input type="hidden" name="intent" value="create" />
          <CategoryFields formId="article-category-new" result={actionData} intent="create" />
          <button type="submit" className="button">
            {t("Add the category")}
          </button>
        </Form>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("Order")}</th>
              <th scope="col">{t("Name")}</th>
              <th scope="col">{t("Name (Arabic)")}</th>
              <th scope="col">{t("Slug")}</th>
              <th scope="col">{t("Articles")}</th>
              <th scope="col">{t("Actions")}</th>
            </tr>
          </thead>
          <tbody>
            {d.categories.map((c) => (
              <tr key={c.id}>
                <td>{c.sequence}</td>
                <td dir="auto">{c.name}</td>
                <td dir="rtl" lang="ar">
                  {c.name_ar}
                </td>
                <td dir="ltr">{c.slug_id}</td>
                <td>{c.articles}</td>
                <td>
                  <div className="admin-actions">
                    <details open={Boolean(outcomeFor(actionData, "save", c.id).refused)}>
                      <summary>
                        {t("Edit")}
                        <span className="visually-hidden"> – {c.name}</span>
                      </summary>
                      <Form method="post" className="admin-form">
                        <input type="hidden" name="intent" value="save" />
                        <input type="hidden" name="id" value={c.id} />
                        <CategoryFields formId={`article-category-${c.id}`} category={c} result={actionData} intent="save" />
                        <button type="submit" className="button button--small">
                          {t("Save")}
                        </button>
                      </Form>
                    </details>
                    <DeleteForm id={c.id} about={c.name} />
                  </div>
                  <FormRefusal refused={outcomeFor(actionData, "delete", c.id).refused} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
