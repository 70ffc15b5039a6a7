import type { Route } from "./+types/user-edit-project";
import { api } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useAddress } from "~/lib/use-root";
import { formId, privateHeaders } from "~/modules/listings/owner.server";
import { formOptions, projectFormAnswer } from "~/modules/listings/project/form.server";
import { ProjectForm } from "~/modules/listings/project/project-form";
import { LISTING_TEXT_FIELDS, textValues } from "~/modules/listings/form/values";
import { signedInStart } from "~/lib/route.server";

/** The owner's project, or 404 (someone else's project is not found either: nothing to tell). */
async function ownProject(request: Request, locale: Locale, idParam: string | undefined) {
  const id = formId(idParam ?? null);
  if (!id) throw new Response("Project not found", { status: 404 });
  const res = await api("get-own-project", { id }, { request, locale });
  if (res.error) throw new Response(res.message, { status: 404 });
  return res.data;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const project = await ownProject(request, locale, params.id);
  const defaults = textValues(project, [...LISTING_TEXT_FIELDS, "type", "location"]);
  const options = await formOptions(request, locale, { country: project.country, state: project.state });
  return { title: getI18n(context).t("Edit project"), project, defaults, ...options };
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Edit project", noindex: true });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const id = formId(params.id ?? null);
  if (!id) throw new Response("Project not found", { status: 404 });
  return projectFormAnswer(request, locale, id);
}

export default function EditProject({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  const { project, defaults, categories, places } = loaderData;
  return (
    <section className="post-page">
      <h1>{t("Edit project")}</h1>
      <p className="field__hint">
        {t("Saved changes are reviewed again before the project is shown to visitors.")}
      </p>
      {/* Keyed by the project, so moving between two edit pages starts a fresh form. */}
      <ProjectForm
        key={project.id}
        mode="edit"
        categories={categories}
        places={places}
        defaults={defaults}
        project={project}
        lastResult={actionData}
        uploadUrl={`${address("/user/project-form")}?id=${project.id}`}
      />
    </section>
  );
}
