// Choosing a new password with the code of a reset link (?oobCode=…). The code is checked before
// the form shows, so a used or expired link says so at once.
import { Link } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/lib/translate";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/reset-password";
import { resetPasswordSchema } from "~server/api/sign-in/schema";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { Field } from "~/components/field";
import { FormErrors } from "~/components/form-errors";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import { authErrorMessage } from "~/lib/identity-errors";
import { honeypotRefusal } from "~/lib/honeypot.server";
import { HoneypotFields } from "~/components/honeypot-fields";

export async function loader({ request, context }: Route.LoaderArgs) {
  const title = getI18n(context).t("Choose a new password");
  const url = new URL(request.url);
  // With the provider's action URL set to this page, sign-in links arrive here too.
  if (url.searchParams.get("mode") === "signIn")
    throw redirect(`${localizePath(getLocale(context), "/login/email-link")}${url.search}`);
  const oobCode = url.searchParams.get("oobCode") ?? "";
  if (!oobCode) return { title, oobCode, email: null, problem: authErrorMessage("MISSING_OOB_CODE").message };
  // Posted, not asked in a URL: the code stays out of access logs (and of a separate API's).
  const res = await api("password-reset-code-post", { oobCode }, { request });
  if (res.error) {
    const code = res.errors?._identity?.[0];
    return { title, oobCode, email: null, problem: code ? authErrorMessage(code).message : res.message };
  }
  return { title, oobCode, email: res.data.email, problem: null };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "Choose a new password",
    noindex: true,
  });
}

export async function action(args: Route.ActionArgs) {
  return formResponse(await handleAction(args));
}

async function handleAction({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const refused = await honeypotRefusal(formData);
  if (refused) return refused;
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") return submission.reply({ hideFields: ["password", "re_password"] });
  const res = await api("reset-password", submission.value, { request });
  if (res.error) return replyWithApiError(submission, res);
  // The sign-in page says the password changed (a toast would not show without JavaScript).
  return redirect(`${localizePath(getLocale(context), "/login")}?reset=1`);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  return (
    <section className="auth">
      <h1>{t("Choose a new password")}</h1>
      {loaderData.problem ? (
        <>
          <p className="form-error" role="alert">
            {t(loaderData.problem)}
          </p>
          <p>
            <Link to="/forgot-password">{t("Send reset link")}</Link>
          </p>
        </>
      ) : (
        <Form method="post" {...getFormProps(form)} className="auth__form">
          <p>{t("For {{email}}", { email: loaderData.email })}</p>
          <FormErrors id={form.errorId} errors={form.errors} />
          <HoneypotFields />
          <input type="hidden" name="oobCode" value={loaderData.oobCode} />
          <input
            type="email"
            name="username"
            value={loaderData.email ?? ""}
            autoComplete="username"
            readOnly
            hidden
          />
          <Field
            meta={fields.password}
            label={t("New password")}
            type="password"
            autoComplete="new-password"
          />
          <Field
            meta={fields.re_password}
            label={t("Confirm password")}
            type="password"
            autoComplete="new-password"
          />
          <SubmitButton className="button button--block" pendingLabel={t("Saving…")}>
            {t("Save new password")}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
