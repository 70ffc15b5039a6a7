// Sitemaps: one file while the catalogue is small, an index of numbered files once it is not.
import { api, apiData } from "~/lib/api.server";
import { getCategoryOptions } from "~/lib/settings.server";
import { LOCALES, localizePath } from "~/lib/i18n";
import { developerPath, projectPath } from "~/modules/listings/project/card";

/** Listings per sitemap file; each listing is two URLs (English and Arabic), far below 50 000. */
export const LISTINGS_PER_FILE = 10_000;

const xml = (body: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=3600, s-maxage=3600",
    },
  });

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A <url> per language, each naming all languages as alternates. */
function urlEntries(origin: string, path: string, lastmod?: string): string {
  const alternates = LOCALES.map(
    (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${esc(origin + localizePath(l, path))}"/>`,
  ).join("");
  return LOCALES.map(
    (l) =>
      `<url><loc>${esc(origin + localizePath(l, path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${alternates}</url>`,
  ).join("\n");
}

const URLSET =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';

export async function sitemapResponse(origin: string, perFile = LISTINGS_PER_FILE) {
  const first = await apiData("sitemap-entries", { limit: perFile });
  const total = first.total ?? 0;
  if (total > perFile) {
    const files = Math.ceil(total / perFile);
    const entries = [`<sitemap><loc>${esc(origin)}/sitemaps/properties-0.xml</loc></sitemap>`];
    for (let i = 1; i <= files; i++)
      entries.push(`<sitemap><loc>${esc(origin)}/sitemaps/properties-${i}.xml</loc></sitemap>`);
    return xml(
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>`,
    );
  }
  return xml(
    `${URLSET}\n${(await staticEntries(origin)).join("\n")}\n${listingEntries(origin, first.data).join("\n")}\n</urlset>`,
  );
}

/** File 0 holds the pages that are not listings; files 1…n hold listings. */
export async function sitemapFileResponse(origin: string, page: number, perFile = LISTINGS_PER_FILE) {
  if (page === 0) return xml(`${URLSET}\n${(await staticEntries(origin)).join("\n")}\n</urlset>`);
  const res = await api("sitemap-entries", { offset: (page - 1) * perFile, limit: perFile });
  if (res.error || res.data.length === 0) return new Response("Not found", { status: 404 });
  return xml(`${URLSET}\n${listingEntries(origin, res.data).join("\n")}\n</urlset>`);
}

async function staticEntries(origin: string) {
  const [categories, projects] = await Promise.all([
    getCategoryOptions("en"),
    apiData("sitemap-project-entries", {}),
  ]);
  return [
    urlEntries(origin, "/"),
    urlEntries(origin, "/properties"),
    urlEntries(origin, "/properties?property_type=sell"),
    urlEntries(origin, "/properties?property_type=rent"),
    ...categories.map((c) => urlEntries(origin, `/properties?category_id=${c.id}`)),
    // Projects and developers are far fewer than listings: they live beside the fixed pages.
    urlEntries(origin, "/projects"),
    urlEntries(origin, "/developers"),
    ...projects.data.projects.map((p) =>
      urlEntries(origin, projectPath(p.slug_id), p.updated_at.slice(0, 10)),
    ),
    ...projects.data.developers.map((d) => urlEntries(origin, developerPath(d))),
  ];
}

function listingEntries(origin: string, rows: { slug_id: string; updated_at: string }[]) {
  return rows.map((r) => urlEntries(origin, `/properties-details/${r.slug_id}`, r.updated_at.slice(0, 10)));
}
