// What a listing's page tells search engines and link previews, for properties and projects alike.
import type { MetaDescriptor } from "react-router";
import { pageMeta, type PageMeta } from "~/lib/seo";
import { truncate } from "~/lib/format";

/** The fields an owner may write for search engines; without them the listing's own words serve. */
interface SeoFields {
  title: string;
  description: string;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
}

/** A listing's meta tags: its SEO fields where written, its title and description otherwise. */
export function listingMeta(
  root: Parameters<typeof pageMeta>[0],
  location: Parameters<typeof pageMeta>[1],
  p: SeoFields,
  page: Pick<PageMeta, "image" | "imageInfo" | "noindex" | "jsonLd">,
): MetaDescriptor[] {
  return pageMeta(root, location, {
    title: p.meta_title || p.title,
    description: p.meta_description || truncate(p.description, 160),
    type: "article",
    ...page,
  }).concat(p.meta_keywords ? [{ name: "keywords", content: p.meta_keywords }] : []);
}

/** schema.org's address of a listing: its street line (a property's address, a project's location) and its place. */
export function postalAddress(street: string, p: { city: string; state: string; country: string }) {
  return {
    "@type": "PostalAddress",
    streetAddress: street,
    addressLocality: p.city,
    addressRegion: p.state,
    addressCountry: p.country,
  };
}

/** schema.org's point of a listing, or null for one placed by its address only. */
export function geoCoordinates(p: { latitude: number | null; longitude: number | null }) {
  return p.latitude != null && p.longitude != null
    ? { "@type": "GeoCoordinates", latitude: p.latitude, longitude: p.longitude }
    : null;
}
