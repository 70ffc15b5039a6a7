import { Form } from "react-router";
import type { Route } from "./+types/developers";
import { pageMeta, rootData } from "~/lib/seo";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/translate";
import { DeveloperCard } from "~/modules/listings/project/developer-card";
import { developerPath } from "~/modules/listings/project/card";
import { Pagination } from "~/components/pagination";
import { PAGE_SIZE, pageFromSearch } from "~/lib/constants";
import { publicCacheHeaders } from "~/lib/cache";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageFromSearch(url.searchParams);
  // Longer than the API takes is no name anyone has: cut rather than refuse.
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 100);
  const res = await api(
    "developer-list",
    { search: search || undefined, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
    { request, locale: getLocale(context) },
  );
  const t = getI18n(context).t;
  return {
    title: t("Property developers"),
    description: t("Developers building new homes and offices, with their current and upcoming projects."),
    search,
    developers: res.error ? [] : res.data,
    total: res.error ? 0 : (res.total ?? 0),
    offset: (page - 1) * PAGE_SIZE,
    error: res.error ? res.message : null,
  };
}

export const headers = publicCacheHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  const root = rootData(matches);
  const origin = root?.origin ?? "";
  return pageMeta(root, location, {
    title: data?.title ?? "Developers",
    description: data?.description,
    keepParams: ["page"],
    noindex: /[?&]search=/.test(location.search),
    jsonLd: data
      ? {
          "@context": "https://schema.org",
          "@type": "ItemList",
          name: data.title,
          numberOfItems: data.total,
          itemListElement: data.developers.map((d, i) => ({
            "@type": "ListItem",
            position: data.offset + i + 1,
            item: { "@type": "Organization", name: d.name, url: origin + developerPath(d) },
          })),
        }
      : undefined,
  });
}

export default function Developers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { developers, total, offset, search, error } = loaderData;
  return (
    <section>
      <h1>{t("Property developers")}</h1>
      <Form method="get" className="inline-search" role="search">
        <label className="visually-hidden" htmlFor="developer-search">
          {t("Search developers")}
        </label>
        <input
          id="developer-search"
          type="search"
          name="search"
          defaultValue={search}
          placeholder={t("Name or city")}
          maxLength={100}
        />
        <button type="submit" className="button">
          {t("Search")}
        </button>
      </Form>
      <p className="results__count" role="status">
        {t("{{count}} developers", { count: total })}
      </p>
      {error ? <p className="form-error">{t(error)}</p> : null}
      {developers.length ? (
        <div className="agents-grid">
          {developers.map((d) => (
            <DeveloperCard key={d.id} developer={d} />
          ))}
        </div>
      ) : (
        <div className="empty-state">
          <h2>{t("No developers match your search")}</h2>
        </div>
      )}
      <Pagination total={total} offset={offset} limit={PAGE_SIZE} />
    </section>
  );
}
