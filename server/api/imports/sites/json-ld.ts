// Schema.org data (<script type="application/ld+json">) and Open Graph tags as a fallback source
// when a page's own app state is missing or unreadable. Listing pages describe the offer as a
// RealEstateListing, Product or Offer (price in offers / priceSpecification, rent period in
// unitText or unitCode) and the home as a Residence / Apartment / SingleFamilyResidence / House
// (rooms, floorSize, address, geo), sometimes one inside the other (mainEntity, about,
// itemOffered), sometimes side by side in an @graph. Result pages list items in an ItemList: those
// are deliberately not descended into, so a search page never reads as one listing.

import { dig, isObj, safeJsonParse, type Obj } from "./embedded-state";
import { metaContent, type PageDoc } from "./html";
import {
  areaUnit,
  emptyDraft,
  localized,
  parseCoordinates,
  parseCount,
  parseNumber,
  parsePrice,
  str,
  type Draft,
} from "./normalise";
import { placesFromLevels } from "./place-levels";

const OFFER_TYPES = new Set(["realestatelisting", "product", "offer", "aggregateoffer", "individualproduct"]);
const HOME_TYPES = new Set([
  "residence",
  "apartment",
  "singlefamilyresidence",
  "house",
  "accommodation",
  "apartmentcomplex",
  "gatedresidencecommunity",
  "room",
  "suite",
  "hotelroom",
  "place",
  "landform",
]);
const MAX_NODES = 200;

