import { Link } from "react-router";
import type { Route } from "./+types/verifications";
import { apiData } from "~/lib/api.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { Pagination } from "~/components/pagination";
import { adminHeaders, adminPage, param } from "~/modules/admin/admin.server";
import {
  AdminFilters,
  AdminTable,
  PersonCell,
  Pill,
  ReasonNote,
  SearchFilter,
  SelectFilter,
  When,
} from "~/modules/admin/ui";
import { ActionNotice } from "~/modules/listings/ui";

const LIMIT = 25;
const STATUSES = {
  pending: "Waiting for a decision",
  success: "Verified",
  failed: "Verification Failed",
} as const;
type Status = keyof typeof STATUSES;
const isStatus = (v: string | undefined): v is Status => v !== undefined && v in STATUSES;

export async function loader(args: Route.LoaderArgs) {
  const { url, offset, limit, t, opts } = await adminPage(args, LIMIT);
  const asked = param(url, "status");
  const filters = { status: isStatus(asked) ? asked : "pending", search: param(url, "search") };
  const res = await apiData("admin/verifications", { ...filters, offset, limit }, opts);
  return { title: t("Agent verification"), rows: res.data, total: res.total ?? 0, offset, limit, filters };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Agent verification", noindex: true });
}

export default function AdminVerifications({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <h1>{t("Agent verification")}</h1>
      <p className="admin-page__lead">
        {t(
          "Applications to be a verified agent. Each person's latest application is shown; those waiting are oldest first.",
        )}
      </p>
      <ActionNotice />
      <AdminFilters>
        <SelectFilter id="ver-status" name="status" label={t("Status")} value={d.filters.status}>
          {Object.entries(STATUSES).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </SelectFilter>
        <SearchFilter id="ver-search" label={t("Name or email")} value={d.filters.search} />
      </AdminFilters>
      <p className="admin-page__count">{t("{{count}} applications", { count: d.total })}</p>
      {d.rows.length ? (
        <AdminTable headings={[t("Person"), t("Applied"), t("Status"), t("Decided"), t("Actions")]}>
          {d.rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                <PersonCell name={r.user.name} email={r.user.email} />
              </th>
              <td>
                <When iso={r.created_at} />
              </td>
              <td>
                <Pill tone={r.status === "success" ? "ok" : r.status === "failed" ? "bad" : "warn"}>
                  {t(STATUSES[r.status as Status] ?? r.status)}
                </Pill>
                <ReasonNote reason={r.reason} />
              </td>
              <td>{r.decided_at ? <When iso={r.decided_at} /> : "—"}</td>
              <td>
                <Link to={`/admin/verifications/${r.id}`} className="button button--ghost button--small">
                  {r.status === "pending" ? t("Review") : t("Open")}
                  <span className="visually-hidden"> – {r.user.name}</span>
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">
          {d.filters.status === "pending"
            ? t("No application is waiting for a decision.")
            : t("No applications match.")}
        </p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />
    </section>
  );
}
