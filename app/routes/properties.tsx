import { Suspense } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "~/lib/translate";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/properties";
import type { HydrationHandle } from "~/root";
import { api } from "~/lib/api.server";
import { getFilterData } from "~/lib/settings.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { PropertyCard } from "~/modules/listings/property/property-card";
import { Pagination } from "~/components/pagination";
import { PAGE_SIZE } from "~/lib/constants";
import { publicCacheHeaders } from "~/lib/cache";
import { listQueryFromSearch, mapQueryOf, FILTER_KEYS } from "~/modules/listings/property/list-query";
import { MapSearch, useHydrated } from "~/components/map/lazy";
import { parseBbox, type Box } from "~/components/map/bbox";
import { toCard } from "~/modules/listings/property/card";
import { EXACT_COUNT_UP_TO } from "~server/api/listings/property/contract";
import { useRoot } from "~/lib/use-root";
import { getViewer } from "~/lib/session.server";
import { readPosition } from "~/modules/location/position.server";
import { nearFilters, savedPlacesOf, withoutOrigin } from "~/modules/location/near.server";
import { NearMe } from "~/modules/location/near-me";
import { SaveSearch } from "~/modules/saved-searches/save-search";
import { CategorySelect, CityField, NoResults, SearchField, SearchPage } from "~/modules/listings/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const url = new URL(request.url);
  const filterData = await getFilterData(locale);
  const { query, page } = listQueryFromSearch(url.searchParams, PAGE_SIZE, filterData.parameterIds);
  // Where distances are measured from (decision 026): a saved place chosen in the filters, else the
  // position kept by "Near me". Within N km (or minutes, as an estimate) keeps to a circle around it.
  const [position, viewer] = await Promise.all([readPosition(request), getViewer(request)]);
  const places = viewer ? await savedPlacesOf(request, locale) : [];
  const near = nearFilters(url.searchParams, position, places);
  Object.assign(query, near.query);
  // Nearest first without a position: the newest, with a word on how to give one.
  const noOrigin =
    (query.sort === "nearest" && near.query.near_lat === undefined) || near.withinWithoutOrigin;
  if (noOrigin) delete query.sort;
  const list = await api("get_property", query, { request, locale });
  const t = getI18n(context).t;
  const view = url.searchParams.get("view") === "map" ? "map" : "list";
  return {
    view,
    // What the map needs, only when it is shown: the filters as get-map-clusters takes them and where to open.
    map:
      view === "map"
        ? {
            query: mapQueryOf(near.query.within_km !== undefined ? query : withoutOrigin(query)),
            start: mapStart(
              parseBbox(url.searchParams.get("bbox")),
              url.searchParams.get("city"),
              filterData.cityCentres,
            ),
          }
        : null,
    title: t("Properties for sale and rent"),
    description: t("Homes, apartments, villas, offices and land for sale and rent."),
    filters: Object.fromEntries(FILTER_KEYS.map((k) => [k, url.searchParams.get(k) ?? ""])) as Record<
      (typeof FILTER_KEYS)[number],
      string
    >,
    // A bad filter (say, a max below the min) keeps the page up and says what is wrong.
    errors: list.error ? (list.errors ?? { _form: [list.message] }) : null,
    properties: list.error ? [] : list.data.map(toCard),
    total: list.total ?? 0,
    offset: (page - 1) * PAGE_SIZE,
    page,
    categories: filterData.categories,
    // Checkboxes show a facility's name (its icon is for other pages).
    facilities: filterData.facilities.map((f) => ({ id: f.id, name: f.name })),
    cities: filterData.cities,
    selectedFacilities: url.searchParams.getAll("facility"),
    near: {
      known: position !== null,
      noOrigin,
      places: places.map((p) => ({ id: p.id, name: p.name })),
      ...near.form,
      origin: near.originName,
    },
  };
}

export const headers = publicCacheHeaders;

