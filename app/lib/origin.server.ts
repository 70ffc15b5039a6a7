import { env } from "~server/runtime/env.server";

/**
 * The site's public origin, for whole URLs (canonical links, sitemaps, QR codes, a redirect to the
 * other language): PUBLIC_ORIGIN where the site sits behind a proxy, else the request's own.
 */
export function siteOrigin(request: Request): string {
  return env().PUBLIC_ORIGIN ?? new URL(request.url).origin;
}
