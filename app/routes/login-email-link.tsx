// Sign-in by email link: ask for a link, then open it. The mailed link comes back here with its
// code; the person confirms with one press (a mail scanner that opens links signs nobody in), and in
// another browser types the address the link was sent to, as the provider requires.
import { useSearchParams } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { useTranslation } from "~/lib/translate";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/login-email-link";
import { email } from "~server/api/users/schema";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { getViewer } from "~/lib/session.server";
import { localizePath } from "~/lib/i18n";
import { Field } from "~/components/field";
import { FormErrors } from "~/components/form-errors";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import { clearCookie, emailLinkCookie, sessionRedirect } from "~/modules/auth/sign-in.server";
import { SignInMethods } from "~/modules/auth/sign-in-methods";
import { honeypotRefusal } from "~/lib/honeypot.server";
import { HoneypotFields } from "~/components/honeypot-fields";

const requestSchema = z.object({ email });
const completeSchema = z.object({ email, oobCode: z.string().min(1) });

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const url = new URL(request.url);
  const oobCode = url.searchParams.get("oobCode");
  if (!oobCode && (await getViewer(request))) throw redirect(localizePath(locale, "/"));
  const remembered = (await emailLinkCookie.parse(request.headers.get("cookie"))) as string | null;
  return {
    title: getI18n(context).t("Sign in with an email link"),
    oobCode,
    email: typeof remembered === "string" ? remembered : "",
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "Sign in with an email link",
    noindex: true,
  });
}

export async function action(args: Route.ActionArgs) {
  return formResponse(await handleAction(args));
}

async function handleAction({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const formData = await request.formData();
  const refused = await honeypotRefusal(formData);
  if (refused) return refused;
  const here = localizePath(locale, "/login/email-link");
  if (formData.get("intent") === "complete") {
    const submission = parseWithZod(formData, { schema: completeSchema });
    if (submission.status !== "success") return submission.reply();
    const res = await api("email-link-login", submission.value, { request });
    if (res.error) return replyWithApiError(submission, res);
    return sessionRedirect(locale, res.data.token, null, [await clearCookie(emailLinkCookie)]);
  }
  const submission = parseWithZod(formData, { schema: requestSchema });
  if (submission.status !== "success") return submission.reply();
  const res = await api("email-link", { email: submission.value.email, continue_path: here }, { request });
  if (res.error) return replyWithApiError(submission, res);
  return redirect(`${here}?sent=1`, {
    headers: { "set-cookie": await emailLinkCookie.serialize(submission.value.email) },
  });
}

export default function LoginEmailLink({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sent = useSearchParams()[0].get("sent") === "1";
  const completing = Boolean(loaderData.oobCode);
  const [form, fields] = useForm({
    lastResult: actionData,
    defaultValue: { email: loaderData.email },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: completing ? completeSchema : requestSchema }),
  });
  return (
    <section className="auth">
      <h1>{t("Sign in with an email link")}</h1>
      {completing ? null : <SignInMethods />}
      {completing ? (
        <p>
          {loaderData.email
            ? t("Press the button to finish signing in.")
            : t("Enter the email the link was sent to, to finish signing in.")}
        </p>
      ) : sent ? (
        <p className="notice" role="status">
          {t("We have sent a sign-in link to your email. Open it on this device to sign in")}
        </p>
      ) : (
        <p>{t("We will email you a link that signs you in, no password needed.")}</p>
      )}
      <Form method="post" {...getFormProps(form)} className="auth__form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <HoneypotFields />
        <input type="hidden" name="intent" value={completing ? "complete" : "send"} />
        {completing ? <input type="hidden" name="oobCode" value={loaderData.oobCode ?? ""} /> : null}
        <Field
          meta={fields.email}
          label={t("Email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
        />
        <SubmitButton className="button button--block">
          {completing ? t("Sign in") : sent ? t("Send the link again") : t("Email me a sign-in link")}
        </SubmitButton>
      </Form>
    </section>
  );
}
