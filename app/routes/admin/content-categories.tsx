import { Link } from "react-router";
import type { Route } from "./+types/content-categories";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import { adminHeaders, requireAdmin } from "~/modules/admin/admin.server";
import { OnOffPill } from "~/modules/admin/content-ui";
import { ContentBack } from "~/modules/admin/content-nav";
import { ActionNotice } from "~/modules/listings/ui";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const res = await apiData("admin/categories", {}, { request, locale });
  return { title: getI18n(context).t("Categories"), categories: res.data };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Categories", noindex: true });
}

export default function AdminCategories({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  return (
    <section className="admin-page">
      <ContentBack />
      <h1>{t("Categories")}</h1>
      <p className="admin-page__lead">{t("The kinds of property listings and projects belong to, in the order the site shows them, and the details each asks for. A category in use is switched off rather than deleted.")}</p>
      <ActionNotice />
      <p>
        <Link className="button" to={href("/admin/content/categories/new")}>
          {t("Add a category")}
        </Link>{" "}
        <Link to={href("/admin/content/parameters")}>{t("Details")}</Link>
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("Order")}</th>
              <th scope="col">{t("Name")}</th>
              <th scope="col">{t("Name (Arabic)")}</th>
              <th scope="col">{t("Slug")}</th>
              <th scope="col">{t("Status")}</th>
              <th scope="col">{t("Details")}</th>
              <th scope="col">{t("Listings")}</th>
            </tr>
          </thead>
          <tbody>
            {d.categories.map((c) => (
              <tr key={c.id}>
                <td>{c.sequence}</td>
                <td dir="auto">
                  {c.image ? <span aria-hidden="true">{c.image} </span> : null}
                  <Link to={href(`/admin/content/categories/${c.id}`)}>{c.category}</Link>
                </td>
                <td dir="rtl" lang="ar">
                  {c.category_ar}
                </td>
                <td dir="ltr">{c.slug_id}</td>
                <td>
                  <OnOffPill on={c.status} yes={t("On")} no={t("Off")} />
                </td>
                <td dir="auto">{c.parameters.map((p) => p.name).join(", ")}</td>
                <td>{c.listings}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
