// The agent verification form, built from the questions the API lists: each question type gets its
// own control, its label, a mark when it must be answered, and its messages under it. It is a plain
// multipart form, so it works the same with or without JavaScript.
import { Form, SubmitButton } from "~/components/submit-form";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translate";
import { FormErrors } from "~/components/form-errors";
import type { CallData } from "~server/api/calls";

export type VerificationQuestion = CallData<"get-agent-verification-form-fields">[number];

/** A file sent before (a failed application): where the owner can open it. */
export type KeptFile = { name: string; href: string };

const ACCEPT = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";

export function VerificationForm({
  questions,
  values,
  files,
  errors,
  formErrors,
  submitLabel,
}: {
  questions: VerificationQuestion[];
  /** What to show in each control: what was just typed, or the previous application's answers. */
  values: Record<number, string | string[] | null | undefined>;
  files: Record<number, KeptFile | undefined>;
  errors: Record<string, string[]>;
  formErrors: string[];
  submitLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="profile-form verification-form">
      <FormErrors id="verification-form-errors" errors={formErrors} />
      <p className="field__hint">{t("Questions marked * must be answered.")}</p>
      {questions.map((q) => (
        <Question key={q.id} q={q} value={values[q.id]} file={files[q.id]} errors={errors[`field_${q.id}`]} />
      ))}
      <div>
        <SubmitButton className="button" pendingLabel={t("Sending…")}>
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}

function Question({
  q,
  value,
  file,
  errors,
}: {
  q: VerificationQuestion;
  value: string | string[] | null | undefined;
  file?: KeptFile;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const name = `field_${q.id}`;
  const id = `field-${q.id}`;
  const errorId = `${id}-error`;
  const invalid = errors?.length ? true : undefined;
  const hintId = q.field_type === "file" ? `${id}-hint` : undefined;
  const describedBy = [invalid ? errorId : null, hintId].filter(Boolean).join(" ") || undefined;
  const common = { "aria-invalid": invalid, "aria-describedby": describedBy };
  const chosen = new Set(Array.isArray(value) ? value : value ? [value] : []);
  const mark = q.is_required ? (
    <>
      <span aria-hidden="true"> *</span>
      <span className="visually-hidden"> ({t("required")})</span>
    </>
  ) : null;
  const messages = (
    <div id={errorId} className="field__errors" aria-live="polite">
      {errors?.map((e) => (
        <p key={e}>{t(e)}</p>
      ))}
    </div>
  );

  if (q.field_type === "radio" || q.field_type === "checkbox") {
    return (
      <fieldset className="field" data-invalid={invalid} aria-describedby={invalid ? errorId : undefined}>
        <legend>
          {q.name}
          {mark}
        </legend>
        <div className="post-form__inline">
          {q.options.map((o) => (
            <label key={o.value} className="field--check">
              <input
                type={q.field_type}
                name={name}
                value={o.value}
                defaultChecked={chosen.has(o.value)}
                aria-invalid={invalid}
              />
              {o.label}
            </label>
          ))}
        </div>
        {messages}
      </fieldset>
    );
  }

  let control: ReactNode;
  const required = q.is_required ? { "aria-required": true as const } : {};
  const text = typeof value === "string" ? value : undefined;
  switch (q.field_type) {
    case "dropdown":
      control = (
        <select id={id} name={name} defaultValue={text ?? ""} {...required} {...common}>
          <option value="">{t("Choose")}</option>
          {q.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case "textarea":
      control = (
        <textarea
          id={id}
          name={name}
          rows={4}
          maxLength={5000}
          defaultValue={text}
          dir="auto"
          {...required}
          {...common}
        />
      );
      break;
    case "number":
      control = (
        <input
          id={id}
          name={name}
          type="number"
          step="any"
          inputMode="decimal"
          defaultValue={text}
          {...required}
          {...common}
        />
      );
      break;
    case "file":
      control = (
        <input
          id={id}
          name={name}
          type="file"
          accept={ACCEPT}
          {...(q.is_required && !file ? required : {})}
          {...common}
        />
      );
      break;
    default:
      control = (
        <input
          id={id}
          name={name}
          type="text"
          maxLength={500}
          defaultValue={text}
          dir="auto"
          {...required}
          {...common}
        />
      );
  }
  return (
    <div className="field" data-invalid={invalid}>
      <label htmlFor={id}>
        {q.name}
        {mark}
      </label>
      {control}
      {q.field_type === "file" ? (
        <p id={hintId} className="field__hint">
          {t("PDF, JPEG or PNG, up to 10 MB.")}
          {file ? (
            <>
              {" "}
              {t("Sent before:")}{" "}
              <a href={file.href} dir="auto">
                {file.name}
              </a>
              . {t("Leave empty to keep it.")}
            </>
          ) : null}
        </p>
      ) : null}
      {messages}
    </div>
  );
}
