import { Link, useActionData } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/settings";
import {
  CLEARABLE_KEYS,
  CURRENCY_CODES,
  PUBLIC_GATEWAY_KEYS,
  SECRET_SETTING_KEYS,
  SWITCH_KEYS,
  settingsFormSchema,
  type SecretKey,
} from "~server/api/admin/settings-schema";
import type { Envelope } from "~server/api/envelope";
import { api, apiData } from "~/lib/api.server";
import { formResponse } from "~/lib/forms.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { forgetSiteSettings } from "~/lib/settings.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translate";
import { Field } from "~/components/field";
import { FormErrors } from "~/components/form-errors";
import { adminHeaders, requireAdmin, sentFrom } from "~/modules/admin/admin.server";
import { ActionNotice } from "~/modules/listings/ui";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const res = await apiData("admin/settings", {}, { request, locale });
  // Named here, once, so the page shows the same names whichever browser hydrates it.
  const names = new Intl.DisplayNames([locale], { type: "currency" });
  const currencies = CURRENCY_CODES.map((code) => ({ code, name: names.of(code) ?? code }));
  return { title: getI18n(context).t("Settings"), settings: res.data, currencies };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Settings", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const formData = await request.formData();
  // An unticked box sends nothing; in this form that means "off".
  for (const key of SWITCH_KEYS) formData.set(key, formData.has(key) ? "1" : "0");
  const submission = parseWithZod(formData, { schema: settingsFormSchema });
  // A typed secret never travels back to the page, not even to the admin who typed it.
  const hideFields = [...SECRET_SETTING_KEYS];
  if (submission.status !== "success") return formResponse(submission.reply({ hideFields }));
  // An emptied optional text arrives as nothing; say "remove it" (a form sent with an image could not say it with "").
  const clear = new Set(submission.value.clear ?? []);
  for (const key of CLEARABLE_KEYS) if (formData.get(key) === "") clear.add(key);
  const res = await api(
    "admin/save-settings",
    { ...submission.value, clear: [...clear] },
    { request, locale },
  );
  if (res.error) return formResponse(submission.reply({ hideFields, ...refusal(res) }));
  await forgetSiteSettings();
  return redirectWithToast(sentFrom(request), { type: "success", message: res.message });
}

function refusal(res: Envelope<unknown>) {
  return res.errors ? { fieldErrors: res.errors } : { formErrors: [res.message] };
}

