import { Form, Link } from "react-router";
import type { Route } from "./+types/content-articles";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { Pagination } from "~/components/pagination";
import { adminHeaders, pageOf, param, requireAdmin } from "~/modules/admin/admin.server";
import { ContentHead, ContentLinks, OnOffPill } from "~/modules/admin/content-ui";
import { contentMeta } from "~/modules/admin/content-nav";
import { AdminTable } from "~/modules/admin/ui";

const LIMIT = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const url = new URL(request.url);
  const { offset, limit } = pageOf(url, LIMIT);
  const category = Number(param(url, "category_id"));
  const filters = {
    search: param(url, "search"),
    category_id: Number.isInteger(category) && category > 0 ? category : undefined,
  };
  const opts = { request, locale };
  const [list, categories] = await Promise.all([
    apiData("admin/articles", { ...filters, offset, limit }, opts),
    apiData("admin/article-categories", {}, opts),
  ]);
  return {
    title: getI18n(context).t("Articles"),
    articles: list.data,
    total: list.total ?? 0,
    offset,
    limit,
    filters,
    categories: categories.data,
  };
}

export const headers = adminHeaders;

export const meta = contentMeta("Articles");

export default function AdminArticles({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const when = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "medium" });
  return (
    <section className="admin-page">
      <ContentHead
        title={t("Articles")}
        lead={t(
          "Guides and news. A published article is on the articles page as soon as it is saved; a draft is not.",
        )}
      />
      <ContentLinks
        add={{ to: "/admin/content/articles/new", label: t("Write an article") }}
        also={{ to: "/admin/content/article-categories", label: t("Article categories") }}
      />
      <Form method="get" className="admin-filters">
        <div className="field">
          <label htmlFor="articles-search">{t("Search")}</label>
          <input id="articles-search" name="search" type="search" defaultValue={d.filters.search ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="articles-category">{t("Category")}</label>
          <select id="articles-category" name="category_id" defaultValue={d.filters.category_id ?? ""}>
            <option value="">{t("All")}</option>
            {d.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--small">
          {t("Filter")}
        </button>
      </Form>
      <p className="admin-page__count">{t("{{count}} articles", { count: d.total })}</p>
      {d.articles.length ? (
        <AdminTable headings={[t("Title"), t("Title (Arabic)"), t("Category"), t("Status"), t("Changed")]}>
          {d.articles.map((a) => (
            <tr key={a.id}>
              <td dir="auto">
                <Link to={`/admin/content/articles/${a.id}`}>{a.title}</Link>
              </td>
              <td dir="rtl" lang="ar">
                {a.title_ar}
              </td>
              <td dir="auto">{a.category ?? "—"}</td>
              <td>
                <OnOffPill on={a.status} yes={t("Published")} no={t("Draft")} />
              </td>
              <td>
                <time dateTime={a.updated_at}>{when.format(new Date(a.updated_at))}</time>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">{t("No articles match.")}</p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />
    </section>
  );
}
