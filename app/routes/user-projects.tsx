import { Link } from "react-router";
import type { Route } from "./+types/user-projects";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { listingAction, privateHeaders } from "~/modules/listings/owner.server";
import { ownerListData } from "~/modules/listings/owner-list.server";
import { OwnerList, OwnerRow, type OwnerListKind } from "~/modules/listings/owner-list";
import { PROJECT_TYPE_LABEL, projectPath } from "~/modules/listings/project/card";
import { PROJECT_TYPES } from "~server/api/contract/enums";

const MY_PROJECTS = {
  kind: "project",
  path: "/user/projects",
  heading: "My projects",
  filtersLabel: "Filter my projects",
  count: "{{count}} projects",
  noMatch: "No projects match these filters.",
  none: "You have not added a project yet.",
  typeFilter: { name: "type", values: PROJECT_TYPES, labels: PROJECT_TYPE_LABEL },
} as const satisfies OwnerListKind;

export async function loader(args: Route.LoaderArgs) {
  const { title, rows, ...page } = await ownerListData(args, MY_PROJECTS, (query, opts) =>
    api("get-added-projects", query, opts),
  );
  return { title, projects: rows, ...page };
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? MY_PROJECTS.heading, noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  return listingAction(request, getLocale(context));
}

export default function MyProjects({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { projects, ...page } = loaderData;
  return (
    <OwnerList
      kind={MY_PROJECTS}
      rows={projects}
      {...page}
      actions={
        <Link to="/user/add-project" className="button button--small">
          {t("Add a project")}
        </Link>
      }
    >
      {(p) => (
        <OwnerRow
          kind="project"
          listing={p}
          image={p.image}
          // Only a public project has a page to go to.
          to={p.request_status === "approved" && p.status === "active" ? projectPath(p.slug_id) : null}
          meta={
            <>
              {p.type === "upcoming" ? t("Upcoming") : t("Under construction")} · {p.category.category} ·{" "}
              {p.city}
            </>
          }
        />
      )}
    </OwnerList>
  );
}
