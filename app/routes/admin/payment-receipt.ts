// A bank transfer's receipt, for admins only (it shows account numbers): handed on from the API.
import type { Route } from "./+types/payment-receipt";
import { getLocale } from "~/lib/i18n.server";
import { privateFile } from "~/lib/private-file.server";
import { requireAdmin } from "~/modules/admin/admin.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, getLocale(context));
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0 || id >= 2 ** 31) throw new Response("Not found", { status: 404 });
  return privateFile(`admin/payment-receipt/${id}`, request);
}
