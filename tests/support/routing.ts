// Where a loader's or action's redirect takes the browser. React Router reads a redirect's path as
// the router's and adds the page's language, its basename (decision 056); a test that calls a
// loader directly reads the Location before the router has done so.
import { localeFromPath, localizePath } from "~/lib/i18n";

/** The address a redirect from a page at `pageUrl` lands on, as the browser is sent there. */
export function redirectedTo(res: Response, pageUrl: string): string | null {
  const location = res.headers.get("location");
  if (location === null || /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(location)) return location;
  return localizePath(localeFromPath(new URL(pageUrl, "http://x").pathname), location);
}
