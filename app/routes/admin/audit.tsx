import type { Route } from "./+types/audit";
import { apiData } from "~/lib/api.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { Pagination } from "~/components/pagination";
import { adminHeaders, adminPage, param } from "~/modules/admin/admin.server";
import { AdminFilters, AdminTable, ChangeSummary, SearchFilter, When } from "~/modules/admin/ui";

const LIMIT = 50;

export async function loader(args: Route.LoaderArgs) {
  const { url, offset, limit, t, opts } = await adminPage(args, LIMIT);
  const filters = {
    search: param(url, "search"),
    target_type: param(url, "target_type"),
    target_id: param(url, "target_id"),
  };
  const res = await apiData("admin/audit-log", { ...filters, offset, limit }, opts);
  return { title: t("Audit log"), rows: res.data, total: res.total ?? 0, offset, limit, filters };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Audit log", noindex: true });
}

export default function AdminAudit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <h1>{t("Audit log")}</h1>
      <p className="admin-page__lead">
        {t("Every change made in the console: who made it, when, and the record before and after.")}
      </p>
      <AdminFilters>
        <SearchFilter id="audit-search" label={t("Search")} value={d.filters.search} />
        <div className="field">
          <label htmlFor="audit-target">{t("Record type")}</label>
          <input id="audit-target" name="target_type" defaultValue={d.filters.target_type ?? ""} />
        </div>
      </AdminFilters>
      <p className="admin-page__count">{t("{{count}} entries", { count: d.total })}</p>
      {d.rows.length ? (
        <AdminTable headings={[t("When"), t("Admin"), t("Action"), t("Record"), t("Reason"), t("Changes")]}>
          {d.rows.map((r) => (
            <tr key={r.id}>
              <td>
                <When iso={r.created_at} />
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
        </AdminTable>
      ) : (
        <p className="empty-state">{t("Nothing has been changed in the console yet.")}</p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />
    </section>
  );
}
