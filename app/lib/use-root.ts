import { useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "./root-data";
import { localizePath } from "./i18n";

export function useRoot(): RootData {
  return useRouteLoaderData("root") as RootData;
}

/*
 * Each language is its own router under its own basename ("/ar", decision 056). What the router
 * reads (`<Link to>`, `<Form action>`, `navigate`, fetchers, redirects between pages) takes the
 * page's path without its language, "/properties", and the router adds the language; `useLocation`
 * gives the path without it too. Everything else that names an address leaves the router and needs
 * the whole of it: a plain `<a>` or `<form>`, an image or a script's fetch, a shared URL, the
 * `redirectTo` a form sends to the server. These two hooks give that.
 */

/** The whole address of a page in the current language: address("/properties") → "/ar/properties" in Arabic. */
export function useAddress() {
  const { locale } = useRoot();
  return (path: string) => localizePath(locale, path);
}

/** The whole address of this page, its query included: "/ar/properties?page=2". */
export function useHere() {
  const { locale } = useRoot();
  const { pathname, search } = useLocation();
  return localizePath(locale, pathname + search);
}
