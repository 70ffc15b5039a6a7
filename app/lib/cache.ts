import type { HeadersFunction } from "react-router";

/**
 * Public pages may be cached by a CDN briefly, but only when nobody is signed in: a page that
 * greets a person by name is private.
 */
export const publicCacheHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers();
  const personal = parentHeaders.get("x-personal") === "1" || loaderHeaders.get("x-personal") === "1";
  headers.set(
    "cache-control",
    personal ? "private, no-store" : "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
  );
  headers.set("vary", "Cookie");
  return headers;
};
