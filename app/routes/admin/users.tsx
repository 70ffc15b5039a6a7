import { Link } from "react-router";
import type { Route } from "./+types/users";
import { apiData } from "~/lib/api.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { Pagination } from "~/components/pagination";
import { adminHeaders, adminPage, oneOf, param } from "~/modules/admin/admin.server";
import { AdminFilters, AdminTable, SearchFilter, SelectFilter, When } from "~/modules/admin/ui";
import { ACCOUNT_TYPES, AccountPill, VERIFICATION_LABELS, VERIFICATION_STATES } from "~/modules/admin/people";

const LIMIT = 30;

export async function loader(args: Route.LoaderArgs) {
  const { url, offset, limit, t, opts } = await adminPage(args, LIMIT);
  const filters = {
    search: param(url, "search")?.slice(0, 100),
    active: oneOf(["1", "0"] as const, param(url, "active")),
    type: oneOf(ACCOUNT_TYPES, param(url, "type")),
    verification_status: oneOf(VERIFICATION_STATES, param(url, "verification_status")),
  };
  const res = await apiData("admin/users", { ...filters, offset, limit }, opts);
  return { title: t("Users"), rows: res.data, total: res.total ?? 0, offset, limit, filters };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Users", noindex: true });
}

const TYPE_LABELS: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  user: "User",
  agent: "Agent",
  owner: "Owner",
  developer: "Developer",
};

export default function AdminUsers({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <h1>{t("Users")}</h1>
      <p className="admin-page__lead">
        {t(
          "Everyone with an account. Open a person to see their listings and packages, deactivate or reactivate their account, or give them a package.",
        )}
      </p>
      <AdminFilters>
        <SearchFilter id="users-search" label={t("Name, email or phone")} value={d.filters.search} />
        <SelectFilter id="users-active" name="active" label={t("Account")} value={d.filters.active}>
          <option value="">{t("All")}</option>
          <option value="1">{t("Active")}</option>
          <option value="0">{t("Deactivated")}</option>
        </SelectFilter>
        <SelectFilter id="users-type" name="type" label={t("Type")} value={d.filters.type}>
          <option value="">{t("All")}</option>
          {ACCOUNT_TYPES.map((v) => (
            <option key={v} value={v}>
              {t(TYPE_LABELS[v])}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter
          id="users-verification"
          name="verification_status"
          label={t("Verification")}
          value={d.filters.verification_status}
        >
          <option value="">{t("All")}</option>
          {VERIFICATION_STATES.map((v) => (
            <option key={v} value={v}>
              {t(VERIFICATION_LABELS[v])}
            </option>
          ))}
        </SelectFilter>
      </AdminFilters>
      <p className="admin-page__count">{t("{{count}} people", { count: d.total })}</p>
      {d.rows.length ? (
        <AdminTable
          headings={[
            t("Name"),
            t("Email"),
            t("Phone"),
            t("Type"),
            t("Verification"),
            t("Account"),
            t("Properties"),
            t("Projects"),
            t("Joined"),
          ]}
        >
          {d.rows.map((u) => (
            <tr key={u.id}>
              <td>
                <Link to={`/admin/users/${u.id}`} dir="auto">
                  {u.name}
                </Link>
              </td>
              <td dir="ltr">{u.email ?? "—"}</td>
              <td dir="ltr">{u.mobile ?? "—"}</td>
              <td>{t(TYPE_LABELS[u.type as keyof typeof TYPE_LABELS] ?? u.type)}</td>
              <td>{t(VERIFICATION_LABELS[u.verification_status])}</td>
              <td>
                <AccountPill active={u.is_active} />
              </td>
              <td>{u.properties_count}</td>
              <td>{u.projects_count}</td>
              <td>
                <When iso={u.created_at} day />
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">{t("Nobody matches these filters.")}</p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />
    </section>
  );
}
