// The live chat stream of the signed-in person (Server-Sent Events), handed on from the API with the
// session's token. The browser's Last-Event-ID comes along, so a reconnect resumes where it stopped.
import type { Route } from "./+types/user-chat-events";
import { apiFile } from "~/lib/api.server";
import { getSessionToken } from "~/lib/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  // No redirect to the sign-in page: an event stream cannot follow one. 401 stops the browser retrying.
  if (!(await getSessionToken(request))) return new Response("Unauthorized", { status: 401 });
  const url = new URL(request.url);
  const last = request.headers.get("last-event-id") ?? url.searchParams.get("last_event_id");
  const res = await apiFile(`chat-events${last && /^\d+$/.test(last) ? `?last_event_id=${last}` : ""}`, {
    request,
  });
  if (!res.ok)
    return new Response(res.status === 401 ? "Unauthorized" : "Unavailable", {
      status: res.status === 401 ? 401 : 503,
    });
  return new Response(res.body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // A person's conversations: kept by no cache, and not transformed (held back) by any proxy.
      "cache-control": "private, no-store, no-transform",
      "x-accel-buffering": "no",
      "x-personal": "1",
    },
  });
}
