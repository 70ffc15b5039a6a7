// A file the signed-in person sent with their verification application, opened from its page. The
// API decides who may read it (the applicant, an admin); anyone else gets the same 404.
import type { Route } from "./+types/user-verification-file";
import { apiFile } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { requireViewer } from "~/lib/session.server";

const PASSED_ON = ["content-type", "content-length", "content-disposition", "cache-control", "x-content-type-options"];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireViewer(request, getLocale(context) as Locale);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  const res = await apiFile(`agent-verification-file/${id}`, { request });
  if (!res.ok) throw new Response("Not found", { status: 404 });
  const headers = new Headers();
  for (const h of PASSED_ON) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(res.body, { status: 200, headers });
}
