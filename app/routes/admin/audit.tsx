import { Form } from "react-router";
import type { Route } from "./+types/audit";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { Pagination } from "~/components/pagination";
import { adminHeaders, pageOf, param, requireAdmin } from "~/modules/admin/admin.server";
import { ChangeSummary } from "~/modules/admin/ui";

const LIMIT = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const url = new URL(request.url);
  const { offset, limit } = pageOf(url, LIMIT);
  const filters = { search: param(url, "search"), target_type: param(url, "target_type"), target_id: param(url, "target_id") };
  const res = await apiData("admin/audit-log", { ...filters, offset, limit }, { request, locale });
  return { title: getI18n(context).t("Audit log"), rows: res.data, total: res.total ?? 0, offset, limit, filters };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Audit log", noindex: true });
}

export default function AdminAudit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const when = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
  return (
    <section className="admin-page">
      <h1>{t("Audit log")}</h1>
      <p className="admin-page__lead">{t("Every change made in the console: who made it, when, and the record before and after.")}</p>
      <Form method="get" className="admin-filters">
        <div className="field">
          <label htmlFor="audit-search">{t("Search")}</label>
          <input id="audit-search" name="search" type="search" defaultValue={d.filters.search ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="audit-target">{t("Record type")}</label>
          <input id="audit-target" name="target_type" defaultValue={d.filters.target_type ?? ""} />
        </div>
        <button type="submit" className="button button--small">
          {t("Filter")}
        </button>
      </Form>
      <p className="admin-page__count">{t("{{count}} entries", { count: d.total })}</p>
      {d.rows.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("When")}</th>
                <th scope="col">{t("Admin")}</th>
                <th scope="col">{t("Action")}</th>
                <th scope="col">{t("Record")}</th>
                <th scope="col">{t("Reason")}</th>
                <th scope="col">{t("Changes")}</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <time dateTime={r.created_at}>{when.format(new Date(r.created_at))}</time>
                  </td>
                  <td dir="auto">{r.admin_email ?? r.admin_uid}</td>
                  <td>
                    <code>{r.action}</code>
                  </td>
                  <td>
                    {r.target_type}
                    {r.target_id ? ` #${r.target_id}` : ""}
                  </td>
                  <td dir="auto">{r.reason ?? ""}</td>
                  <td>
                    <ChangeSummary before={r.before} after={r.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty-state">{t("Nothing has been changed in the console yet.")}</p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />
    </section>
  );
}
