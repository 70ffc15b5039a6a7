import { Form, Link } from "react-router";
import type { Route } from "./+types/verifications";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useHref, useRoot } from "~/lib/use-root";
import { Pagination } from "~/components/pagination";
import { adminHeaders, pageOf, param, requireAdmin } from "~/modules/admin/admin.server";
import { ActionNotice } from "~/modules/listings/ui";

const LIMIT = 25;
const STATUSES = { pending: "Waiting for a decision", success: "Verified", failed: "Verification Failed" } as const;
type Status = keyof typeof STATUSES;
const isStatus = (v: string | undefined): v is Status => v !== undefined && v in STATUSES;

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const url = new URL(request.url);
  const { offset, limit } = pageOf(url, LIMIT);
  const asked = param(url, "status");
  const filters = { status: isStatus(asked) ? asked : "pending", search: param(url, "search") };
  const res = await apiData("admin/verifications", { ...filters, offset, limit }, { request, locale });
  return { title: getI18n(context).t("Agent verification"), rows: res.data, total: res.total ?? 0, offset, limit, filters };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Agent verification", noindex: true });
}

export default function AdminVerifications({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  const { locale } = useRoot();
  const when = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
  return (
    <section className="admin-page">
      <h1>{t("Agent verification")}</h1>
      <p className="admin-page__lead">{t("Applications to be a verified agent. Each person's latest application is shown; those waiting are oldest first.")}</p>
      <ActionNotice />
      <Form method="get" className="admin-filters">
        <div className="field">
          <label htmlFor="ver-status">{t("Status")}</label>
          <select id="ver-status" name="status" defaultValue={d.filters.status}>
            {Object.entries(STATUSES).map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ver-search">{t("Name or email")}</label>
          <input id="ver-search" name="search" type="search" defaultValue={d.filters.search ?? ""} />
        </div>
        <button type="submit" className="button button--small">
          {t("Filter")}
        </button>
      </Form>
      <p className="admin-page__count">{t("{{count}} applications", { count: d.total })}</p>
      {d.rows.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("Person")}</th>
                <th scope="col">{t("Applied")}</th>
                <th scope="col">{t("Status")}</th>
                <th scope="col">{t("Decided")}</th>
                <th scope="col">{t("Actions")}</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    <span dir="auto">{r.user.name}</span>
                    <br />
                    <small dir="ltr">{r.user.email}</small>
                  </th>
                  <td>
                    <time dateTime={r.created_at}>{when.format(new Date(r.created_at))}</time>
                  </td>
                  <td>
                    <span className={`pill ${r.status === "success" ? "pill--ok" : r.status === "failed" ? "pill--bad" : "pill--warn"}`}>{t(STATUSES[r.status as Status] ?? r.status)}</span>
                    {r.reason ? (
                      <>
                        <br />
                        <small dir="auto">{r.reason}</small>
                      </>
                    ) : null}
                  </td>
                  <td>{r.decided_at ? <time dateTime={r.decided_at}>{when.format(new Date(r.decided_at))}</time> : "—"}</td>
                  <td>
                    <Link to={href(`/admin/verifications/${r.id}`)} className="button button--ghost button--small">
                      {r.status === "pending" ? t("Review") : t("Open")}
                      <span className="visually-hidden"> – {r.user.name}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty-state">{d.filters.status === "pending" ? t("No application is waiting for a decision.") : t("No applications match.")}</p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />
    </section>
  );
}
