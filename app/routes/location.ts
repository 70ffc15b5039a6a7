// "Near me": keeps the person's position (decision 026) and goes back to the list, nearest first.
// The browser's position comes with the form when JavaScript could ask for it; without it, a
// signed-in person's profile position is used, else the page says how to get one.
import { redirect } from "react-router";
import type { Route } from "./+types/location";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { getViewer } from "~/lib/session.server";
import { safeRedirect } from "~/modules/auth/form.server";
import { positionCookieHeader, validPosition } from "~/modules/location/position.server";

export async function loader() {
  throw new Response("Not found", { status: 404 });
}

function withNearest(path: string) {
  const url = new URL(path, "http://x");
  url.searchParams.set("sort", "nearest");
  url.searchParams.delete("page");
  return `${url.pathname}${url.search}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context) as Locale;
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo")) ?? localizePath(locale, "/properties");
  const viewer = await getViewer(request);
  if (form.get("intent") === "forget") {
    const url = new URL(back, "http://x");
    if (url.searchParams.get("sort") === "nearest") url.searchParams.delete("sort");
    return redirectWithToast(`${url.pathname}${url.search}`, { type: "success", message: "Your position is forgotten" }, [await positionCookieHeader(null)]);
  }
  let position = validPosition(form.get("latitude"), form.get("longitude"));
  if (position && viewer) {
    // Signed in: the profile keeps it too (spec: latitude and longitude of the profile).
    await api("update_profile", { latitude: String(position.lat), longitude: String(position.lng) }, { request, locale });
  }
  if (!position && viewer) {
    const me = await api("get-profile", {}, { request, locale });
    if (!me.error) position = validPosition(me.data.latitude, me.data.longitude);
  }
  if (!position) {
    // The button was pressed before the page's script could ask the browser (or there is none):
    // back to the list with `locate=1`, where the script asks at once; without one, the page says
    // what works instead.
    const url = new URL(back, "http://x");
    url.searchParams.set("locate", "1");
    return redirect(`${url.pathname}${url.search}`);
  }
  return redirectWithToast(withNearest(back), { type: "success", message: "Showing the nearest first" }, [await positionCookieHeader(position)]);
}
