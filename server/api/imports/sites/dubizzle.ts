// Dubizzle (the UAE site: dubai.dubizzle.com, abudhabi.dubizzle.com, … and uae.dubizzle.com).
//
// What is parsed, as learned from public scrapers' descriptions of the property page: the page is a
// Next.js app whose <script id="__NEXT_DATA__" type="application/json"> holds the server's redux
// actions in props.pageProps.reduxWrapperActionsGIPP; the one of type
// "listings/detailPropertyRequest/fulfilled" carries the listing as its payload:
//   id, uuid, name { en, ar }, description { en, ar }, price, ad_ops { price_aed, loc },
//   absolute_url { en }, bedrooms (0 = studio), bathrooms, size (square feet), categories
//   [{ slug, name { en } }], breadcrumbs [{ "<name>": "<url>" }], location { lat, lng },
//   property_info / summary [{ id, label { en }, value { en } }] (type, purpose, furnishing,
//   reference …), photos [{ main, thumb }] on dbz-images.dubizzle.com, agent_profile { name { en },
//   agency_name } or agent_name.
// Less certain, and read defensively: the amenity list (accepted as names or { name|label { en } }
// objects) and how the rent period is given (a rent_frequency / rental_period field or a "rent is
// paid" info row); a rent page that states none is taken as yearly, the site's usual period, with a
// note. Search pages carry "listings/fetchListingDataForQuery/fulfilled" instead, and the bot
// protection's "Pardon Our Interruption" page carries no state: both read as "no listing data".

import { assemble, pageHostUrl, pageLanguage, selfUrls } from "./common";
import { dig, isObj, readNextData, type Obj } from "./embedded-state";
import { readPage } from "./html";
import { imageHosts, isListingUrlOf } from "./hosts";
import {
  absoluteUrl,
  emptyDraft,
  localized,
  parseArea,
  parseCount,
  parseNumber,
  parsePrice,
  str,
  type Draft,
} from "./normalise";
import { addressFromLevels, emirateNamed, placesFromLevels } from "./place-levels";
import type { ParseResult } from "./types";

const SITE = "dubizzle" as const;

const EMIRATE_BY_SUBDOMAIN: Record<string, string> = {
  dubai: "Dubai",
  abudhabi: "Abu Dhabi",
  sharjah: "Sharjah",
  ajman: "Ajman",
  rak: "Ras Al Khaimah",
  fujairah: "Fujairah",
  uaq: "Umm Al Quwain",
  alain: "Al Ain",
};

/** The emirate a breadcrumb such as "Apartments for sale in Dubai" ends with, if it names one. */
function emirateOfCrumb(crumb: string | undefined): string | undefined {
  const name = crumb ? /\sin\s+([^,]{2,40})$/i.exec(crumb.trim())?.[1] : undefined;
  return name && emirateNamed(name) ? name : undefined;
}

function detailPayload(next: unknown): Obj | undefined {
  const actions = dig(next, "props", "pageProps", "reduxWrapperActionsGIPP");
  if (!Array.isArray(actions)) return undefined;
  for (const a of actions.slice(0, 1_000)) {
    if (
      isObj(a) &&
      typeof a.type === "string" &&
      a.type.endsWith("detailPropertyRequest/fulfilled") &&
      isObj(a.payload)
    )
      return a.payload;
  }
  return undefined;
}

