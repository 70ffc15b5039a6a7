import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getLocale } from "~/lib/i18n.server";
import { localizePath, type Locale } from "~/lib/i18n";

export async function action({ request, context }: Route.ActionArgs) {
  const cleared = await endSession(request);
  return redirectWithToast(localizePath(getLocale(context) as Locale, "/"), { type: "success", message: "You have signed out" }, [cleared]);
}

// Signing out changes state, so it is a POST; a visit to the URL just goes home.
export function loader({ context }: Route.LoaderArgs) {
  return redirect(localizePath(getLocale(context) as Locale, "/"));
}
