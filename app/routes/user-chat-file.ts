// A chat message's photo, document or voice message, opened from the conversation. The API decides
// who may read it (the two people of the conversation); anyone else gets the same 404.
import type { Route } from "./+types/user-chat-file";
import { apiFile } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { requireViewer } from "~/lib/session.server";

const PASSED_ON = ["content-type", "content-length", "content-disposition", "cache-control", "x-content-type-options"];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireViewer(request, getLocale(context) as Locale);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0 || (params.kind !== "file" && params.kind !== "audio")) throw new Response("Not found", { status: 404 });
  const res = await apiFile(`chat-file/${id}/${params.kind}`, { request });
  if (!res.ok) throw new Response("Not found", { status: 404 });
  const headers = new Headers();
  for (const h of PASSED_ON) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(res.body, { status: 200, headers });
}
