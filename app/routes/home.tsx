import { Form, Link } from "react-router";
import { useTranslation } from "~/lib/translate";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/home";
import { apiData } from "~/lib/api.server";
import { getLocale, getI18n } from "~/lib/i18n.server";
import { PropertyCard } from "~/components/property-card";
import { useHref } from "~/lib/use-root";
import { publicCacheHeaders } from "~/lib/cache";
import { toCard } from "~/modules/properties/card";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const opts = { request, locale };
  const [featured, latest, categories] = await Promise.all([
    apiData("get_property", { promoted: "1", limit: 6 }, opts),
    apiData("get_property", { limit: 8 }, opts),
    apiData("get_categories", { has_property: "1", limit: 20 }, opts),
  ]);
  return {
    title: getI18n(context).t("Find your next home"),
    description: getI18n(context).t("Homes, apartments, villas, offices and land for sale and rent."),
    featured: featured.data.map(toCard),
    latest: latest.data.map(toCard),
    total: latest.total ?? 0,
    categories: categories.data,
  };
}

export const headers = publicCacheHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Souq Estate", description: data?.description });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  const { featured, latest, categories, total } = loaderData;
  return (
    <>
      <section className="hero">
        <h1>{t("Find your next home")}</h1>
        <p>{t("{{count}} properties for sale and rent", { count: total })}</p>
        <Form method="get" action={href("/properties")} className="hero__search" role="search">
          <label className="visually-hidden" htmlFor="hero-search">{t("Search")}</label>
          <input id="hero-search" type="search" name="search" placeholder={t("City, neighbourhood or keyword")} />
          <select name="property_type" aria-label={t("Buy or rent")}>
            <option value="">{t("Buy or rent")}</option>
            <option value="sell">{t("Buy")}</option>
            <option value="rent">{t("Rent")}</option>
          </select>
          <button type="submit" className="button">{t("Search")}</button>
        </Form>
      </section>

      {categories.length ? (
        <section className="section" aria-labelledby="cat-h">
          <h2 id="cat-h">{t("Browse by category")}</h2>
          <ul className="chips">
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={href(`/properties?category_id=${c.id}`)} className="chip">
                  <span aria-hidden="true">{c.image}</span> {c.category} <span className="chip__count">{c.properties_count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {featured.length ? (
        <section className="section" aria-labelledby="featured-h">
          <h2 id="featured-h">{t("Featured properties")}</h2>
          <div className="grid">
            {featured.map((p, i) => (
              <PropertyCard key={p.id} property={p} eager={i === 0} />
            ))}
          </div>
        </section>
      ) : null}

      {latest.length ? (
        <section className="section" aria-labelledby="latest-h">
          <div className="section__head">
            <h2 id="latest-h">{t("Latest properties")}</h2>
            <Link to={href("/properties")}>{t("View all")}</Link>
          </div>
          <div className="grid">
            {latest.map((p) => (
              <PropertyCard key={p.id} property={p} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
