// "Near me": keeps the person's position (decision 026) and goes back to the list, nearest first.
// The browser's position comes with the form when JavaScript could ask for it; without it, a
// signed-in person's profile position is used, else the page says how to get one.
import { redirect } from "~/lib/redirect.server";
import type { Route } from "./+types/location";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { getViewer } from "~/lib/session.server";
import { safeRedirect } from "~/modules/auth/form.server";
import { positionCookieHeader, validPosition } from "~/modules/location/position.server";

export async function loader() {
  throw new Response("Not found", { status: 404 });
}

/** `path` with its query changed; rebuilt addresses are checked again ("/.//x" would become "//x"). */
function rebuilt(path: string, change: (qs: URLSearchParams) => void, fallback: string) {
  const url = new URL(path, "http://x");
  change(url.searchParams);
  return safeRedirect(`${url.pathname}${url.search}`) ?? fallback;
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo")) ?? localizePath(locale, "/properties");
  const viewer = await getViewer(request);
  const list = localizePath(locale, "/properties");
  if (form.get("intent") === "forget") {
    const to = rebuilt(back, (qs) => qs.get("sort") === "nearest" && qs.delete("sort"), list);
    return redirectWithToast(to, { type: "success", message: "Your position is forgotten" }, [
      await positionCookieHeader(null),
    ]);
  }
  let position = validPosition(form.get("latitude"), form.get("longitude"));
  if (position && viewer) {
    // Signed in: the profile keeps it too (spec: latitude and longitude of the profile).
    await api(
      "update_profile",
      { latitude: String(position.lat), longitude: String(position.lng) },
      { request, locale },
    );
  }
  if (!position && viewer) {
    const me = await api("get-profile", {}, { request, locale });
    if (!me.error) position = validPosition(me.data.latitude, me.data.longitude);
  }
  if (!position) {
    // The button was pressed before the page's script could ask the browser (or there is none):
    // back to the list with `locate=1`, where the script asks at once; without one, the page says
    // what works instead.
    return redirect(rebuilt(back, (qs) => qs.set("locate", "1"), list));
  }
  const nearest = rebuilt(
    back,
    (qs) => {
      qs.set("sort", "nearest");
      qs.delete("page");
    },
    list,
  );
  return redirectWithToast(nearest, { type: "success", message: "Showing the nearest first" }, [
    await positionCookieHeader(position),
  ]);
}