const GATEWAYS: {
  name: string;
  public?: (typeof PUBLIC_GATEWAY_KEYS)[number];
  publicLabel?: string;
  secrets: [SecretKey, string][];
}[] = [
  {
    name: "Stripe",
    public: "stripe_publishable_key",
    publicLabel: "Publishable key",
    secrets: [
      ["stripe_secret_key", "Secret key"],
      ["stripe_webhook_secret", "Webhook signing secret"],
    ],
  },
  {
    name: "Paystack",
    public: "paystack_public_key",
    publicLabel: "Public key",
    secrets: [["paystack_secret_key", "Secret key"]],
  },
  {
    name: "Flutterwave",
    public: "flutterwave_public_key",
    publicLabel: "Public key",
    secrets: [
      ["flutterwave_secret_key", "Secret key"],
      ["flutterwave_webhook_hash", "Webhook secret hash"],
    ],
  },
  {
    name: "PayPal",
    public: "paypal_client_id",
    publicLabel: "Client ID",
    secrets: [
      ["paypal_secret", "Secret"],
      ["paypal_webhook_id", "Webhook ID"],
    ],
  },
];

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const s = loaderData.settings;
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      company_name: s.company_name,
      company_email: s.company_email,
      company_tel1: s.company_tel1,
      company_address: s.company_address,
      currency_code: s.currency_code,
      currency_symbol: s.currency_symbol,
      default_language: s.default_language,
      svg_clr: s.svg_clr,
      stripe_publishable_key: s.stripe_publishable_key,
      paystack_public_key: s.paystack_public_key,
      flutterwave_public_key: s.flutterwave_public_key,
      paypal_client_id: s.paypal_client_id,
      paypal_mode: s.paypal_mode,
      bank_transfer_details: s.bank_transfer_details,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsFormSchema }),
  });
  const fromEnv = new Set<string>(s.environment);
  const check = (key: (typeof SWITCH_KEYS)[number], label: string, hint?: string) => (
    <div className="field">
      <div className="field--check">
        <input
          id={`setting-${key}`}
          name={key}
          type="checkbox"
          value="1"
          defaultChecked={s[key]}
          aria-describedby={hint ? `setting-${key}-hint` : undefined}
        />
        <label htmlFor={`setting-${key}`}>{label}</label>
      </div>
      {hint ? (
        <p id={`setting-${key}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
  return (
    <section className="admin-page">
      <h1>{t("Settings")}</h1>
      <p className="admin-page__lead">
        {t(
          "What the whole marketplace uses: its name and contact details, money, how listings and accounts are handled, its look and its payment gateways.",
        )}
      </p>
      <p>
        <Link to="/admin/languages">{t("Languages")}</Link> · <Link to="/admin/home">{t("Home page")}</Link>
      </p>
      <ActionNotice />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="admin-form">
        <FormErrors id={form.errorId} errors={form.errors} />

        <fieldset>
          <legend>{t("General")}</legend>
          <Field meta={fields.company_name} label={t("Company name")} dir="auto" />
          <div className="field-row">
            <Field meta={fields.company_email} label={t("Email")} type="email" inputMode="email" dir="ltr" />
            <Field
              meta={fields.company_tel1}
              label={t("Phone number")}
              type="tel"
              inputMode="tel"
              dir="ltr"
            />
          </div>
          <Field meta={fields.company_address} label={t("Address")} dir="auto" />
          <SelectField
            meta={fields.default_language}
            label={t("Default language")}
            hint={t(
              "The language of notifications pushed to closed browsers, since profiles keep no language. Addresses stay as they are: English without a prefix, Arabic under /ar. Switch languages on and off on the Languages page.",
            )}
          >
            {s.languages
              .filter((l) => l.status)
              .map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name} ({l.name_in_english})
                </option>
              ))}
          </SelectField>
        </fieldset>

        <fieldset>
          <legend>{t("Money")}</legend>
          <div className="field-row">
            <SelectField meta={fields.currency_code} label={t("Currency")}>
              {loaderData.currencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} – {c.name}
                </option>
              ))}
            </SelectField>
            <Field meta={fields.currency_symbol} label={t("Currency symbol")} dir="auto" />
          </div>
          {check("number_with_suffix", t("Short prices (1.50M instead of 1,500,000.00)"))}
        </fieldset>

        <fieldset>
          <legend>{t("Listings & accounts")}</legend>
          {check(
            "auto_approve",
            t("Publish new listings without review"),
            t("Off: every new listing waits for an admin's approval."),
          )}
          {check("verification_required_for_user", t("Only verified agents may list"))}
          {check("starter_package", t("Give new accounts the free starter package"))}
          {check("demo_mode", t("Demo mode"), t("The demo accounts cannot change or delete listings."))}
        </fieldset>

        <fieldset>
          <legend>{t("Brand")}</legend>
          <div className="field" data-invalid={fields.svg_clr.errors ? true : undefined}>
            <label htmlFor={fields.svg_clr.id}>{t("Brand colour")}</label>
            <input {...getInputProps(fields.svg_clr, { type: "color" })} className="admin-colour" />
            <p className="field__hint">
              {t("Buttons, links and highlights. Pick a dark colour: white text goes on it.")}
            </p>
            <Errors meta={fields.svg_clr} />
          </div>
          <div className="field" data-invalid={fields.web_placeholder_logo.errors ? true : undefined}>
            <label htmlFor={fields.web_placeholder_logo.id}>{t("Image for listings without a photo")}</label>
            <img
              src={s.web_placeholder_logo}
              alt=""
              width={64}
              height={64}
              className="admin-placeholder-logo"
            />
            <input
              id={fields.web_placeholder_logo.id}
              name={fields.web_placeholder_logo.name}
              type="file"
              accept="image/jpeg,image/png"
              aria-describedby={`${fields.web_placeholder_logo.id}-hint`}
              aria-invalid={fields.web_placeholder_logo.errors ? true : undefined}
            />
            <p id={`${fields.web_placeholder_logo.id}-hint`} className="field__hint">
              {t("JPEG or PNG, at least 64 × 64 pixels, up to 5 MB. Leave empty to keep the current one.")}
            </p>
            <Errors meta={fields.web_placeholder_logo} />
            {s.web_placeholder_logo_is_default ? null : (
              <div className="field--check">
                <input id="reset-placeholder" name="reset_placeholder_logo" type="checkbox" value="1" />
                <label htmlFor="reset-placeholder">{t("Use the site's own image again")}</label>
              </div>
            )}
          </div>
        </fieldset>

        <fieldset>
          <legend>{t("Payment gateways")}</legend>
          <p className="field__hint">
            {t(
              "Public keys are shown. Secret keys are never shown: leave a secret empty to keep it, type a new one to replace it.",
            )}
          </p>
          {GATEWAYS.map((g) => (
            <fieldset key={g.name}>
              <legend>{g.name}</legend>
              {g.public ? <Field meta={fields[g.public]} label={t(g.publicLabel!)} dir="ltr" /> : null}
              {g.public && fromEnv.has(g.public) && !s[g.public] ? (
                <p className="field__hint">{t("Set by the server's environment.")}</p>
              ) : null}
              {g.secrets.map(([key, label]) => (
                <SecretField key={key} meta={fields[key]} label={t(label)} state={s.secrets[key]} />
              ))}
              {g.name === "PayPal" ? (
                <SelectField meta={fields.paypal_mode} label={t("PayPal mode")}>
                  <option value="sandbox">{t("Sandbox (testing)")}</option>
                  <option value="live">{t("Live")}</option>
                </SelectField>
              ) : null}
            </fieldset>
          ))}
          <fieldset>
            <legend>{t("Bank transfer")}</legend>
            {check("bank_transfer_status", t("Accept bank transfers"))}
            <div className="field" data-invalid={fields.bank_transfer_details.errors ? true : undefined}>
              <label htmlFor={fields.bank_transfer_details.id}>{t("Bank details")}</label>
              <textarea {...getTextareaProps(fields.bank_transfer_details)} rows={4} dir="auto" />
              <p className="field__hint">
                {t("Shown to buyers who choose bank transfer: bank, account name, IBAN.")}
              </p>
              <Errors meta={fields.bank_transfer_details} />
            </div>
          </fieldset>
        </fieldset>

        <SubmitButton className="button" pendingLabel={t("Saving…")}>
          {t("Save settings")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function Errors({ meta }: { meta: { errorId: string; errors?: string[] } }) {
  const { t } = useTranslation();
  return (
    <div id={meta.errorId} className="field__errors" aria-live="polite">
      {meta.errors?.map((e) => (
        <p key={e}>{t(e)}</p>
      ))}
    </div>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a select of any of the form's text fields
type AnyMeta = FieldMetadata<any>;

function SelectField({
  meta,
  label,
  hint,
  children,
}: {
  meta: AnyMeta;
  label: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="field" data-invalid={meta.errors ? true : undefined}>
      <label htmlFor={meta.id}>{label}</label>
      <select {...getSelectProps(meta)}>{children}</select>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <Errors meta={meta} />
    </div>
  );
}

/** A secret's input starts empty (it is never sent to the page); what is stored is described instead. */
function SecretField({
  meta,
  label,
  state,
}: {
  meta: AnyMeta;
  label: string;
  state: { set: boolean; masked: string | null; source: "settings" | "environment" | null };
}) {
  const { t } = useTranslation();
  const hintId = `${meta.id}-hint`;
  return (
    <div className="field" data-invalid={meta.errors ? true : undefined}>
      <label htmlFor={meta.id}>{label}</label>
      <input
        id={meta.id}
        name={meta.name}
        type="password"
        autoComplete="off"
        dir="ltr"
        spellCheck={false}
        aria-describedby={hintId}
        aria-invalid={meta.errors ? true : undefined}
        placeholder={state.masked ?? ""}
      />
      <p id={hintId} className="field__hint">
        {state.source === "settings"
          ? t("Set ({{masked}}). Leave empty to keep it.", { masked: state.masked ?? "••••" })
          : state.source === "environment"
            ? t("Set by the server's environment ({{masked}}). A value typed here takes its place.", {
                masked: state.masked ?? "••••",
              })
            : t("Not set.")}
      </p>
      <Errors meta={meta} />
      {state.source === "settings" ? (
        <div className="field--check">
          <input id={`${meta.id}-clear`} name="clear" type="checkbox" value={meta.name} />
          <label htmlFor={`${meta.id}-clear`}>
            {t("Remove the stored value")}
            <span className="visually-hidden"> – {label}</span>
          </label>
        </div>
      ) : null}
    </div>
  );
}
