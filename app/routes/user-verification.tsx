import { data, Link } from "react-router";
import type { Route } from "./+types/user-verification";
import { apiData } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useAddress } from "~/lib/use-root";
import { redirectWithToast } from "~/lib/toast.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { VerifiedBadge } from "~/components/verified-badge";
import { privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import { submitVerification, type VerificationRefusal } from "~/modules/verification/form.server";
import { VerificationForm, type KeptFile } from "~/modules/verification/verification-form";
import { signedInStart } from "~/lib/route.server";

/** Agent verification (spec §4): apply, wait while it is under review, verified, or failed and apply again. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const opts = { request, locale };
  const [questions, mine] = await Promise.all([
    apiData("get-agent-verification-form-fields", {}, opts),
    apiData("get-agent-verification-form-values", {}, opts),
  ]);
  return { title: getI18n(context).t("Agent verification"), questions: questions.data, mine: mine.data };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const out = await submitVerification(request, await request.formData(), locale);
  if (out.ok)
    return redirectWithToast(localizePath(locale, "/user/verification"), {
      type: "success",
      message: out.message,
    });
  const { ok: _ok, ...refusal } = out;
  return data<VerificationRefusal>(refusal, { status: 400 });
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Agent verification", noindex: true });
}

export default function Verification({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  const { questions, mine } = loaderData;
  // The answers shown in the form: just typed (a refused submission), else the last application's.
  const previous: Record<number, string | string[] | null> = {};
  const files: Record<number, KeptFile> = {};
  for (const a of mine.form_fields) {
    previous[a.id] = a.value;
    if (a.file) files[a.id] = { name: a.file.name, href: address(`/user/verification/file/${a.file.id}`) };
  }
  const form = (submitLabel: string) => (
    <VerificationForm
      questions={questions}
      values={actionData?.values ?? (mine.status === "failed" ? previous : {})}
      files={mine.status === "failed" ? files : {}}
      errors={actionData?.errors ?? {}}
      formErrors={actionData?.formErrors ?? []}
      submitLabel={submitLabel}
    />
  );
  return (
    <section className="owner-page profile-page verification-page">
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t("Agent verification")} />
      <h1>{t("Agent verification")}</h1>
      <ActionNotice />
      {mine.status === "pending" ? (
        <>
          <p className="notice notice--warning" role="status">
            {t("Your Verification is Under Review")}
          </p>
          <p>{t("We will let you know here and in your notifications once it is reviewed.")}</p>
          <Answers answers={mine.form_fields} />
        </>
      ) : mine.status === "success" ? (
        <>
          <p className="notice" role="status">
            <VerifiedBadge /> {t("You are a verified agent.")}
          </p>
          <p>
            {t(
              "The Verified badge shows next to your name on the agents page, your profile and your listings.",
            )}
          </p>
          <p>
            <Link to="/user/dashboard">{t("Back to the dashboard")}</Link>
          </p>
        </>
      ) : mine.status === "failed" ? (
        <>
          <div className="form-error" role="alert">
            <p>
              <strong>{t("Verification Failed")}</strong>
            </p>
            {mine.reason ? (
              <p>
                {t("Reason:")} <span dir="auto">{mine.reason}</span>
              </p>
            ) : null}
          </div>
          <p>{t("Correct your answers below and apply again.")}</p>
          {form(t("Apply again"))}
        </>
      ) : (
        <>
          <p>
            {t(
              "Verified agents get a Verified badge next to their name and listings, so buyers and tenants know they are dealing with a licensed professional. Answer the questions below; our team reviews each application.",
            )}
          </p>
          {form(t("Apply for verification"))}
        </>
      )}
    </section>
  );
}

function Answers({ answers }: { answers: Route.ComponentProps["loaderData"]["mine"]["form_fields"] }) {
  const { t } = useTranslation();
  const address = useAddress();
  if (!answers.length) return null;
  return (
    <>
      <h2>{t("Your answers")}</h2>
      <dl className="verification-answers">
        {answers.map((a) => (
          <div key={a.id}>
            <dt>{a.name}</dt>
            <dd dir="auto">
              {a.file ? (
                <a href={address(`/user/verification/file/${a.file.id}`)}>{a.file.name}</a>
              ) : Array.isArray(a.label) ? (
                a.label.join(", ")
              ) : (
                a.label
              )}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
