// For tests that call a route's loader or action directly: the arguments React Router would give,
// as the signed-in person of `cookie`, with the language middleware run.
import { RouterContextProvider } from "react-router";
import { i18nextMiddleware } from "./i18n.server";

export async function routeArgs(
  url: string,
  cookie: string,
  init: RequestInit = {},
  params: Record<string, string> = {},
) {
  const headers = new Headers(init.headers);
  headers.set("cookie", cookie.split(";")[0]!);
  const request = new Request(`http://shop.test${url}`, { ...init, headers });
  const context = new RouterContextProvider();
  await i18nextMiddleware(
    { request, context, params, unstable_pattern: "" } as never,
    async () => new Response(),
  );
  return { request, context, params } as never;
}
