import { Link } from "react-router";
import type { Route } from "./+types/articles";
import { pageMeta, rootData } from "~/lib/seo";
import { api, apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/translate";
import { Pagination } from "~/components/pagination";
import { ResponsiveImage } from "~/components/responsive-image";
import { PAGE_SIZE, pageFromSearch } from "~/lib/constants";
import { publicCacheHeaders } from "~/lib/cache";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageFromSearch(url.searchParams);
  const category = url.searchParams.get("category_id") ?? "";
  const locale = getLocale(context);
  const [list, categories] = await Promise.all([
    api(
      "get_articles",
      { category_id: category || undefined, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
      { request, locale },
    ),
    apiData("get_article_categories", {}, { request, locale }),
  ]);
  return {
    title: getI18n(context).t("Articles and guides"),
    articles: list.error ? [] : list.data,
    total: list.total ?? 0,
    offset: (page - 1) * PAGE_SIZE,
    category,
    categories: categories.data,
  };
}

export const headers = publicCacheHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "Articles",
    description: "Guides to buying, renting, selling and investing in property.",
    keepParams: ["category_id", "page"],
  });
}

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { articles, total, offset, category, categories } = loaderData;
  return (
    <section>
      <h1>{t("Articles and guides")}</h1>
      <nav aria-label={t("Article categories")}>
        <ul className="chips">
          <li>
            <Link to="/articles" className="chip" aria-current={category ? undefined : "page"}>
              {t("All")}
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                to={`/articles?category_id=${c.id}`}
                className="chip"
                aria-current={category === String(c.id) ? "page" : undefined}
              >
                {c.name} <span className="chip__count">{c.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid articles-grid">
        {articles.map((a, i) => (
          <article key={a.id} className="card">
            <Link to={`/articles/${a.slug_id}`} className="card__link">
              <div className="card__media">
                {a.image ? (
                  <ResponsiveImage
                    image={a.image}
                    alt=""
                    sizes="(min-width: 64rem) 22rem, 92vw"
                    eager={i === 0}
                  />
                ) : null}
              </div>
              <div className="card__body">
                {a.category ? <p className="card__place">{a.category.name}</p> : null}
                <h2 className="card__title">{a.title}</h2>
                <p className="article-card__summary">{a.summary}</p>
              </div>
            </Link>
          </article>
        ))}
      </div>
      <Pagination total={total} offset={offset} limit={PAGE_SIZE} />
    </section>
  );
}
