// Locales live in the URL: English unprefixed, Arabic under /ar (cacheable HTML, shareable links).
export const LOCALES = ["en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
const RTL: ReadonlySet<string> = new Set(["ar"]);

export const isLocale = (v: unknown): v is Locale => LOCALES.includes(v as Locale);
export const dirOf = (locale: string) => (RTL.has(locale) ? "rtl" : "ltr");

/** "/ar/properties" → "ar"; anything else → "en". */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The same page in `locale`: "/properties?x" → "/ar/properties?x". */
export function localizePath(locale: Locale, path: string): string {
  const bare = stripLocale(path);
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === "/" ? `/${locale}` : `/${locale}${bare}`;
}

export function stripLocale(path: string): string {
  const first = path.split(/[/?#]/)[1];
  if (isLocale(first)) {
    const rest = path.slice(first.length + 1);
    return rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${rest}` : rest;
  }
  return path;
}
