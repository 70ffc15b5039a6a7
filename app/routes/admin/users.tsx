import { Form, Link } from "react-router";
import type { Route } from "./+types/users";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useHref, useRoot } from "~/lib/use-root";
import { Pagination } from "~/components/pagination";
import { adminHeaders, pageOf, param, requireAdmin } from "~/modules/admin/admin.server";
import { ACCOUNT_TYPES, AccountPill, VERIFICATION_LABELS, VERIFICATION_STATES } from "~/modules/admin/people";

const LIMIT = 30;
const oneOf = <T extends string>(list: readonly T[], v: string | undefined): T | undefined => (list.includes(v as T) ? (v as T) : undefined);

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const url = new URL(request.url);
  const { offset, limit } = pageOf(url, LIMIT);
  // Unknown filter values in a hand-typed address are dropped, not refused: the list still shows.
  const filters = {
    search: param(url, "search")?.slice(0, 100),
    active: oneOf(["1", "0"] as const, param(url, "active")),
    type: oneOf(ACCOUNT_TYPES, param(url, "type")),
    verification_status: oneOf(VERIFICATION_STATES, param(url, "verification_status")),
  };
  const res = await apiData("admin/users", { ...filters, offset, limit }, { request, locale });
  return { title: getI18n(context).t("Users"), rows: res.data, total: res.total ?? 0, offset, limit, filters };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Users", noindex: true });
}

const TYPE_LABELS: Record<(typeof ACCOUNT_TYPES)[number], string> = { user: "User", agent: "Agent", owner: "Owner", developer: "Developer" };

export default function AdminUsers({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  const { locale } = useRoot();
  const day = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "medium" });
  return (
    <section className="admin-page">
      <h1>{t("Users")}</h1>
      <p className="admin-page__lead">{t("Everyone with an account. Open a person to see their listings and packages, deactivate or reactivate their account, or give them a package.")}</p>
      <Form method="get" className="admin-filters">
        <div className="field">
          <label htmlFor="users-search">{t("Name, email or phone")}</label>
          <input id="users-search" name="search" type="search" defaultValue={d.filters.search ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="users-active">{t("Account")}</label>
          <select id="users-active" name="active" defaultValue={d.filters.active ?? ""}>
            <option value="">{t("All")}</option>
            <option value="1">{t("Active")}</option>
            <option value="0">{t("Deactivated")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="users-type">{t("Type")}</label>
          <select id="users-type" name="type" defaultValue={d.filters.type ?? ""}>
            <option value="">{t("All")}</option>
            {ACCOUNT_TYPES.map((v) => (
              <option key={v} value={v}>
                {t(TYPE_LABELS[v])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="users-verification">{t("Verification")}</label>
          <select id="users-verification" name="verification_status" defaultValue={d.filters.verification_status ?? ""}>
            <option value="">{t("All")}</option>
            {VERIFICATION_STATES.map((v) => (
              <option key={v} value={v}>
                {t(VERIFICATION_LABELS[v])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--small">
          {t("Filter")}
        </button>
      </Form>
      <p className="admin-page__count">{t("{{count}} people", { count: d.total })}</p>
      {d.rows.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("Name")}</th>
                <th scope="col">{t("Email")}</th>
                <th scope="col">{t("Phone")}</th>
                <th scope="col">{t("Type")}</th>
                <th scope="col">{t("Verification")}</th>
                <th scope="col">{t("Account")}</th>
                <th scope="col">{t("Properties")}</th>
                <th scope="col">{t("Projects")}</th>
                <th scope="col">{t("Joined")}</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((u) => (
                <tr key={u.id}>
                  <td>
                    <Link to={href(`/admin/users/${u.id}`)} dir="auto">
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
                    <time dateTime={u.created_at}>{day.format(new Date(u.created_at))}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty-state">{t("Nobody matches these filters.")}</p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />
    </section>
  );
}
