import type { Route } from "./+types/user-add-project";
import { getI18n } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useAddress } from "~/lib/use-root";
import { privateHeaders } from "~/modules/listings/owner.server";
import { formOptions, projectFormAnswer } from "~/modules/listings/project/form.server";
import { packageGate } from "~/modules/packages/gate.server";
import { PostPage } from "~/modules/listings/form/post-page";
import { ProjectForm } from "~/modules/listings/project/project-form";
import { signedInStart } from "~/lib/route.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const title = getI18n(context).t("Post a project");
  // Asked before the form opens, so nobody fills it in only to be refused (the API checks again).
  // The form's lists come even when a gate shuts it: a post refused on submit shows the form again.
  const [gate, form] = await Promise.all([
    packageGate("project_list", request, locale),
    formOptions(request, locale),
  ]);
  // The form's own token: the same form sent twice (a second press) is saved once (decision 046).
  return { title, gate, form: { ...form, formToken: crypto.randomUUID() } };
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Post a project", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  return projectFormAnswer(request, locale);
}

export default function AddProject({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  return (
    <PostPage heading={t("Post a project")} gate={loaderData.gate} sent={Boolean(actionData)}>
      {loaderData.form && (
        <ProjectForm
          mode="add"
          {...loaderData.form}
          defaults={{ type: "under_construction" }}
          lastResult={actionData}
          uploadUrl={address("/user/project-form")}
        />
      )}
    </PostPage>
  );
}
