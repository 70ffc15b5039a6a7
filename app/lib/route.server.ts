// How every loader and action starts: the page's language, the options its API calls take and its
// translator; for a signed-in person's page, who they are (or a redirect to sign in first).
import type { RouterContextProvider } from "react-router";
import { getI18n, getLocale } from "./i18n.server";
import { requireViewer } from "./session.server";

export interface RouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export function routeStart({ request, context }: RouteArgs) {
  const locale = getLocale(context);
  return { locale, opts: { request, locale }, t: getI18n(context).t };
}

/** The start of a page only a signed-in person may use; anyone else is sent to sign in first. */
export async function signedInStart(args: RouteArgs, options?: { checkRevoked?: boolean }) {
  const start = routeStart(args);
  const viewer = await requireViewer(args.request, start.locale, options);
  return { ...start, viewer };
}
