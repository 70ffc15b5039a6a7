// "Download my data" (decision 022): everything held about the signed-in person, as a JSON file the
// browser saves (a plain link, so it works without JavaScript).
import type { Route } from "./+types/user-my-data";
import { api } from "~/lib/api.server";
import { myDataFileName } from "~server/api/users/leave-schema";
import { signedInStart } from "~/lib/route.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const res = await api("export-my-data", {}, { request, locale });
  if (res.error) throw new Response(res.message, { status: res.message === "Unauthorized" ? 401 : 500 });
  return new Response(JSON.stringify(res.data, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${myDataFileName()}"`,
      // Someone's own data: never kept by a shared cache, never guessed as another type.
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
