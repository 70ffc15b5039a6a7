// The package form of the console (new and edit): the schema is the API's own, so each field's
// message is the same with JavaScript (checked as you go) and without (the server's answer).
import { Link, useActionData } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type Submission,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  COUNTED_FEATURES,
  SWITCH_FEATURES,
  packageFormSchema,
  type PackageForm as PackageValues,
} from "~server/api/admin/package-schema";
import type { CallData } from "~server/api/calls";
import { useTranslation } from "~/lib/translate";
import { Field } from "~/components/field";
import { FormErrors } from "~/components/form-errors";

export type AdminPackage = CallData<"admin/package">;

/** The form's fields, each as the text its input holds. */
type FormShape = Record<Exclude<keyof PackageValues, "id">, string>;

/** What the form starts with: the package as it is, or a sensible new one. */
function defaults(pkg: AdminPackage | null): FormShape {
  const values = {
    name: pkg?.name ?? "",
    name_ar: pkg?.name_ar ?? "",
    price: pkg && !pkg.is_free ? pkg.price : "",
    validity_days: String(pkg?.validity_days ?? 30),
    is_free: pkg?.is_free ? "1" : "",
    once_per_user: pkg?.once_per_user ? "1" : "",
    status: pkg?.status ?? "on_sale",
  } as FormShape;
  for (const type of COUNTED_FEATURES) {
    const f = pkg?.features.find((x) => x.type === type);
    values[type] = !f ? "off" : f.limit === null ? "unlimited" : "limited";
    values[`${type}_limit`] = f?.limit ? String(f.limit) : "";
  }
  for (const type of SWITCH_FEATURES) values[type] = pkg?.features.some((x) => x.type === type) ? "1" : "";
  return values;
}

function Errors({ meta }: { meta: FieldMetadata<unknown> }) {
  const { t } = useTranslation();
  return (
    <div id={meta.errorId} className="field__errors" aria-live="polite">
      {meta.errors?.map((e) => (
        <p key={e}>{t(e)}</p>
      ))}
    </div>
  );
}

function Check({ meta, label, hint }: { meta: FieldMetadata<unknown>; label: string; hint?: string }) {
  const hintId = `${meta.id}-hint`;
  return (
    <div className="field" data-invalid={meta.errors ? true : undefined}>
      <div className="field--check">
        <input
          {...getInputProps(meta as FieldMetadata<string>, { type: "checkbox", value: "1" })}
          aria-describedby={
            [hint ? hintId : "", meta.errors ? meta.errorId : ""].join(" ").trim() || undefined
          }
        />
        <label htmlFor={meta.id}>{label}</label>
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <Errors meta={meta} />
    </div>
  );
}

export function PackageForm({ pkg, currency }: { pkg: AdminPackage | null; currency: string }) {
  const { t } = useTranslation();
  const lastResult = useActionData();
  const [form, fields] = useForm<FormShape>({
    id: pkg ? `package-${pkg.id}` : "package-new",
    lastResult,
    defaultValue: defaults(pkg),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The schema reads text inputs into numbers and booleans; the form itself only holds text.
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: packageFormSchema }) as unknown as Submission<FormShape>,
  });
  const number = (
    meta: FieldMetadata<unknown>,
    label: string,
    extra: { step?: string; hint?: string } = {},
  ) => (
    <div className="field" data-invalid={meta.errors ? true : undefined}>
      <label htmlFor={meta.id}>{label}</label>
      {/* Text with a numeric keyboard: the server's message, not the browser's, says what is wrong. */}
      <input
        {...getInputProps(meta as FieldMetadata<string>, { type: "text" })}
        inputMode={extra.step ? "decimal" : "numeric"}
        dir="ltr"
        aria-describedby={
          [extra.hint ? `${meta.id}-hint` : "", meta.errors ? meta.errorId : ""].join(" ").trim() || undefined
        }
      />
      {extra.hint ? (
        <p id={`${meta.id}-hint`} className="field__hint">
          {extra.hint}
        </p>
      ) : null}
      <Errors meta={meta} />
    </div>
  );
  return (
    <Form method="post" {...getFormProps(form)} className="admin-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      {pkg ? <input type="hidden" name="id" value={pkg.id} /> : null}
      <fieldset>
        <legend>{t("The package")}</legend>
        <Field meta={fields.name} label={t("Name")} dir="auto" />
        <div className="field" data-invalid={fields.name_ar.errors ? true : undefined}>
          <label htmlFor={fields.name_ar.id}>{t("Name (Arabic)")}</label>
          <input
            {...getInputProps(fields.name_ar as FieldMetadata<string>, { type: "text" })}
            dir="rtl"
            lang="ar"
          />
          <Errors meta={fields.name_ar} />
        </div>
        {number(fields.price, t("Price ({{currency}})", { currency }), {
          step: "0.01",
          hint: t("Leave empty for a free package."),
        })}
        {number(fields.validity_days, t("Validity (days)"))}
        <Check
          meta={fields.is_free}
          label={t("Free")}
          hint={t("Taken without paying; the price is ignored.")}
        />
        <Check
          meta={fields.once_per_user}
          label={t("Once per account")}
          hint={t("A free package each person may take only once.")}
        />
        <div className="field">
          <label htmlFor={fields.status.id}>{t("Status")}</label>
          <select {...getSelectProps(fields.status)}>
            <option value="on_sale">{t("On sale")}</option>
            <option value="retired">{t("Retired")}</option>
          </select>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("What it gives")}</legend>
        <p className="field__hint">
          {t("People who already hold the package keep what they were given; changes apply to new holders.")}
        </p>
        {COUNTED_FEATURES.map((type) => {
          const mode = fields[type];
          const limit = fields[`${type}_limit`];
          return (
            <div key={type} className="field-row">
              <div className="field">
                <label htmlFor={mode.id}>{t(`feature_${type}`)}</label>
                <select {...getSelectProps(mode)}>
                  <option value="off">{t("Not included")}</option>
                  <option value="limited">{t("Limited")}</option>
                  <option value="unlimited">{t("Unlimited")}</option>
                </select>
                <Errors meta={mode} />
              </div>
              {number(limit, t("Limit: {{feature}}", { feature: t(`feature_${type}`) }))}
            </div>
          );
        })}
        {SWITCH_FEATURES.map((type) => (
          <Check key={type} meta={fields[type]} label={t(`feature_${type}`)} />
        ))}
      </fieldset>
      <div className="admin-actions">
        <SubmitButton className="button">{pkg ? t("Save package") : t("Create package")}</SubmitButton>
        <Link to="/admin/packages" className="button button--ghost">
          {t("Cancel")}
        </Link>
      </div>
    </Form>
  );
}
