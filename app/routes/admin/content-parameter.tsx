import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/content-parameter";
import { api } from "~/lib/api.server";
import { localizePath } from "~/lib/i18n";
import { useTranslation } from "~/lib/translate";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentEditor, contentForm, contentOutcome, editorId, text } from "~/modules/admin/content.server";
import {
  ContentHead,
  DeleteCard,
  FormRefusal,
  outcomeFor,
  SelectField,
  TextField,
} from "~/modules/admin/content-ui";
import { contentMeta } from "~/modules/admin/content-nav";
import { PARAMETER_TYPE_LABELS } from "~/modules/admin/parameter-types";

/** Empty option rows under the saved ones (without JavaScript, save to get more). */
const SPARE_ROWS = 3;
const MAX_ROWS = 53;

export async function loader(args: Route.LoaderArgs) {
  const { id, opts, t } = await contentEditor(args);
  const found = id === "new" ? null : await api("admin/parameters", { id }, opts);
  if (found?.error) throw new Response("Not found", { status: 404 });
  const parameter = found?.data[0] ?? null;
  return { title: parameter ? t("Detail: {{name}}", { name: parameter.name }) : t("New detail"), parameter };
}

export const headers = adminHeaders;

export const meta = contentMeta("Detail");

export async function action(args: Route.ActionArgs) {
  const { request, locale, form, intent, opts } = await contentForm(args);
  const id = editorId(args.params.id);
  const list = localizePath(locale, "/admin/content/parameters");
  if (intent === "delete" && id !== "new")
    return contentOutcome(request, await api("admin/delete-parameter", { id }, opts), {
      intent,
      id,
      to: list,
      filters: true,
    });
  const options: { value: string; ar?: string }[] = [];
  for (let i = 0; i < MAX_ROWS; i++) {
    const value = String(form.get(`option_${i}_en`) ?? "");
    const ar = String(form.get(`option_${i}_ar`) ?? "");
    if (value.trim() || ar.trim()) options.push({ value, ar });
  }
  const input = {
    id: id === "new" ? undefined : id,
    name: String(form.get("name") ?? ""),
    name_ar: text(form, "name_ar"),
    type_of_parameter: String(form.get("type_of_parameter") ?? "") as "text",
    options,
    unit: text(form, "unit"),
    image: text(form, "image"),
  };
  return contentOutcome(request, await api("admin/save-parameter", input, opts), {
    intent: "save",
    id: input.id,
    to: list,
    form,
    filters: true,
  });
}

export default function AdminParameter({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const p = d.parameter;
  const o = outcomeFor(actionData, "save", p?.id);
  const formId = `parameter-${p?.id ?? "new"}`;
  const saved = p?.options ?? [];
  const rows = Math.min(saved.length + SPARE_ROWS, MAX_ROWS);
  const optionErrors = o.errors("options");
  return (
    <section className="admin-page">
      <ContentHead
        title={p ? p.name : t("New detail")}
        back={{ to: "/admin/content/parameters", label: "Details" }}
        editor
      />
      <Form method="post" className="admin-form">
        <input type="hidden" name="intent" value="save" />
        <FormRefusal refused={o.refused} />
        <div className="field-row">
          <TextField
            form={formId}
            name="name"
            label={t("Name")}
            hint={t(
              "Search filters find Bedrooms and Bathrooms by their English names: keep those two names.",
            )}
            value={o.value("name", p?.name)}
            errors={o.errors("name")}
            required
            maxLength={100}
          />
          <TextField
            form={formId}
            name="name_ar"
            label={t("Name (Arabic)")}
            value={o.value("name_ar", p?.name_ar)}
            errors={o.errors("name_ar")}
            ar
            maxLength={100}
          />
        </div>
        <div className="field-row">
          <SelectField
            form={formId}
            id="type"
            name="type_of_parameter"
            label={t("Type")}
            value={o.value("type_of_parameter", p?.type_of_parameter ?? "number")}
            errors={o.errors("type_of_parameter")}
          >
            {Object.entries(PARAMETER_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </SelectField>
          <TextField
            form={formId}
            name="unit"
            label={t("Unit (optional)")}
            hint={t("e.g. sqft")}
            value={o.value("unit", p?.unit)}
            errors={o.errors("unit")}
            maxLength={20}
          />
          <TextField
            form={formId}
            name="image"
            label={t("Icon (optional)")}
            value={o.value("image", p?.image)}
            errors={o.errors("image")}
            maxLength={40}
          />
        </div>
        <fieldset
          aria-describedby={`${formId}-options-hint${optionErrors ? ` ${formId}-options-error` : ""}`}
          data-invalid={optionErrors ? true : undefined}
        >
          <legend>{t("Options")}</legend>
          <p id={`${formId}-options-hint`} className="field__hint">
            {t(
              "For the dropdown, radio and checkbox types: one option a row, with its Arabic. Listings keep the English option they chose, so an option in use stays. Save to get more empty rows.",
            )}
          </p>
          <div id={`${formId}-options-error`} className="field__errors" aria-live="polite">
            {optionErrors?.map((e) => (
              <p key={e}>{t(e)}</p>
            ))}
          </div>
          {Array.from({ length: rows }, (_, i) => (
            <div className="field-row" key={i}>
              <div className="field">
                <label htmlFor={`${formId}-option-${i}-en`}>{t("Option {{n}}", { n: i + 1 })}</label>
                <input
                  id={`${formId}-option-${i}-en`}
                  name={`option_${i}_en`}
                  defaultValue={o.value(`option_${i}_en`, saved[i]?.value)}
                  maxLength={100}
                  dir="auto"
                />
              </div>
              <div className="field">
                <label htmlFor={`${formId}-option-${i}-ar`}>{t("Option {{n}} (Arabic)", { n: i + 1 })}</label>
                <input
                  id={`${formId}-option-${i}-ar`}
                  name={`option_${i}_ar`}
                  defaultValue={o.value(`option_${i}_ar`, saved[i]?.ar)}
                  maxLength={100}
                  dir="rtl"
                  lang="ar"
                />
              </div>
            </div>
          ))}
        </fieldset>
        <SubmitButton className="button">{p ? t("Save the detail") : t("Add the detail")}</SubmitButton>
      </Form>
      {p ? (
        <DeleteCard id={p.id} about={p.name} result={actionData}>
          <p>{t("Filled in by {{count}} listings.", { count: p.listings })}</p>
        </DeleteCard>
      ) : null}
    </section>
  );
}
