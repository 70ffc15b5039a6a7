// A file the signed-in person sent with their verification application, opened from its page (the
// applicant and admins may read it).
import type { Route } from "./+types/user-verification-file";
import { getLocale } from "~/lib/i18n.server";
import { privateFile } from "~/lib/private-file.server";
import { requireViewer } from "~/lib/session.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireViewer(request, getLocale(context));
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return privateFile(`agent-verification-file/${id}`, request);
}