function typeFromPath(path: string): "sell" | "rent" | undefined {
  if (/\/property-for-sale\//i.test(path)) return "sell";
  if (/\/property-for-rent\//i.test(path)) return "rent";
  return undefined;
}

interface InfoRow {
  id: string;
  label: string;
  value: string;
}

function infoRows(p: Obj): InfoRow[] {
  const rows: InfoRow[] = [];
  for (const key of ["property_info", "summary"]) {
    const list = p[key];
    if (!Array.isArray(list)) continue;
    for (const r of list.slice(0, 100)) {
      if (!isObj(r)) continue;
      const value = localized(r.value, "en", 200);
      if (value)
        rows.push({
          id: str(r.id, 60)?.toLowerCase() ?? "",
          label: localized(r.label, "en", 100)?.toLowerCase() ?? "",
          value,
        });
    }
  }
  return rows;
}

function draftFromPayload(p: Obj, hostUrl: URL | undefined, lang: "en" | "ar"): Draft {
  const d = emptyDraft();
  d.source_id = str(p.id ?? p.uuid, 64);
  const base = hostUrl ? `https://${hostUrl.hostname}/` : "https://uae.dubizzle.com/";
  const own = absoluteUrl(localized(p.absolute_url, lang, 2_000) ?? localized(p.url, lang, 2_000), base);
  if (own) d.urls.push(own.href);

  d.title = localized(p.name, lang, 1_000);
  const desc = isObj(p.description)
    ? (p.description[lang] ?? p.description.en ?? p.description.ar)
    : p.description;
  d.description = typeof desc === "string" ? desc : undefined;
  d.price = parsePrice(p.price) ?? parsePrice(dig(p, "ad_ops", "price_aed"));
  d.currency = str(p.currency, 3) ?? "AED";

  const rows = infoRows(p);
  const row = (test: (r: InfoRow) => boolean) => rows.find(test)?.value;
  const purpose = row((r) => r.id === "purpose" || r.label === "purpose")?.toLowerCase();
  if (purpose && /rent/.test(purpose)) d.property_type = "rent";
  else if (purpose && /sale|sell|buy/.test(purpose)) d.property_type = "sell";
  else {
    const slugs = (Array.isArray(p.categories) ? p.categories : []).map((c) =>
      isObj(c) ? String(c.slug ?? "") : "",
    );
    if (slugs.some((s) => /property-for-rent/.test(s))) d.property_type = "rent";
    else if (slugs.some((s) => /property-for-sale/.test(s))) d.property_type = "sell";
  }
  d.rentPeriod =
    str(p.rent_frequency ?? p.rental_period ?? p.rent_period, 20) ??
    row(
      (r) =>
        ["rent_frequency", "rental_period", "rent_is_paid", "rent_paid"].includes(r.id) ||
        /rent (is )?paid|rental period|rent frequency/.test(r.label),
    );

  const type = row((r) => r.id === "property_type" || r.label === "type" || r.label === "property type");
  if (type) d.categories.push(type);
  const cats = Array.isArray(p.categories) ? p.categories.slice(0, 10).filter(isObj) : [];
  for (const c of [...cats].reverse()) {
    const s = str(c.slug, 60) ?? localized(c.name, "en", 60);
    if (s) d.categories.push(s);
  }

  d.bedrooms =
    parseCount(p.bedrooms) ?? parseCount(row((r) => r.id === "bedrooms" || r.label === "bedrooms"));
  d.bathrooms =
    parseCount(p.bathrooms) ?? parseCount(row((r) => r.id === "bathrooms" || r.label === "bathrooms"));
  d.area = parseArea(p.size, str(p.size_unit, 10) ?? "sqft");

  for (const key of ["amenities", "amenities_v2"]) {
    const list = p[key];
    if (!Array.isArray(list) || d.amenities.length > 0) continue;
    for (const a of list.slice(0, 1_000)) {
      const name = isObj(a)
        ? (localized(a.name, "en", 100) ?? localized(a.label, "en", 100) ?? localized(a.value, "en", 100))
        : str(a, 100);
      if (name) d.amenities.push(name);
    }
  }

  // Place: the emirate from the site's subdomain (or the breadcrumb "… for sale in <emirate>"), the
  // community and building from the breadcrumbs ([root, "<kind> for <purpose> in <emirate>",
  // community, …, building]) or the location list ([emirate, community, …]).
  const sub = hostUrl?.hostname.split(".")[0] ?? "";
  const crumbs = (Array.isArray(p.breadcrumbs) ? p.breadcrumbs.slice(0, 12) : []).map((c) =>
    isObj(c) ? Object.keys(c)[0] : undefined,
  );
  const places = crumbs
    .slice(2)
    .filter((k): k is string => typeof k === "string" && k.trim() !== "" && k.length < 120);
  const listNames = dig(p, "location_list", "en");
  const names = Array.isArray(listNames)
    ? listNames.map((x) => str(x, 120)).filter((x): x is string => !!x)
    : [];
  const emirate = EMIRATE_BY_SUBDOMAIN[sub] ?? names[0] ?? emirateOfCrumb(crumbs[1]);
  const below = (places.length > 0 ? places : names.slice(1)).map((name) => ({ name }));
  const levels = emirate ? [{ name: emirate }, ...below] : below;
  const placed = emirate ? placesFromLevels(levels, "United Arab Emirates") : { community: below[0]?.name };
  Object.assign(d.location, placed);
  d.location.address = addressFromLevels(levels, placed) ?? str(dig(p, "ad_ops", "loc"), 300);
  d.location.country = "United Arab Emirates";
  const loc = isObj(p.location) ? p.location : undefined;
  if (loc) {
    const lat = parseNumber(loc.lat);
    const lng = parseNumber(loc.lng ?? loc.lon);
    if (lat !== undefined) d.location.latitude = lat;
    if (lng !== undefined) d.location.longitude = lng;
  }

  const photos = Array.isArray(p.photos) ? p.photos.slice(0, 1_000) : [];
  for (const ph of photos) {
    const u =
      typeof ph === "string" ? ph : isObj(ph) ? (ph.main ?? ph.full ?? ph.url ?? ph.thumb) : undefined;
    if (typeof u === "string") d.photos.push(u);
  }
  if (d.photos.length === 0 && typeof p.primary_photo === "string") d.photos.push(p.primary_photo);

  d.reference = row((r) => /reference/.test(r.id) || /reference/.test(r.label));
  const profile = isObj(p.agent_profile) ? p.agent_profile : undefined;
  const agent = localized(profile?.name, "en", 120) ?? str(p.agent_name, 120);
  const company = str(profile?.agency_name, 160) ?? localized(dig(p, "agency", "name"), "en", 160);
  if (agent || company) d.agent = { name: agent, company };

  const furnished = row((r) => r.id === "furnished" || r.label === "furnishing")?.toLowerCase();
  if (furnished && /^(furnished|yes)$/.test(furnished))
    d.notes.push("The listing says it is furnished; furnishing is not carried over");
  return d;
}

export function parseDubizzle(html: string, pageUrl?: string): ParseResult {
  const doc = readPage(html);
  const hostUrl = pageHostUrl(SITE, doc, pageUrl);
  const payload = detailPayload(readNextData(doc));
  const state = payload ? draftFromPayload(payload, hostUrl, pageLanguage(doc, hostUrl)) : undefined;
  return assemble(
    doc,
    html,
    { state, urls: selfUrls(doc, hostUrl?.href) },
    {
      site: SITE,
      rules: { isListingUrl: (u) => isListingUrlOf(SITE, u), imageHosts: imageHosts(SITE) },
      pageUrl,
      hostUrl,
      typeFromPath,
      // Without the app state the address's last segment (e.g. "sea-view-2br-…-2-581") stands in
      // for the id; it is stable for the listing, but differs from the numeric id the state gives.
      idFromUrl: (u) => u.pathname.split("/").filter(Boolean).pop(),
      defaultCurrency: "AED",
      defaultCountry: "United Arab Emirates",
      defaultRentPeriod: {
        period: "yearly",
        note: "The page does not say how often rent is paid; yearly (the site's usual period) is assumed: check it",
      },
    },
  );
}
