// The browser's translations, one immutable file per language and version (app/lib/dictionary.server.ts).
import type { Route } from "./+types/dictionary";
import { dictionaryResponse } from "~/lib/dictionary.server";

export function loader({ params }: Route.LoaderArgs) {
  return dictionaryResponse(params.file);
}
