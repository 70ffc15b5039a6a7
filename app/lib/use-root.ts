import { useRouteLoaderData } from "react-router";
import type { RootData } from "./root-data";
import { localizePath } from "./i18n";

export function useRoot(): RootData {
  return useRouteLoaderData("root") as RootData;
}

/** A link builder for the current language: href("/properties") → "/ar/properties" in Arabic. */
export function useHref() {
  const { locale } = useRoot();
  return (path: string) => localizePath(locale, path);
}
