import type { Route } from "./+types/content-parameters";
import { adminHeaders } from "~/modules/admin/admin.server";
import { parameterTable } from "~/modules/admin/parameter-table";
import { contentMeta } from "~/modules/admin/content-nav";
import { ContentTablePage } from "~/modules/admin/content-table";
import { contentLoader } from "~/modules/admin/content-table.server";

export const loader = (args: Route.LoaderArgs) => contentLoader(args, parameterTable);
export const headers = adminHeaders;
export const meta = contentMeta("Details");

export default function AdminParameters() {
  return <ContentTablePage table={parameterTable} />;
}
