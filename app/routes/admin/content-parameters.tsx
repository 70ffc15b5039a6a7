import { Link } from "react-router";
import type { Route } from "./+types/content-parameters";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import { adminHeaders, requireAdmin } from "~/modules/admin/admin.server";
import { ContentBack } from "~/modules/admin/content-nav";
import { PARAMETER_TYPE_LABELS } from "~/modules/admin/parameter-types";
import { ActionNotice } from "~/modules/listings/ui";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const res = await apiData("admin/parameters", {}, { request, locale });
  return { title: getI18n(context).t("Details"), parameters: res.data };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Details", noindex: true });
}

export default function AdminParameters({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  return (
    <section className="admin-page">
      <ContentBack />
      <h1>{t("Details")}</h1>
      <p className="admin-page__lead">{t("What listings fill in (bedrooms, area, view…). A category asks for the details ticked on its page.")}</p>
      <ActionNotice />
      <p>
        <Link className="button" to={href("/admin/content/parameters/new")}>
          {t("Add a detail")}
        </Link>{" "}
        <Link to={href("/admin/content/categories")}>{t("Categories")}</Link>
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("Name")}</th>
              <th scope="col">{t("Name (Arabic)")}</th>
              <th scope="col">{t("Type")}</th>
              <th scope="col">{t("Options")}</th>
              <th scope="col">{t("Categories")}</th>
              <th scope="col">{t("Listings")}</th>
            </tr>
          </thead>
          <tbody>
            {d.parameters.map((p) => (
              <tr key={p.id}>
                <td dir="auto">
                  {p.image ? <span aria-hidden="true">{p.image} </span> : null}
                  <Link to={href(`/admin/content/parameters/${p.id}`)}>{p.name}</Link>
                  {p.unit ? ` (${p.unit})` : ""}
                </td>
                <td dir="rtl" lang="ar">
                  {p.name_ar}
                </td>
                <td>{t(PARAMETER_TYPE_LABELS[p.type_of_parameter])}</td>
                <td dir="auto">{p.options.map((x) => x.value).join(", ")}</td>
                <td dir="auto">{p.categories.map((c) => c.category).join(", ")}</td>
                <td>{p.listings}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
