// Which addresses belong to which site: exact host names (no suffix matching, so look-alikes such
// as propertyfinder.ae.evil.com or evilbayut.com never match), https only, no credentials, no
// port other than 443, and for siteOfUrl the path of a listing page (not a search or agent page).

import type { ImportSite } from "./types";

const PF_COUNTRIES = ["ae", "sa", "qa", "bh", "eg"] as const;

const LISTING_HOSTS: Record<ImportSite, readonly string[]> = {
  propertyfinder: PF_COUNTRIES.flatMap((tld) => [`www.propertyfinder.${tld}`, `propertyfinder.${tld}`]),
  bayut: ["www.bayut.com", "bayut.com", "www.bayut.sa", "bayut.sa"],
  // The UAE site answers on its emirate subdomains and uae.; dubizzle.com.eg, .sa … are other
  // platforms with other pages and are not listed.
  dubizzle: [
    "uae.dubizzle.com",
    "dubai.dubizzle.com",
    "abudhabi.dubizzle.com",
    "sharjah.dubizzle.com",
    "ajman.dubizzle.com",
    "rak.dubizzle.com",
    "fujairah.dubizzle.com",
    "uaq.dubizzle.com",
    "alain.dubizzle.com",
    "dubizzle.com",
    "www.dubizzle.com",
  ],
};

const IMAGE_HOSTS: Record<ImportSite, readonly string[]> = {
  // Listing photos: static.shared.propertyfinder.<tld>/media/images/listing/…/1312x894.jpg; older
  // pages served resized copies from the site's own host (/property/<hash>/668/452/MODE/…).
  propertyfinder: PF_COUNTRIES.flatMap((tld) => [
    `static.shared.propertyfinder.${tld}`,
    `www.propertyfinder.${tld}`,
  ]),
  // images.bayut.com/thumbnails/<photo id>-<w>x<h>.<ext>; cover photos also appear as S3 addresses.
  bayut: ["images.bayut.com", "images.bayut.sa", "bayut-production.s3.eu-central-1.amazonaws.com"],
  dubizzle: ["dbz-images.dubizzle.com"],
};

const LISTING_PATHS: Record<ImportSite, RegExp> = {
  // /en/plp/buy/apartment-for-sale-dubai-dubai-marina-…-12345678.html (also rent/, commercial-buy/ …)
  propertyfinder: /^\/(?:en|ar)\/plp\/(?:[a-z0-9-]{1,40}\/)?[a-z0-9-]{1,400}-\d{3,12}\.html$/i,
  // /property/details-8720469.html, with a language prefix on translated pages
  bayut: /^\/(?:(?:ar|en|zh|ru)\/)?property\/details-\d{3,12}\.html$/i,
  // /property-for-rent/residential/apartmentflat/2024/3/18/<slug>/
  dubizzle:
    /^\/(?:(?:en|ar)\/)?property-for-(?:sale|rent)\/(?:[a-z0-9-]{1,60}\/){1,3}\d{4}\/\d{1,2}\/\d{1,2}\/[a-z0-9-]{1,300}\/?$/i,
};

export function listingHosts(site: ImportSite): readonly string[] {
  return LISTING_HOSTS[site] ?? [];
}

export function imageHosts(site: ImportSite): readonly string[] {
  return IMAGE_HOSTS[site] ?? [];
}

/** The site a host name belongs to (exact match against the listing hosts). */
export function siteOfHost(host: string): ImportSite | null {
  const h = host.toLowerCase();
  for (const site of Object.keys(LISTING_HOSTS) as ImportSite[])
    if (LISTING_HOSTS[site].includes(h)) return site;
  return null;
}

/** Parses an address a user pasted; null unless it is a clean absolute https URL (no credentials, port 443). */
export function parseHttpsUrl(url: unknown): URL | null {
  if (typeof url !== "string" || url.length > 2_048) return null;
  // Backslashes, whitespace and control characters are normalised away by URL parsers in ways
  // that differ between tools; an address holding any of them is refused outright.
  if (/[\\\s\u0000-\u001f\u007f]/.test(url)) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== "https:" || u.username !== "" || u.password !== "" || u.port !== "") return null;
  return u;
}

export function isListingUrlOf(site: ImportSite, u: URL): boolean {
  return (
    u.protocol === "https:" &&
    u.username === "" &&
    u.password === "" &&
    u.port === "" &&
    LISTING_HOSTS[site].includes(u.hostname) &&
    LISTING_PATHS[site].test(u.pathname)
  );
}

/** The site whose listing page this address is (https only, by exact host and listing path), else null. */
export function siteOfUrl(url: string): ImportSite | null {
  const u = parseHttpsUrl(url);
  if (!u) return null;
  const site = siteOfHost(u.hostname);
  return site && isListingUrlOf(site, u) ? site : null;
}

/** The address to fetch for a pasted listing address: https, the same host and path, no query or fragment. */
export function listingUrlToFetch(url: string): string | null {
  const u = parseHttpsUrl(url);
  if (!u || !siteOfUrl(url)) return null;
  return `https://${u.hostname}${u.pathname}`;
}

/** The country-code top-level domain of a host ("ae" for www.propertyfinder.ae, "com" for bayut.com). */
export function tldOf(host: string): string {
  return host.slice(host.lastIndexOf(".") + 1).toLowerCase();
}

export const COUNTRY_BY_TLD: Record<string, { country: string; currency: string }> = {
  ae: { country: "United Arab Emirates", currency: "AED" },
  sa: { country: "Saudi Arabia", currency: "SAR" },
  qa: { country: "Qatar", currency: "QAR" },
  bh: { country: "Bahrain", currency: "BHD" },
  eg: { country: "Egypt", currency: "EGP" },
};
