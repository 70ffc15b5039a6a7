import { Form, useLocation } from "react-router";
import type { Route } from "./+types/content-facilities";
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
  const res = await apiData("admin/facilities", {}, { request, locale });
  return { title: getI18n(context).t("Facilities"), facilities: res.data };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Facilities", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = idField(form);
  const opts = { request, locale };
  if (intent === "delete" && id) return contentOutcome(request, await api("admin/delete-facility", { id }, opts), { intent, id, filters: true });
  const input = { id: intent === "save" ? id : undefined, name: String(form.get("name") ?? ""), name_ar: text(form, "name_ar"), image: text(form, "image") };
  return contentOutcome(request, await api("admin/save-facility", input, opts), { intent: input.id ? "save" : "create", id: input.id, form, filters: true });
}

type Facility = Route.ComponentProps["loaderData"]["facilities"][number];

function FacilityFields({ formId, facility, result, intent }: { formId: string; facility?: Facility; result: unknown; intent: string }) {
  const { t } = useTranslation();
  const o = outcomeFor(result, intent, facility?.id);
  return (
    <>
      <FormRefusal refused={o.refused} />
      <div className="field-row">
        <TextField form={formId} name="name" label={t("Name")} value={o.value("name", facility?.name)} errors={o.errors("name")} required maxLength={100} />
        <TextField form={formId} name="name_ar" label={t("Name (Arabic)")} value={o.value("name_ar", facility?.name_ar)} errors={o.errors("name_ar")} ar maxLength={100} />
      </div>
      <TextField form={formId} name="image" label={t("Icon (optional)")} hint={t("An emoji shown next to the name, e.g. 🏫")} value={o.value("image", facility?.image)} errors={o.errors("image")} maxLength={40} />
    </>
  );
}

export default function AdminFacilities({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className="admin-page">
      <ContentBack />
      <h1>{t("Facilities")}</h1>
      <p className="admin-page__lead">{t("Places a listing can be near, with a distance. The listing forms offer every facility here.")}</p>
      <ActionNotice />
      <div className="admin-card">
        <h2>{t("Add a facility")}</h2>
        <Form method="post" className="admin-form" key={location.key}>
          <input type="hidden" name="intent" value="create" />
          <FacilityFields formId="facility-new" result={actionData} intent="create" />
          <button type="submit" className="button">
            {t("Add the facility")}
          </button>
        </Form>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("Name")}</th>
              <th scope="col">{t("Name (Arabic)")}</th>
              <th scope="col">{t("Listings")}</th>
              <th scope="col">{t("Actions")}</th>
            </tr>
          </thead>
          <tbody>
            {d.facilities.map((f) => (
              <tr key={f.id}>
                <td dir="auto">
                  {f.image ? <span aria-hidden="true">{f.image} </span> : null}
                  {f.name}
                </td>
                <td dir="rtl" lang="ar">
                  {f.name_ar}
                </td>
                <td>{f.listings}</td>
                <td>
                  <div className="admin-actions">
                    <details open={Boolean(outcomeFor(actionData, "save", f.id).refused)}>
                      <summary>
                        {t("Edit")}
                        <span className="visually-hidden"> – {f.name}</span>
                      </summary>
                      <Form method="post" className="admin-form">
                        <input type="hidden" name="intent" value="save" />
                        <input type="hidden" name="id" value={f.id} />
                        <FacilityFields formId={`facility-${f.id}`} facility={f} result={actionData} intent="save" />
                        <button type="submit" className="button button--small">
                          {t("Save")}
                        </button>
                      </Form>
                    </details>
                    <DeleteForm id={f.id} about={f.name} />
                  </div>
                  <FormRefusal refused={outcomeFor(actionData, "delete", f.id).refused} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
