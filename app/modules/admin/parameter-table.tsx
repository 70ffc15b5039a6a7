// The details (parameters) listings fill in, as a content table: each edited on its own page, with
// the options of a choice in rows of English and Arabic (a few empty rows under the saved ones;
// without JavaScript, saving gives more).
import { Link } from "react-router";
import { saveParameterInput } from "~server/api/admin/content/schema";
import { Icon } from "~/components/icon";
import { useTranslation } from "~/lib/translate";
import type { ContentTable, CustomFieldProps, RowOf } from "./content-table";
import { PARAMETER_TYPE_LABELS } from "./parameter-types";

type Detail = RowOf<"admin/parameters">;

/** Empty option rows under the saved ones. */
const SPARE_ROWS = 3;
const MAX_ROWS = 53;

const option = (i: number, part: "value" | "ar") => `options[${i}].${part}`;

/** The option rows that were filled in, numbered afresh: the empty rows of the form are not options. */
function filledOptions(form: FormData): FormData {
  const out = new FormData();
  form.forEach((value, key) => {
    if (!key.startsWith("options[")) out.append(key, value);
  });
  let n = 0;
  for (let i = 0; i < MAX_ROWS; i++) {
    const value = String(form.get(option(i, "value")) ?? "");
    const ar = String(form.get(option(i, "ar")) ?? "");
    if (!value.trim() && !ar.trim()) continue;
    out.append(option(n, "value"), value);
    out.append(option(n, "ar"), ar);
    n++;
  }
  return out;
}

function Options({ form }: CustomFieldProps<Detail, never>) {
  const { t } = useTranslation();
  const sent = (form.initialValue?.options ?? []) as { value?: string; ar?: string }[];
  const rows = Math.min(sent.length + SPARE_ROWS, MAX_ROWS);
  const errors = Object.entries(form.allErrors)
    .filter(([name]) => name.startsWith("options"))
    .flatMap(([, messages]) => messages);
  const id = (i: number, part: string) => `${form.id}-option-${i}-${part}`;
  return (
    <fieldset
      aria-describedby={`${form.id}-options-hint${errors.length ? ` ${form.id}-options-error` : ""}`}
      data-invalid={errors.length ? true : undefined}
    >
      <legend>{t("Options")}</legend>
      <p id={`${form.id}-options-hint`} className="field__hint">
        {t(
          "For the dropdown, radio and checkbox types: one option a row, with its Arabic. Listings keep the English option they chose, so an option in use stays. Save to get more empty rows.",
        )}
      </p>
      <div id={`${form.id}-options-error`} className="field__errors" aria-live="polite">
        {[...new Set(errors)].map((e) => (
          <p key={e}>{t(e)}</p>
        ))}
      </div>
      {Array.from({ length: rows }, (_, i) => (
        <div className="field-row" key={i}>
          <div className="field">
            <label htmlFor={id(i, "en")}>{t("Option {{n}}", { n: i + 1 })}</label>
            <input
              id={id(i, "en")}
              name={option(i, "value")}
              defaultValue={sent[i]?.value ?? ""}
              maxLength={100}
              dir="auto"
            />
          </div>
          <div className="field">
            <label htmlFor={id(i, "ar")}>{t("Option {{n}} (Arabic)", { n: i + 1 })}</label>
            <input
              id={id(i, "ar")}
              name={option(i, "ar")}
              defaultValue={sent[i]?.ar ?? ""}
              maxLength={100}
              dir="rtl"
              lang="ar"
            />
          </div>
        </div>
      ))}
    </fieldset>
  );
}

export const parameterTable: ContentTable<"admin/parameters"> = {
  section: "/admin/content/parameters",
  key: "parameter",
  calls: { list: "admin/parameters", save: "admin/save-parameter", remove: "admin/delete-parameter" },
  schema: saveParameterInput,
  prepare: filledOptions,
  filters: true,
  texts: {
    title: "Details",
    lead: "What listings fill in (bedrooms, area, view…). A category asks for the details ticked on its page.",
    add: "Add a detail",
    create: "Add the detail",
  },
  name: (p) => p.name,
  fields: [
    [
      {
        name: "name",
        label: "Name",
        hint: "Search filters find Bedrooms and Bathrooms by their English names: keep those two names.",
        required: true,
        max: 100,
      },
      { name: "name_ar", label: "Name (Arabic)", ar: true, max: 100 },
    ],
    [
      {
        name: "type_of_parameter",
        label: "Type",
        kind: "select",
        options: Object.entries(PARAMETER_TYPE_LABELS),
        initial: "number",
      },
      { name: "unit", label: "Unit (optional)", hint: "e.g. sqft", max: 20 },
      { name: "image", label: "Icon (optional)", max: 40 },
    ],
    {
      kind: "custom",
      name: "options",
      initial: (p) => ({ options: (p?.options ?? []).map((o) => ({ value: o.value, ar: o.ar })) }),
      render: Options,
    },
  ],
  columns: [
    {
      heading: "Name",
      dir: "auto",
      cell: (p) => (
        <>
          <Icon value={p.image} />
          <Link to={`/admin/content/parameters/${p.id}`}>{p.name}</Link>
          {p.unit ? ` (${p.unit})` : ""}
        </>
      ),
    },
    { heading: "Name (Arabic)", dir: "ar", cell: (p) => p.name_ar },
    { heading: "Type", cell: (p, { t }) => t(PARAMETER_TYPE_LABELS[p.type_of_parameter]) },
    { heading: "Options", dir: "auto", cell: (p) => p.options.map((x) => x.value).join(", ") },
    { heading: "Categories", dir: "auto", cell: (p) => p.categories.map((c) => c.category).join(", ") },
    { heading: "Listings", cell: (p) => p.listings },
  ],
  pages: {
    also: { to: "/admin/content/categories", label: "Categories" },
    back: "Details",
    title: "Detail: {{name}}",
    fresh: "New detail",
    save: "Save the detail",
    uses: { text: "Filled in by {{count}} listings.", count: (p) => p.listings },
  },
};
