// Meta tags every public page carries: title, description, canonical URL, hreflang alternates,
// Open Graph and Twitter cards. React Router replaces (not merges) meta per route, so each route
// builds its full set here.
import type { MetaDescriptor } from "react-router";
import { DEFAULT_LOCALE, LOCALES, localizePath, stripLocale, type Locale } from "./i18n";

export interface PageMeta {
  title: string;
  description?: string;
  /** Absolute or root-relative image for link previews. */
  image?: string | null;
  /** The preview image's size, type and words, when known (a listing's share card). */
  imageInfo?: { width: number; height: number; type: string; alt: string };
  type?: "website" | "article";
  /** Query parameters that make a distinct page (e.g. filters); everything else is dropped. */
  keepParams?: readonly string[];
  noindex?: boolean;
  jsonLd?: Record<string, unknown>;
}

interface RootLike {
  origin: string;
  locale: string;
  settings: { company_name: string; currency_code: string };
}

/**
 * The whole URL of the page at `pathname` in its own language. A meta function's (and
 * `useLocation`'s) path is the router's, without the language (decision 056).
 */
export function pageUrl(root: RootLike | undefined, pathname: string): string {
  return (root?.origin ?? "") + localizePath((root?.locale ?? DEFAULT_LOCALE) as Locale, pathname);
}

/** The root route's data from a meta function's matches. */
export function rootData(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): RootLike | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as RootLike | undefined;
}

export function pageMeta(
  root: RootLike | undefined,
  location: { pathname: string; search: string },
  page: PageMeta,
): MetaDescriptor[] {
  const origin = root?.origin ?? "";
  const locale = (root?.locale ?? "en") as Locale;
  const site = root?.settings.company_name ?? "Souq Estate";
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const k of page.keepParams ?? []) {
    const v = params.get(k);
    if (v) kept.set(k, v);
  }
  const qs = kept.toString();
  const bare = stripLocale(location.pathname) + (qs ? `?${qs}` : "");
  const url = (l: Locale) => origin + localizePath(l, bare);
  const image = page.image ? (page.image.startsWith("http") ? page.image : origin + page.image) : undefined;
  const title = page.title === site ? site : `${page.title} | ${site}`;
  const tags: MetaDescriptor[] = [
    { title },
    { tagName: "link", rel: "canonical", href: url(locale) },
    ...LOCALES.map(
      (l) => ({ tagName: "link", rel: "alternate", hrefLang: l, href: url(l) }) as MetaDescriptor,
    ),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url("en") },
    { property: "og:site_name", content: site },
    { property: "og:title", content: page.title },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: url(locale) },
    { property: "og:locale", content: locale === "ar" ? "ar_AE" : "en_US" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
  ];
  if (page.description) {
    tags.push(
      { name: "description", content: page.description },
      { property: "og:description", content: page.description },
      { name: "twitter:description", content: page.description },
    );
  }
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (image && page.imageInfo)
    tags.push(
      { property: "og:image:width", content: String(page.imageInfo.width) },
      { property: "og:image:height", content: String(page.imageInfo.height) },
      { property: "og:image:type", content: page.imageInfo.type },
      { property: "og:image:alt", content: page.imageInfo.alt },
      { name: "twitter:image:alt", content: page.imageInfo.alt },
    );
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  if (page.jsonLd) tags.push({ "script:ld+json": page.jsonLd });
  return tags;
}
