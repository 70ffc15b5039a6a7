import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * The root's `shouldRevalidate`. Filters are GET navigations to the same page with other search
 * parameters: nothing the root loads (who is signed in, a message, the badges, settings) changes
 * with them, so it is not asked again. After a form is posted it is, as by default: the session, a
 * message waiting in its cookie (redirectWithToast) or the unread counts may have changed. A
 * redirect that sets a cookie makes React Router revalidate everything (defaultShouldRevalidate),
 * which stands for every other path.
 */
export function rootShouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const posted = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  if (!posted && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search)
    return false;
  return defaultShouldRevalidate;
}
