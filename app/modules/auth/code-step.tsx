// The second step of a code sign-in (phone or one-time code): the code that was sent.
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { useTranslation } from "~/lib/translate";
import { Field } from "~/components/field";
import { FormErrors } from "~/components/form-errors";
import { otpCode } from "~server/api/otp/schema";
import { HoneypotFields } from "~/components/honeypot-fields";

export type LastResult = SubmissionResult<string[]> | undefined;

const codeSchema = z.object({ otp: otpCode });

/** Step two, shared with the one-time code page: the code that was sent. */
export function CodeStep({
  number,
  lastResult,
  resend,
}: {
  number: string;
  lastResult: LastResult;
  resend?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "sign-in-code",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="auth__form">
      <p role="status">{t("We have sent a code to {{to}}.", { to: number })}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <HoneypotFields />
      <input type="hidden" name="intent" value="verify" />
      <Field meta={fields.otp} label={t("Code")} autoComplete="one-time-code" inputMode="text" dir="ltr" />
      <SubmitButton className="button button--block">{t("Sign in")}</SubmitButton>
      {resend}
    </Form>
  );
}
