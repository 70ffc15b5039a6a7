import { data, useLocation } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/languages";
import { api, apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { forgetSiteSettings } from "~/lib/settings.server";
import { useTranslation } from "~/lib/translate";
import {
  adminHeaders,
  adminOutcome,
  requireAdmin,
  type AdminActionResult,
} from "~/modules/admin/admin.server";
import { ActionNotice } from "~/modules/listings/ui";
import { AdminTable, Pill } from "~/modules/admin/ui";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const res = await apiData("admin/languages", {}, { request, locale });
  return { title: getI18n(context).t("Languages"), languages: res.data };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Languages", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const code = String(form.get("code") ?? "");
  const input =
    intent === "add"
      ? {
          code,
          name: String(form.get("name") ?? ""),
          name_in_english: String(form.get("name_in_english") ?? ""),
          rtl: form.has("rtl") ? "1" : "0",
          status: "1",
        }
      : intent === "default"
        ? { code, is_default: "1" }
        : { code, status: intent === "on" ? "1" : "0" };
  const res = await api("admin/save-language", input, { request, locale });
  // The site's language menu comes from the cached public settings.
  if (!res.error) await forgetSiteSettings();
  // A refused new language comes back with what was typed.
  if (res.error && intent === "add")
    return data({ error: res.message, errors: res.errors, intent, id: code, values: input }, { status: 400 });
  return adminOutcome(request, res, { intent, id: code });
}

export default function AdminLanguages({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const refused = actionData as AdminActionResult | undefined;
  const refusedFor = (intent: string, code?: string) =>
    refused && refused.intent === intent && (code === undefined || refused.id === code) ? refused : null;
  const added = refusedFor("add") as
    | (AdminActionResult & {
        values?: { code?: string; name?: string; name_in_english?: string; rtl?: string };
      })
    | null;
  const typed = added?.values;
  return (
    <section className="admin-page">
      <h1>{t("Languages")}</h1>
      <p className="admin-page__lead">
        {t(
          "The languages visitors can choose. The default language cannot be switched off; a language can only be added when the site has its translations.",
        )}
      </p>
      <ActionNotice />
      <AdminTable headings={[t("Code"), t("Name"), t("Direction"), t("Status"), t("Actions")]}>
        {d.languages.map((l) => {
          const no = refusedFor("on", l.code) ?? refusedFor("off", l.code) ?? refusedFor("default", l.code);
          return (
            <tr key={l.code}>
              <td>
                <code>{l.code}</code>
              </td>
              <td>
                <span lang={l.code} dir="auto">
                  {l.name}
                </span>{" "}
                ({l.name_in_english})
              </td>
              <td>{l.rtl ? t("Right to left") : t("Left to right")}</td>
              <td>
                <span className={`pill ${l.status ? "pill--ok" : "pill--warn"}`}>
                  {l.status ? t("On") : t("Off")}
                </span>{" "}
                {l.is_default ? <Pill tone="ok">{t("Default")}</Pill> : null}
                {l.has_translations ? null : <Pill tone="bad">{t("No translations")}</Pill>}
              </td>
              <td>
                <div className="admin-actions">
                  {l.is_default ? null : (
                    <LanguageForm
                      code={l.code}
                      intent={l.status ? "off" : "on"}
                      label={l.status ? t("Switch off") : t("Switch on")}
                      about={l.name_in_english}
                    />
                  )}
                  {l.is_default || !l.status ? null : (
                    <LanguageForm
                      code={l.code}
                      intent="default"
                      label={t("Make default")}
                      about={l.name_in_english}
                    />
                  )}
                </div>
                {no ? (
                  <p className="form-error" role="alert">
                    {t(no.error)}
                  </p>
                ) : null}
              </td>
            </tr>
          );
        })}
      </AdminTable>

      <div className="admin-card">
        <h2>{t("Add a language")}</h2>
        <Form method="post" className="admin-form" key={location.key}>
          <input type="hidden" name="intent" value="add" />
          {added && !added.errors ? (
            <p className="form-error" role="alert">
              {t(added.error)}
            </p>
          ) : null}
          <div className="field-row">
            <TextInput
              name="code"
              label={t("Code")}
              hint={t("Two letters, such as fr")}
              errors={added?.errors?.code}
              dir="ltr"
              defaultValue={typed?.code}
            />
            <TextInput
              name="name"
              label={t("Name in the language itself")}
              errors={added?.errors?.name}
              dir="auto"
              defaultValue={typed?.name}
            />
          </div>
          <TextInput
            name="name_in_english"
            label={t("Name in English")}
            errors={added?.errors?.name_in_english}
            defaultValue={typed?.name_in_english}
          />
          <div className="field--check">
            <input
              id="language-rtl"
              name="rtl"
              type="checkbox"
              value="1"
              defaultChecked={typed?.rtl === "1"}
            />
            <label htmlFor="language-rtl">{t("Written right to left")}</label>
          </div>
          <SubmitButton className="button">{t("Add the language")}</SubmitButton>
        </Form>
      </div>
    </section>
  );
}

function TextInput({
  name,
  label,
  hint,
  errors,
  dir,
  defaultValue,
}: {
  name: string;
  label: string;
  hint?: string;
  errors?: string[];
  dir?: "ltr" | "auto";
  defaultValue?: string;
}) {
  const { t } = useTranslation();
  const id = `language-${name}`;
  return (
    <div className="field" data-invalid={errors ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        required
        dir={dir}
        defaultValue={defaultValue}
        aria-invalid={errors ? true : undefined}
        aria-describedby={`${id}-errors${hint ? ` ${id}-hint` : ""}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div id={`${id}-errors`} className="field__errors" aria-live="polite">
        {errors?.map((e) => (
          <p key={e}>{t(e)}</p>
        ))}
      </div>
    </div>
  );
}

function LanguageForm({
  code,
  intent,
  label,
  about,
}: {
  code: string;
  intent: string;
  label: string;
  about: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="code" value={code} />
      <SubmitButton className="button button--ghost button--small">
        {label}
        <span className="visually-hidden"> – {about}</span>
      </SubmitButton>
    </Form>
  );
}
