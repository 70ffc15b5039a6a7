import { redirect } from "~/lib/redirect.server";
import type { Route } from "./+types/logout";
import { endSession } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getLocale } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { api } from "~/lib/api.server";
import { pushTokenCookie, pushTokenOf } from "~/modules/push/token-cookie.server";
import { logger } from "~/lib/log.server";

export async function action({ request, context }: Route.ActionArgs) {
  // This browser stops getting the person's pushes (spec §7 before-logout), while the session still says who they are.
  const saved = await pushTokenOf(request);
  if (saved)
    await api("before-logout", { fcm_id: saved.token }, { request }).catch((error: unknown) =>
      logger().warn({ err: error }, "before-logout failed"),
    );
  const cleared = await endSession(request);
  const forgetToken = await pushTokenCookie.serialize("", { maxAge: 0 });
  return redirectWithToast(
    localizePath(getLocale(context), "/"),
    { type: "success", message: "You have signed out" },
    [cleared, forgetToken],
  );
}

// Signing out changes state, so it is a POST; a visit to the URL just goes home.
export function loader({ context }: Route.LoaderArgs) {
  return redirect(localizePath(getLocale(context), "/"));
}
