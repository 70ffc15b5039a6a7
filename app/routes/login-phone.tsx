// Sign-in with a phone number and a texted code. The server asks the identity provider to text the
// code; the provider wants a reCAPTCHA answer from the browser, which JavaScript gets invisibly.
// Without JavaScript (no reCAPTCHA possible) our own code goes by text message instead (get-otp);
// the person sees the same two steps either way. Against the emulator no reCAPTCHA is needed.
import { Link, useSearchParams } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { useState } from "react";
import { useTranslation } from "~/lib/translate";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/login-phone";
import { otpCode, phoneNumber } from "~server/api/otp/schema";
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
import { CodeStep, type LastResult } from "~/modules/auth/code-step";
import { useRoot } from "~/lib/use-root";
import { honeypotRefusal } from "~/lib/honeypot.server";
import { HoneypotFields } from "~/components/honeypot-fields";

const numberSchema = z.object({ mobile: phoneNumber, recaptcha_token: z.string().optional() });
const codeSchema = z.object({ otp: otpCode });

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer(request)) throw redirect(localizePath(getLocale(context), "/"));
  const pending = await readPendingCode(request, "phone");
  const asking = new URL(request.url).searchParams.get("step") === "code" && pending;
  return {
    title: getI18n(context).t("Sign in with your phone"),
    number: asking ? (pending.number ?? null) : null,
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "Sign in with your phone",
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
  const here = localizePath(locale, "/login/phone");
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (formData.get("intent") === "verify") {
    const submission = parseWithZod(formData, { schema: codeSchema });
    if (submission.status !== "success") return submission.reply();
    const pending = await readPendingCode(request, "phone");
    if (!pending?.number || !pending.via)
      return submission.reply({ fieldErrors: { otp: ["The code has expired. Please ask for a new one"] } });
    const res = await api(
      "phone-login",
      {
        mobile: pending.number,
        via: pending.via,
        session_info: pending.session_info ?? undefined,
        otp: submission.value.otp,
      },
      { request },
    );
    if (res.error) return replyWithApiError(submission, res);
    return sessionRedirect(locale, res.data.token, redirectTo, [await clearCookie(pendingCodeCookie)]);
  }
  const submission = parseWithZod(formData, { schema: numberSchema });
  if (submission.status !== "success") return submission.reply();
  const res = await api(
    "phone-code",
    { mobile: submission.value.mobile, recaptcha_token: submission.value.recaptcha_token || undefined },
    { request },
  );
  if (res.error) return replyWithApiError(submission, res);
  const cookie = await pendingCodeCookie.serialize({
    page: "phone",
    number: submission.value.mobile,
    via: res.data.via,
    session_info: res.data.session_info,
  });
  const qs = new URLSearchParams({ step: "code", ...(redirectTo ? { redirectTo } : {}) });
  return redirect(`${here}?${qs}`, { headers: { "set-cookie": cookie } });
}

export default function LoginPhone({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const redirectTo = useSearchParams()[0].get("redirectTo") ?? undefined;
  return (
    <section className="auth">
      <h1>{t("Sign in with your phone")}</h1>
      <SignInMethods redirectTo={redirectTo} />
      {loaderData.number ? (
        <>
          <CodeStep number={loaderData.number} lastResult={actionData} />
          <p>
            <Link to="/login/phone">{t("Use another number")}</Link>
          </p>
        </>
      ) : (
        <NumberStep lastResult={actionData} />
      )}
    </section>
  );
}

function NumberStep({ lastResult }: { lastResult: LastResult }) {
  const { t } = useTranslation();
  const { env } = useRoot();
  const [pending, setPending] = useState(false);
  const [form, fields] = useForm({
    id: "phone-number",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: numberSchema }),
    onSubmit: async (event, { submission }) => {
      // In production the provider wants a reCAPTCHA answer; the emulator does not.
      if (env.firebase.emulator || submission?.status !== "success") return;
      const formEl = event.currentTarget;
      if ((formEl.elements.namedItem("recaptcha_token") as HTMLInputElement).value) return;
      event.preventDefault();
      setPending(true);
      try {
        const { recaptchaToken } = await import("~/modules/auth/firebase.client");
        (formEl.elements.namedItem("recaptcha_token") as HTMLInputElement).value = await recaptchaToken(
          env.firebase,
          formEl.querySelector("button")!,
        );
      } catch {
        // No answer: the server sends our own code instead.
      }
      setPending(false);
      formEl.requestSubmit();
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="auth__form">
      <p>{t("Enter your number with its country code. We will text you a code.")}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <HoneypotFields />
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="recaptcha_token" defaultValue="" />
      <Field
        meta={fields.mobile}
        label={t("Phone number")}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        dir="ltr"
      />
      <SubmitButton className="button button--block" pending={pending}>
        {t("Send code")}
      </SubmitButton>
    </Form>
  );
}