function typesOf(node: Obj): string[] {
  const t = node["@type"];
  const list = Array.isArray(t) ? t : [t];
  return list
    .filter((x): x is string => typeof x === "string")
    .map((x) => x.toLowerCase().replace(/^.*[/#]/, ""));
}

/** All JSON-LD nodes of the page: top-level objects, array items and @graph members (not list items). */
export function readJsonLd(doc: PageDoc): Obj[] {
  const nodes: Obj[] = [];
  const push = (v: unknown, depth: number) => {
    if (nodes.length >= MAX_NODES || depth > 4) return;
    if (Array.isArray(v)) {
      for (const x of v.slice(0, MAX_NODES)) push(x, depth + 1);
    } else if (isObj(v)) {
      if (Array.isArray(v["@graph"])) push(v["@graph"], depth + 1);
      if (v["@type"] !== undefined) nodes.push(v);
    }
  };
  for (const s of doc.scripts) {
    if (s.attrs.get("type")?.toLowerCase().trim() !== "application/ld+json") continue;
    push(safeJsonParse(s.content.trim(), 2_000_000), 0);
  }
  return nodes;
}

/** The listing's nodes: offer-like nodes and home-like nodes, with those nested one level inside them. */
function listingNodes(nodes: Obj[]): { offers: Obj[]; homes: Obj[] } {
  const offers: Obj[] = [];
  const homes: Obj[] = [];
  const visit = (n: Obj, depth: number) => {
    if (depth > 3) return;
    const types = typesOf(n);
    // A results list, or anything that carries one, is never a listing.
    if (
      types.some((t) => t === "itemlist" || t === "searchresultspage" || t === "collectionpage") ||
      n.itemListElement !== undefined
    )
      return;
    if (types.some((t) => OFFER_TYPES.has(t))) offers.push(n);
    else if (types.some((t) => HOME_TYPES.has(t))) homes.push(n);
    for (const key of ["mainEntity", "about", "itemOffered", "offers"]) {
      const inner = n[key];
      for (const x of Array.isArray(inner) ? inner.slice(0, 5) : [inner])
        if (isObj(x) && x["@type"] !== undefined) visit(x, depth + 1);
    }
  };
  for (const n of nodes) visit(n, 0);
  return { offers, homes };
}

function first<T>(...vals: (T | undefined)[]): T | undefined {
  return vals.find((v) => v !== undefined);
}

function imagesOf(v: unknown): string[] {
  const out: string[] = [];
  for (const x of (Array.isArray(v) ? v : [v]).slice(0, 100)) {
    if (typeof x === "string") out.push(x);
    else if (isObj(x)) {
      const u = x.contentUrl ?? x.url;
      if (typeof u === "string") out.push(u);
    }
  }
  return out;
}

/** A draft from the page's JSON-LD, or undefined when it describes no listing. */
export function draftFromJsonLd(doc: PageDoc): Draft | undefined {
  const { offers, homes } = listingNodes(readJsonLd(doc));
  if (offers.length === 0 && homes.length === 0) return undefined;
  const d = emptyDraft();
  const all = [...offers, ...homes];

  for (const n of all) {
    d.title ??= str(n.name, 600);
    d.description ??= typeof n.description === "string" ? n.description : undefined;
    for (const key of ["url", "@id"]) if (typeof n[key] === "string") d.urls.push(n[key] as string);
    d.photos.push(...imagesOf(n.image ?? n.photo));
    d.source_id ??= str(n.sku ?? n.productID ?? n.identifier, 64);
  }

  // The offer: price, currency, and for rent the period it is paid per.
  for (const n of all) {
    const offerList = Array.isArray(n.offers)
      ? n.offers
      : [n.offers ?? (typesOf(n).includes("offer") ? n : undefined)];
    for (const o of offerList.slice(0, 5)) {
      if (!isObj(o)) continue;
      const spec = Array.isArray(o.priceSpecification) ? o.priceSpecification[0] : o.priceSpecification;
      const price = parsePrice(first(dig(spec, "price"), o.price, o.lowPrice));
      if (price !== undefined && d.price === undefined) {
        d.price = price;
        d.currency = str(first(dig(spec, "priceCurrency"), o.priceCurrency), 3);
        const unit = str(
          first(dig(spec, "unitText"), dig(spec, "unitCode"), dig(spec, "billingDuration")),
          40,
        );
        if (unit) {
          d.rentPeriod = unit;
          d.property_type = "rent";
        }
        const fn = str(o.businessFunction, 200)?.toLowerCase() ?? "";
        if (/leaseout|lease|rent/.test(fn)) d.property_type = "rent";
        else if (/sell/.test(fn)) d.property_type ??= "sell";
      }
    }
  }

  for (const n of all) {
    const types = typesOf(n);
    // Only the schema types that name a kind of home; "Residence" or "Place" say nothing about it.
    for (const t of types)
      if (t === "apartment" || t === "singlefamilyresidence" || t === "house") d.categories.push(t);
    d.bedrooms ??= parseCount(n.numberOfBedrooms ?? n.numberOfRooms);
    d.bathrooms ??= parseCount(n.numberOfBathroomsTotal ?? n.numberOfFullBathrooms);
    const fs = isObj(n.floorSize) ? n.floorSize : undefined;
    if (!d.area && fs) {
      const value = parseNumber(fs.value);
      const unit = areaUnit(fs.unitCode) ?? areaUnit(fs.unitText);
      if (value !== undefined && unit) d.area = { value, unit };
    }
    const addr = n.address;
    if (isObj(addr)) {
      d.location.address ??= str(addr.streetAddress, 300);
      d.location.country ??= localized(
        isObj(addr.addressCountry) ? (addr.addressCountry as Obj).name : addr.addressCountry,
        "en",
        120,
      );
      // addressRegion is the emirate, governorate or region, addressLocality the place below it
      // (a city where the region is a governorate, a community where it is an emirate).
      if (d.location.city === undefined) {
        const levels = [str(addr.addressRegion, 120), str(addr.addressLocality, 120)]
          .filter((name, i, all): name is string => !!name && all.indexOf(name) === i)
          .map((name) => ({ name }));
        Object.assign(d.location, placesFromLevels(levels, d.location.country));
      }
    } else if (typeof addr === "string") d.location.address ??= str(addr, 300);
    const geo = isObj(n.geo) ? n.geo : undefined;
    if (geo && d.location.latitude === undefined) {
      const c = parseCoordinates(geo.latitude, geo.longitude);
      if (c) Object.assign(d.location, c);
    }
    const amen = n.amenityFeature;
    if (Array.isArray(amen) && d.amenities.length === 0) {
      for (const a of amen.slice(0, 200)) {
        const name = isObj(a) ? (a.value === false ? undefined : str(a.name, 100)) : str(a, 100);
        if (name) d.amenities.push(name);
      }
    }
  }
  return d;
}

/** A draft from Open Graph / product meta tags (title, description, image, address, price when given). */
export function draftFromOpenGraph(doc: PageDoc): Draft {
  const d = emptyDraft();
  d.title = metaContent(doc, "og:title");
  d.description = metaContent(doc, "og:description");
  const url = metaContent(doc, "og:url");
  if (url) d.urls.push(url);
  for (const m of doc.metas) {
    const key = (m.get("property") ?? m.get("name"))?.toLowerCase();
    const content = m.get("content");
    if (content && (key === "og:image" || key === "og:image:url" || key === "og:image:secure_url"))
      d.photos.push(content);
  }
  const price = parsePrice(metaContent(doc, "product:price:amount") ?? metaContent(doc, "og:price:amount"));
  if (price !== undefined) {
    d.price = price;
    d.currency = metaContent(doc, "product:price:currency") ?? metaContent(doc, "og:price:currency");
  }
  return d;
}

/** Whether the Open Graph tags alone describe a listing (they carry a price), not just a page. */
export function openGraphIsListing(d: Draft): boolean {
  return d.price !== undefined && d.title !== undefined;
}
