// POST fcm_id: keeps this browser's messaging token on the signed-in person's profile (the FCM token
// update, spec §7) and in a cookie for signing out. The page's script sends it whenever it starts
// with notifications allowed; there is nothing to show, so it answers JSON.
import { data } from "react-router";
import type { Route } from "./+types/user-push-token";
import { api } from "~/lib/api.server";
import { getViewer } from "~/lib/session.server";
import { pushTokenCookie, pushTokenOf } from "~/modules/push/token-cookie.server";
import { fcmTokenSchema } from "~server/api/push/schema";

export async function action({ request }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  if (!viewer) return data({ error: true, message: "Please sign in first" }, { status: 401 });
  const parsed = fcmTokenSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return data({ error: true, message: parsed.error.issues[0]!.message }, { status: 400 });
  const token = parsed.data.fcm_id;
  const known = await pushTokenOf(request);
  if (known?.uid === viewer.uid && known.token === token) return data({ error: false });
  const res = await api("update-fcm-id", { fcm_id: token }, { request });
  if (res.error) return data({ error: true, message: res.message }, { status: 400 });
  return data(
    { error: false },
    { headers: { "set-cookie": await pushTokenCookie.serialize({ uid: viewer.uid, token }) } },
  );
}

export function loader() {
  throw new Response("Not found", { status: 404 });
}
