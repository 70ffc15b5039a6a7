// A loader's or action's redirect, to a whole address as the rest of the server names it ("/ar/…").
import { siteOrigin } from "./origin.server";
import { redirect as routerRedirect } from "react-router";
import { stripLocale } from "./i18n";

/**
 * React Router reads a redirect's path as the router's, under the language's basename, and adds
 * the basename itself ("/x" from an Arabic page goes to "/ar/x", decision 056). The server builds
 * whole addresses (from the request's URL, a form's `redirectTo`, `localizePath`), so the
 * language is taken off here, once, rather than at each redirect. A redirect to the other language
 * is therefore always an absolute URL (`https://…/x`), which passes untouched.
 */
export function redirect(address: string, init?: number | ResponseInit): Response {
  return routerRedirect(stripLocale(address), init);
}

/** A redirect to a page of another language: a whole URL, on the site's public origin. */
export function redirectAcross(request: Request, address: string, init?: number | ResponseInit): Response {
  const origin = siteOrigin(request);
  return routerRedirect(new URL(address, origin).href, init);
}
