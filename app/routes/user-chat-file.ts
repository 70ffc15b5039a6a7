// A chat message's photo, document or voice message, for the two people of the conversation.
import type { Route } from "./+types/user-chat-file";
import { getLocale } from "~/lib/i18n.server";
import { privateFile } from "~/lib/private-file.server";
import { requireViewer } from "~/lib/session.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireViewer(request, getLocale(context));
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0 || (params.kind !== "file" && params.kind !== "audio"))
    throw new Response("Not found", { status: 404 });
  return privateFile(`chat-file/${id}/${params.kind}`, request);
}
