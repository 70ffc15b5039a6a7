// Sign-in with a one-time code of our own (spec get-otp / verify-otp) sent to an email address or
// a phone number: the way in where the identity provider's phone sign-in is not used.
import { Link, useSearchParams } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { useTranslation } from "~/lib/translate";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/login-otp";
import { otpCode } from "~server/api/otp/schema";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { getViewer } from "~/lib/session.server";
import { localizePath } from "~/lib/i18n";
import { Field } from "~/components/field";
import { FormErrors } from "~/components/form-errors";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import {
  clearCookie,
  pendingCodeCookie,
  readPendingCode,
  sessionRedirect,
} from "~/modules/auth/sign-in.server";
import { safeRedirect } from "~/modules/auth/form.server";
import { SignInMethods } from "~/modules/auth/sign-in-methods";
import { CodeStep } from "~/modules/auth/code-step";
import { honeypotRefusal } from "~/lib/honeypot.server";
import { HoneypotFields } from "~/components/honeypot-fields";

const TARGET_REQUIRED = "Email or phone number is required";
const targetSchema = z.object({
  target: z.string({ error: TARGET_REQUIRED }).trim().min(1, TARGET_REQUIRED).max(200),
});
const codeSchema = z.object({ otp: otpCode });

/** An address has an @; anything else is taken as a phone number. */
const asInput = (
  target: string,
): { email: string; number?: undefined } | { number: string; email?: undefined } =>
  target.includes("@") ? { email: target } : { number: target };

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer(request)) throw redirect(localizePath(getLocale(context), "/"));
  const pending = await readPendingCode(request, "otp");
  const asking = new URL(request.url).searchParams.get("step") === "code" && pending;
  return {
    title: getI18n(context).t("Sign in with a one-time code"),
    sentTo: asking ? (pending.email ?? pending.number ?? null) : null,
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "Sign in with a one-time code",
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
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (formData.get("intent") === "verify") {
    const submission = parseWithZod(formData, { schema: codeSchema });
    if (submission.status !== "success") return submission.reply();
    const pending = await readPendingCode(request, "otp");
    if (!pending || (!pending.email && !pending.number))
      return submission.reply({ fieldErrors: { otp: ["The code has expired. Please ask for a new one"] } });
    // Posted, not asked in a URL: the code stays out of access logs (and of a separate API's).
    const res = await api(
      "verify-otp-post",
      { email: pending.email, number: pending.number, otp: submission.value.otp },
      { request },
    );
    if (res.error) return replyWithApiError(submission, res);
    return sessionRedirect(locale, res.data.token, redirectTo, [await clearCookie(pendingCodeCookie)]);
  }
  const submission = parseWithZod(formData, { schema: targetSchema });
  if (submission.status !== "success") return submission.reply();
  const input = asInput(submission.value.target);
  const res = await api("get-otp", input, { request });
  if (res.error) {
    // The call names the field (email or number); this form has one field for both.
    const errors = res.errors ? { target: Object.values(res.errors).flat() } : undefined;
    return replyWithApiError(submission, { ...res, errors });
  }
  const stored =
    input.email !== undefined
      ? { email: input.email.trim().toLowerCase() }
      : { number: input.number.replace(/[\s\-().]/g, "") };
  const cookie = await pendingCodeCookie.serialize({ page: "otp", ...stored });
  const qs = new URLSearchParams({ step: "code", ...(redirectTo ? { redirectTo } : {}) });
  return redirect(`${localizePath(locale, "/login/otp")}?${qs}`, { headers: { "set-cookie": cookie } });
}

export default function LoginOtp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const redirectTo = useSearchParams()[0].get("redirectTo") ?? undefined;
  const [form, fields] = useForm({
    id: "otp-target",
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: targetSchema }),
  });
  return (
    <section className="auth">
      <h1>{t("Sign in with a one-time code")}</h1>
      <SignInMethods redirectTo={redirectTo} />
      {loaderData.sentTo ? (
        <>
          <CodeStep number={loaderData.sentTo} lastResult={actionData} />
          <p>
            <Link to="/login/otp">{t("Send a new code")}</Link>
          </p>
        </>
      ) : (
        <Form method="post" {...getFormProps(form)} className="auth__form">
          <p>{t("We will send a six-digit code to your email or phone. It is valid for 10 minutes.")}</p>
          <FormErrors id={form.errorId} errors={form.errors} />
          <HoneypotFields />
          <input type="hidden" name="intent" value="send" />
          <Field meta={fields.target} label={t("Email or phone number")} autoComplete="username" dir="ltr" />
          <SubmitButton className="button button--block">{t("Send code")}</SubmitButton>
        </Form>
      )}
    </section>
  );
}