// The map view is nothing without JavaScript: hydrate as soon as it arrives.
// So is "Near me" pressed before the script ran (locate=1): the script asks the browser at once.
export const handle: HydrationHandle = {
  hydrateNow: (url) => url.searchParams.get("view") === "map" || url.searchParams.get("locate") === "1",
};

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data ? `${data.title} (${data.total})` : "Properties",
    description: data?.description,
    keepParams: ["category_id", "property_type", "city", "page"],
    // Free-text searches and price ranges are endless variations of one page: keep them out of indexes.
    noindex: /[?&](search|min_price|max_price|sort|bbox|view)=/.test(location.search),
  });
}

export default function Properties({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const {
    filters,
    properties,
    total,
    offset,
    categories,
    errors,
    facilities,
    cities,
    selectedFacilities,
    view,
    map,
    near,
  } = loaderData;
  const location = useLocation();
  // The same page with one parameter changed: the view switch and "search everywhere" keep every filter.
  const withParam = (key: string, value: string | null) => {
    const qs = new URLSearchParams(location.search);
    if (value === null) qs.delete(key);
    else qs.set(key, value);
    if (key !== "view") qs.delete("page");
    const s = qs.toString();
    return `${location.pathname}${s ? `?${s}` : ""}`;
  };
  const more = Boolean(
    filters.min_beds || filters.min_baths || filters.rentduration || selectedFacilities.length || near.within,
  );
  return (
    <SearchPage
      path="/properties"
      heading={t("Properties for sale and rent")}
      fields={
        <>
          {/* Filters keep the view and the map's area. */}
          {view === "map" ? <input type="hidden" name="view" value="map" /> : null}
          {filters.bbox ? <input type="hidden" name="bbox" value={filters.bbox} readOnly /> : null}
          <SearchField
            id="f-search"
            value={filters.search}
            placeholder={t("City, neighbourhood or keyword")}
          />
          <CategorySelect id="f-category" value={filters.category_id} categories={categories} />
          <fieldset className="field segmented">
            <legend>{t("Buy or rent")}</legend>
            {[
              ["", t("Any")],
              ["sell", t("Buy")],
              ["rent", t("Rent")],
            ].map(([value, label]) => (
              <label key={value}>
                <input
                  type="radio"
                  name="property_type"
                  value={value}
                  defaultChecked={filters.property_type === value}
                />{" "}
                {label}
              </label>
            ))}
          </fieldset>
          <div className="field-row">
            <div className="field">
              <label htmlFor="f-min">{t("Min price")}</label>
              <input
                id="f-min"
                type="number"
                inputMode="numeric"
                min="0"
                step="any"
                name="min_price"
                defaultValue={filters.min_price}
              />
            </div>
            <div className="field" data-invalid={errors?.max_price ? true : undefined}>
              <label htmlFor="f-max">{t("Max price")}</label>
              <input
                id="f-max"
                type="number"
                inputMode="numeric"
                min="0"
                step="any"
                name="max_price"
                defaultValue={filters.max_price}
                aria-describedby={errors?.max_price ? "f-max-err" : undefined}
              />
              {errors?.max_price ? (
                <p id="f-max-err" className="field__errors">
                  {t(errors.max_price[0]!)}
                </p>
              ) : null}
            </div>
          </div>
          <CityField id="f-city" value={filters.city} cities={cities} />
          <div className="field-row">
            <AtLeast
              id="f-beds"
              name="min_beds"
              label={t("Bedrooms")}
              anyLabel={t("Any")}
              max={5}
              value={filters.min_beds}
            />
            <AtLeast
              id="f-baths"
              name="min_baths"
              label={t("Bathrooms")}
              anyLabel={t("Any")}
              max={4}
              value={filters.min_baths}
            />
          </div>
          <details className="filters__more" open={more}>
            <summary>{t("More filters")}</summary>
            <div className="field">
              <label htmlFor="f-rent">{t("Rent period")}</label>
              <select id="f-rent" name="rentduration" defaultValue={filters.rentduration}>
                <option value="">{t("Any")}</option>
                {(["daily", "monthly", "quarterly", "yearly"] as const).map((d) => (
                  <option key={d} value={d}>
                    {t(`rent_${d}`)}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="field within">
              <legend>{t("Within")}</legend>
              <div className="field-row">
                <div className="field">
                  <label htmlFor="f-within">{t("Distance or time")}</label>
                  <input
                    id="f-within"
                    type="number"
                    inputMode="numeric"
                    min="1"
                    max="500"
                    step="any"
                    name="within"
                    defaultValue={near.within}
                  />
                </div>
                <div className="field">
                  <label htmlFor="f-within-unit">{t("Unit")}</label>
                  <select id="f-within-unit" name="within_unit" defaultValue={near.unit}>
                    <option value="km">{t("km")}</option>
                    <option value="min">{t("minutes by car (about)")}</option>
                  </select>
                </div>
              </div>
              <div className="field">
                <label htmlFor="f-place">{t("Of")}</label>
                <select id="f-place" name="place" defaultValue={near.place}>
                  <option value="">
                    {near.known ? t("My position") : t("My position (press Near me first)")}
                  </option>
                  {near.places.map((p) => (
                    <option key={p.id} value={p.id}>
                      {t(p.name)}
                    </option>
                  ))}
                </select>
              </div>
              {errors?.near_lat || near.noOrigin ? (
                <p className="field__errors">
                  {t("Press Near me, or choose a saved place, to search by distance.")}
                </p>
              ) : null}
            </fieldset>
            <fieldset className="field checks">
              <legend>{t("Near")}</legend>
              {facilities.map((f) => (
                <label key={f.id}>
                  <input
                    type="checkbox"
                    name="facility"
                    value={f.id}
                    defaultChecked={selectedFacilities.includes(String(f.id))}
                  />{" "}
                  {f.name}
                </label>
              ))}
            </fieldset>
          </details>
          <label className="field field--check">
            <input type="checkbox" name="with_tour" value="1" defaultChecked={filters.with_tour === "1"} />{" "}
            {t("With a 3D tour")}
          </label>
          <div className="field">
            <label htmlFor="f-sort">{t("Sort by")}</label>
            <select id="f-sort" name="sort" defaultValue={filters.sort}>
              <option value="">{t("Newest")}</option>
              <option value="price_asc">{t("Price: low to high")}</option>
              <option value="price_desc">{t("Price: high to low")}</option>
              <option value="most_viewed">{t("Most viewed")}</option>
              <option value="nearest">{t("Nearest first")}</option>
            </select>
          </div>
        </>
      }
      count={
        total > EXACT_COUNT_UP_TO
          ? t("About {{count}} properties found", {
              count: new Intl.NumberFormat(locale === "ar" ? "ar-AE" : "en-US").format(total),
            })
          : t("{{count}} properties found", { count: total })
      }
      tools={
        <>
          <NearMe known={near.known} />
          <nav className="view-switch" aria-label={t("View")}>
            <Link
              to={withParam("view", null)}
              aria-current={view === "list" ? "page" : undefined}
              preventScrollReset
            >
              {t("List")}
            </Link>
            <Link
              to={withParam("view", "map")}
              aria-current={view === "map" ? "page" : undefined}
              preventScrollReset
            >
              {t("Map")}
            </Link>
          </nav>
        </>
      }
    >
      <SaveSearch />
      {errors?._form ? <p className="form-error">{t(errors._form[0]!)}</p> : null}
      {near.noOrigin || errors?.near_lat ? (
        <p className="form-error">{t("Press Near me, or choose a saved place, to search by distance.")}</p>
      ) : null}
      {near.origin && (filters.sort === "nearest" || near.within) ? (
        <p className="results__area">
          {near.within
            ? near.unit === "min"
              ? t("Within about {{n}} minutes by car of {{place}}.", {
                  n: near.within,
                  place: near.origin === "position" ? t("your position") : t(near.origin),
                })
              : t("Within {{n}} km of {{place}}.", {
                  n: near.within,
                  place: near.origin === "position" ? t("your position") : t(near.origin),
                })
            : t("Nearest to {{place}} first.", {
                place: near.origin === "position" ? t("your position") : t(near.origin),
              })}
        </p>
      ) : null}
      {errors?.bbox ? (
        <p className="form-error">
          {t("The map area in this link is not valid.")}{" "}
          <Link to={withParam("bbox", null)}>{t("Search everywhere")}</Link>
        </p>
      ) : null}
      {filters.bbox && !errors?.bbox && view === "list" ? (
        <p className="results__area">
          {t("Only properties in the map area you chose.")}{" "}
          <Link to={withParam("bbox", null)}>{t("Search everywhere")}</Link>
        </p>
      ) : null}
      {map ? <MapPanel query={map.query} start={map.start} /> : null}
      {properties.length ? (
        <>
          {/* Keeps the outline h1 → h2 → h3 (cards) for screen-reader navigation. */}
          <h2 className="visually-hidden">{t("Results")}</h2>
          <div className="grid">
            {properties.map((p, i) => (
              <PropertyCard key={p.id} property={p} eager={i === 0} />
            ))}
          </div>
        </>
      ) : (
        <NoResults
          path="/properties"
          heading={t("No properties match your search")}
          hint={t("Try removing a filter, widening the price range or searching a nearby city.")}
          showAll={t("Show all properties")}
        />
      )}
      <Pagination
        total={total}
        offset={offset}
        limit={PAGE_SIZE}
        estimated={total > EXACT_COUNT_UP_TO}
        full={properties.length === PAGE_SIZE}
      />
    </SearchPage>
  );
}

/**
 * Where the map opens: the area in the URL; else the chosen city; else every city with listings.
 * West > east (across the antimeridian) is kept as it is.
 */
function mapStart(
  bbox: Box | null,
  city: string | null,
  centres: { city: string; lat: number; lng: number }[],
): Box {
  if (bbox) return bbox;
  const here = centres.filter((c) => !city || c.city.toLowerCase() === city.trim().toLowerCase());
  const list = here.length ? here : centres;
  if (!list.length) return [-180, -60, 180, 75];
  const pad = 0.15;
  const lngs = list.map((c) => c.lng);
  const lats = list.map((c) => c.lat);
  return [Math.min(...lngs) - pad, Math.min(...lats) - pad, Math.max(...lngs) + pad, Math.max(...lats) + pad];
}

/**
 * The map above the list. The page works without it: with JavaScript off, a note says the map
 * needs it and the list below shows the same properties. MapLibre loads only here, on demand.
 */
function MapPanel({ query, start }: { query: string; start: Box }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [searchParams, setSearchParams] = useSearchParams();
  const area = searchParams.get("bbox");
  const moved = (bbox: string) =>
    // Replace, not push: a pan is not a page Back should step through.
    setSearchParams(
      (qs) => {
        qs.set("bbox", bbox);
        qs.delete("page");
        return qs;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <section className="map-panel" aria-label={t("Map of the properties")}>
      {/* Until the page runs (never, without JavaScript) the panel says why there is no map; CSS hides the note in browsers that run scripts. */}
      {hydrated ? null : (
        <p className="map-panel__note map-panel__note--static">
          {t("The map needs JavaScript. The list below shows the same properties.")}
        </p>
      )}
      {/* Every marker is a button: keyboard users may skip them all to reach the list. */}
      {hydrated ? (
        <a href="#after-map" className="map-panel__skip">
          {t("Skip the map")}
        </a>
      ) : null}
      <div className="map-panel__frame">
        {hydrated ? (
          <Suspense fallback={<p className="map-panel__loading">{t("Loading the map…")}</p>}>
            <MapSearch query={query} start={start} area={area} onBoxChange={moved} />
          </Suspense>
        ) : null}
      </div>
      <span id="after-map" tabIndex={-1} />
    </section>
  );
}

/** "Any, 1+, 2+ …": a minimum for a countable feature. */
function AtLeast({
  id,
  name,
  label,
  anyLabel,
  max,
  value,
}: {
  id: string;
  name: string;
  label: string;
  anyLabel: string;
  max: number;
  value: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">{anyLabel}</option>
        {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>{`${n}+`}</option>
        ))}
      </select>
    </div>
  );
}
