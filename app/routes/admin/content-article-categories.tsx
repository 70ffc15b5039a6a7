import type { Route } from "./+types/content-article-categories";
import { api } from "~/lib/api.server";
import { useTranslation } from "~/lib/translate";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentForm, contentList, contentOutcome, text } from "~/modules/admin/content.server";
import {
  AddForm,
  ContentHead,
  FormRefusal,
  outcomeFor,
  RowActions,
  TextField,
} from "~/modules/admin/content-ui";
import { contentMeta } from "~/modules/admin/content-nav";
import { AdminTable } from "~/modules/admin/ui";

export async function loader(args: Route.LoaderArgs) {
  const { title, rows } = await contentList(args, "admin/article-categories", "Article categories");
  return { title, categories: rows };
}

export const headers = adminHeaders;

export const meta = contentMeta("Article categories");

export async function action(args: Route.ActionArgs) {
  const { request, form, intent, id, opts } = await contentForm(args);
  if (intent === "delete" && id)
    return contentOutcome(request, await api("admin/delete-article-category", { id }, opts), { intent, id });
  const input = {
    id: intent === "save" ? id : undefined,
    name: String(form.get("name") ?? ""),
    name_ar: text(form, "name_ar"),
    slug_id: text(form, "slug_id"),
    sequence: text(form, "sequence"),
  };
  return contentOutcome(request, await api("admin/save-article-category", input, opts), {
    intent: input.id ? "save" : "create",
    id: input.id,
    form,
  });
}

type Category = Route.ComponentProps["loaderData"]["categories"][number];

function CategoryFields({
  formId,
  category,
  result,
  intent,
}: {
  formId: string;
  category?: Category;
  result: unknown;
  intent: string;
}) {
  const { t } = useTranslation();
  const o = outcomeFor(result, intent, category?.id);
  return (
    <>
      <FormRefusal refused={o.refused} />
      <div className="field-row">
        <TextField
          form={formId}
          name="name"
          label={t("Name")}
          value={o.value("name", category?.name)}
          errors={o.errors("name")}
          required
          maxLength={100}
        />
        <TextField
          form={formId}
          name="name_ar"
          label={t("Name (Arabic)")}
          value={o.value("name_ar", category?.name_ar)}
          errors={o.errors("name_ar")}
          ar
          maxLength={100}
        />
      </div>
      <div className="field-row">
        <TextField
          form={formId}
          name="slug_id"
          label={t("Slug")}
          hint={
            category
              ? t("Part of the category's web address.")
              : t("Leave empty to make it from the English name.")
          }
          value={o.value("slug_id", category?.slug_id)}
          errors={o.errors("slug_id")}
          maxLength={100}
        />
        <TextField
          form={formId}
          name="sequence"
          label={t("Order")}
          type="number"
          value={o.value("sequence", category?.sequence)}
          errors={o.errors("sequence")}
        />
      </div>
    </>
  );
}

export default function AdminArticleCategories({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <ContentHead
        title={t("Article categories")}
        lead={t("How articles are grouped on the articles page, in this order.")}
      />
      <AddForm title={t("Add an article category")} button={t("Add the category")}>
        <CategoryFields formId="article-category-new" result={actionData} intent="create" />
      </AddForm>
      <AdminTable
        headings={[t("Order"), t("Name"), t("Name (Arabic)"), t("Slug"), t("Articles"), t("Actions")]}
      >
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
              <RowActions id={c.id} about={c.name} result={actionData}>
                <CategoryFields
                  formId={`article-category-${c.id}`}
                  category={c}
                  result={actionData}
                  intent="save"
                />
              </RowActions>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
