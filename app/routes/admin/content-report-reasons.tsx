import { Form, useLocation } from "react-router";
import type { Route } from "./+types/content-report-reasons";
import { api, apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { adminHeaders, requireAdmin } from "~/modules/admin/admin.server";
import { contentOutcome, idField, text } from "~/modules/admin/content.server";
import { DeleteForm, FormRefusal, OnOffField, OnOffPill, outcomeFor, TextField } from "~/modules/admin/content-ui";
import { ContentBack } from "~/modules/admin/content-nav";
import { ActionNotice } from "~/modules/listings/ui";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const res = await apiData("admin/report-reasons", {}, { request, locale });
  return { title: getI18n(context).t("Report reasons"), reasons: res.data };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Report reasons", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = idField(form);
  const opts = { request, locale };
  if (intent === "delete" && id) return contentOutcome(request, await api("admin/delete-report-reason", { id }, opts), { intent, id });
  const input = {
    id: intent === "save" ? id : undefined,
    reason: String(form.get("reason") ?? ""),
    reason_ar: text(form, "reason_ar"),
    status: String(form.get("status") ?? "1") as "1" | "0",
  };
  return contentOutcome(request, await api("admin/save-report-reason", input, opts), { intent: input.id ? "save" : "create", id: input.id, form });
}

type Reason = Route.ComponentProps["loaderData"]["reasons"][number];

function ReasonFields({ formId, reason, result, intent }: { formId: string; reason?: Reason; result: unknown; intent: string }) {
  const { t } = useTranslation();
  const o = outcomeFor(result, intent, reason?.id);
  return (
    <>
      <FormRefusal refused={o.refused} />
      <TextField form={formId} name="reason" label={t("Reason")} value={o.value("reason", reason?.reason)} errors={o.errors("reason")} required maxLength={200} />
      <TextField form={formId} name="reason_ar" label={t("Reason (Arabic)")} value={o.value("reason_ar", reason?.reason_ar)} errors={o.errors("reason_ar")} ar maxLength={200} />
      <OnOffField form={formId} label={t("Offered to people reporting")} value={o.value("status", reason ? (reason.status ? "1" : "0") : "1") === "1"} on={t("Offered")} off={t("Retired")} />
    </>
  );
}

export default function AdminReportReasons({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className="admin-page">
      <ContentBack />
      <h1>{t("Report reasons")}</h1>
      <p className="admin-page__lead">{t("The reasons offered to someone reporting a listing. A reason reports gave is retired (switched off) rather than deleted, so those reports keep it.")}</p>
      <ActionNotice />
      <div className="admin-card">
        <h2>{t("Add a reason")}</h2>
        <Form method="post" className="admin-form" key={location.key}>
          <input type="hidden" name="intent" value="create" />
          <ReasonFields formId="reason-new" result={actionData} intent="create" />
          <button type="submit" className="button">
            {t("Add the reason")}
          </button>
        </Form>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("Reason")}</th>
              <th scope="col">{t("Reason (Arabic)")}</th>
              <th scope="col">{t("Status")}</th>
              <th scope="col">{t("Reports")}</th>
              <th scope="col">{t("Actions")}</th>
            </tr>
          </thead>
          <tbody>
            {d.reasons.map((r) => (
              <tr key={r.id}>
                <td dir="auto">{r.reason}</td>
                <td dir="rtl" lang="ar">
                  {r.reason_ar}
                </td>
                <td>
                  <OnOffPill on={r.status} yes={t("Offered")} no={t("Retired")} />
                </td>
                <td>{r.reports}</td>
                <td>
                  <div className="admin-actions">
                    <details open={Boolean(outcomeFor(actionData, "save", r.id).refused)}>
                      <summary>
                        {t("Edit")}
                        <span className="visually-hidden"> – {r.reason}</span>
                      </summary>
                      <Form method="post" className="admin-form">
                        <input type="hidden" name="intent" value="save" />
                        <input type="hidden" name="id" value={r.id} />
                        <ReasonFields formId={`reason-${r.id}`} reason={r} result={actionData} intent="save" />
                        <button type="submit" className="button button--small">
                          {t("Save")}
                        </button>
                      </Form>
                    </details>
                    <DeleteForm id={r.id} about={r.reason} />
                  </div>
                  <FormRefusal refused={outcomeFor(actionData, "delete", r.id).refused} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
