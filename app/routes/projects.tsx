import type { Route } from "./+types/projects";
import { pageMeta, rootData } from "~/lib/seo";
import { api } from "~/lib/api.server";
import { getFilterData } from "~/lib/settings.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/translate";
import { ProjectCard } from "~/modules/listings/project/project-card";
import { Pagination } from "~/components/pagination";
import { PAGE_SIZE, pageFromSearch } from "~/lib/constants";
import { publicCacheHeaders } from "~/lib/cache";
import { PROJECT_TYPE_LABEL, projectPath, toProjectCard } from "~/modules/listings/project/card";
import { PROJECT_TYPES } from "~server/api/listings/project/schema";
import { CategorySelect, CityField, NoResults, SearchField, SearchPage } from "~/modules/listings/search";

const FILTERS = ["search", "city", "type", "category_id"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const url = new URL(request.url);
  const page = pageFromSearch(url.searchParams);
  const filters = Object.fromEntries(
    FILTERS.map((k) => [k, url.searchParams.get(k)?.trim() ?? ""]),
  ) as Filters;
  // Empty values never reach the API (the client drops them); a wrong type is the API's to refuse.
  const query = {
    ...filters,
    type: filters.type as (typeof PROJECT_TYPES)[number],
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const [first, filterData] = await Promise.all([
    api("get-projects", query, { request, locale }),
    getFilterData(locale),
  ]);
  let list = first;
  // A filter we cannot use (a hand-edited URL) is left out rather than emptying the page.
  const ignored =
    first.error && first.errors
      ? Object.keys(first.errors).filter((k) => (FILTERS as readonly string[]).includes(k))
      : [];
  if (ignored.length)
    list = await api(
      "get-projects",
      { ...query, ...Object.fromEntries(ignored.map((k) => [k, undefined])) },
      { request, locale },
    );
  const t = getI18n(context).t;
  return {
    title: t("New projects and developments"),
    description: t(
      "Off-plan and upcoming developments from trusted developers, with floor plans and brochures.",
    ),
    filters: { ...filters, ...Object.fromEntries(ignored.map((k) => [k, ""])) } as Filters,
    ignored: ignored.length > 0,
    error: list.error ? list.message : null,
    projects: list.error ? [] : list.data.map(toProjectCard),
    total: list.error ? 0 : (list.total ?? 0),
    offset: (page - 1) * PAGE_SIZE,
    categories: filterData.categories,
    cities: filterData.cities,
  };
}

export const headers = publicCacheHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  const root = rootData(matches);
  const origin = root?.origin ?? "";
  return pageMeta(root, location, {
    title: data ? `${data.title} (${data.total})` : "Projects",
    description: data?.description,
    keepParams: ["type", "city", "category_id", "page"],
    // Free-text searches are endless variations of one page: keep them out of indexes.
    noindex: /[?&]search=/.test(location.search),
    jsonLd: data
      ? {
          "@context": "https://schema.org",
          "@type": "ItemList",
          name: data.title,
          numberOfItems: data.total,
          itemListElement: data.projects.map((p, i) => ({
            "@type": "ListItem",
            position: data.offset + i + 1,
            url: origin + projectPath(p.slug_id),
            name: p.title,
          })),
        }
      : undefined,
  });
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { filters, projects, total, offset, categories, cities, ignored, error } = loaderData;
  return (
    <SearchPage
      path="/projects"
      heading={t("New projects and developments")}
      fields={
        <>
          <SearchField
            id="p-search"
            value={filters.search}
            placeholder={t("Project, area or keyword")}
            maxLength={200}
          />
          <CityField id="p-city" value={filters.city} cities={cities} maxLength={120} />
          <fieldset className="field segmented">
            <legend>{t("Project status")}</legend>
            {(["", ...PROJECT_TYPES] as const).map((value) => (
              <label key={value}>
                <input type="radio" name="type" value={value} defaultChecked={filters.type === value} />{" "}
                {value ? t(PROJECT_TYPE_LABEL[value]) : t("Any")}
              </label>
            ))}
          </fieldset>
          <CategorySelect id="p-category" value={filters.category_id} categories={categories} />
        </>
      }
      count={t("{{count}} projects found", { count: total })}
    >
      {ignored ? (
        <p className="notice">{t("Some filters in the address were not valid and were left out.")}</p>
      ) : null}
      {error ? <p className="form-error">{t(error)}</p> : null}
      {projects.length ? (
        <div className="grid">
          {projects.map((p, i) => (
            <ProjectCard key={p.id} project={p} eager={i === 0} />
          ))}
        </div>
      ) : (
        <NoResults
          path="/projects"
          heading={t("No projects match your search")}
          hint={t("Try removing a filter or searching a nearby city.")}
          showAll={t("Show all projects")}
        />
      )}
      <Pagination total={total} offset={offset} limit={PAGE_SIZE} />
    </SearchPage>
  );
}
