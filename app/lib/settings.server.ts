import { api, apiData } from "./api.server";
import { forgetHere, memo } from "~server/memo.server";
import { isLocale, type Locale } from "./i18n";
import { CACHE_FRESH_MS as FRESH_MS } from "./constants";

/**
 * The public settings every page needs. Each web process keeps them for CACHE_FRESH_MS (10 minutes)
 * unless they change first: a change to the tables they are read from (settings, languages,
 * categories…), whoever made it and through whichever process, tells every process on the database
 * to drop what is kept under `public:` (migration 0030), and the console's save forgets them too.
 */
export function getSiteSettings() {
  const read = memo("public:web-settings", FRESH_MS, async () => {
    const [res, langs] = await Promise.all([api("web-settings", {}), apiData("get_languages", {})]);
    const d = res.data;
    const rows = Array.isArray(langs.data) ? langs.data : [langs.data];
    return {
      // The languages the admin has switched on that this site also has translations for.
      languages: rows.filter((l) => isLocale(l.code)).map((l) => ({ code: l.code as Locale, name: l.name })),
      svg_clr: String(d.svg_clr),
      web_placeholder_logo: String(d.web_placeholder_logo),
      currency_symbol: String(d.currency_symbol),
      currency_code: String(d.selected_currency_data.code),
      number_with_suffix: Boolean(d.number_with_suffix),
      company_name: String(d.company_name),
    };
  });
  return orLastKnown("web-settings", read);
}

const lastKnown = new Map<string, unknown>();

/**
 * What was last read under `key`, when reading it again fails because the database is away
 * (a 503 from the API: decision 041). Every page needs the settings: with the last copy a page whose
 * own data cannot be read still shows its language, header and footer around the "try again in a
 * moment" message, and a page whose data is kept still shows.
 */
function orLastKnown<T>(key: string, read: Promise<T>): Promise<T> {
  return read.then(
    (value) => {
      lastKnown.set(key, value);
      return value;
    },
    (error: unknown) => {
      if (error instanceof Response && error.status === 503 && lastKnown.has(key))
        return lastKnown.get(key) as T;
      throw error;
    },
  );
}

/**
 * After an admin's change to settings or languages: the next page of this process loads them
 * afresh. Only this process's copy: the API's tables tell every process on the database (migration
 * 0030), but their notice may arrive after the admin's next page.
 */
export function forgetSiteSettings(): Promise<void> {
  forgetHere("public:web-settings");
  return Promise.resolve();
}

/** The same after a change to categories, their details or facilities: the filter panels load afresh. */
export function forgetFilterData() {
  forgetHere("public:filters:");
}

/** Categories (id and name in the page's language) for filter panels. */
export async function getCategoryOptions(locale: string) {
  return (await getFilterData(locale)).categories;
}

/** What the filter panel offers: categories, parameter ids by key, facilities and cities. */
export function getFilterData(locale: string) {
  return memo(`public:filters:${locale}`, FRESH_MS, async () => {
    const opts = { locale };
    const [categories, facilities, cities] = await Promise.all([
      apiData("get_categories", { limit: 100 }, opts),
      apiData("get-facilities-for-filter", {}, opts),
      apiData("get-cities-data", {}, opts),
    ]);
    const parameterIds: Record<string, number> = {};
    for (const c of categories.data) for (const p of c.parameter_types) parameterIds[p.key] = p.id;
    return {
      categories: categories.data.map((c) => ({ id: c.id, name: c.category })),
      parameterIds,
      facilities: facilities.data.slice(0, 8).map((f) => ({ id: f.id, name: f.name, icon: f.image })),
      cities: cities.data.map((c) => c.city),
      cityCentres: cities.data
        .filter((c) => c.latitude != null && c.longitude != null)
        .map((c) => ({ city: c.city, lat: c.latitude!, lng: c.longitude! })),
    };
  });
}
