import { useActionData } from "react-router";
import type { Route } from "./+types/projects";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { adminHeaders, type AdminActionResult } from "~/modules/admin/admin.server";
import { queueAction, queueLoader } from "~/modules/admin/listing-queue.server";
import { ListingQueue } from "~/modules/admin/listing-queue";

// The projects queue (app/modules/admin/listing-queue.tsx serves the properties and the projects alike).
export async function loader({ request, context }: Route.LoaderArgs) {
  const data = await queueLoader("project", request, getLocale(context));
  return { ...data, title: getI18n(context).t("Projects") };
}

export async function action({ request, context }: Route.ActionArgs) {
  return queueAction("project", request, getLocale(context));
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Projects", noindex: true });
}

export default function AdminProjects({ loaderData }: Route.ComponentProps) {
  const refused = useActionData<typeof action>() as AdminActionResult | undefined;
  return <ListingQueue data={loaderData} refused={refused} />;
}
