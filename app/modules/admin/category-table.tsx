// The listing categories as a content table: each edited on its own page, with the details
// (parameters) a listing of the category is asked for, ticked and numbered in the order asked.
import { Link } from "react-router";
import { saveCategoryInput } from "~server/api/admin/content/schema";
import { Icon } from "~/components/icon";
import { useTranslation } from "~/lib/translate";
import type { ContentTable, CustomFieldProps, RowOf } from "./content-table";
import { OnOffPill } from "./content-ui";

type Category = RowOf<"admin/categories">;
type Detail = RowOf<"admin/parameters">;

/** The form's details in the order their numbers give (unnumbered ones last, as listed). */
function orderedDetails(form: FormData): FormData {
  const place = (id: string, i: number) => {
    const n = String(form.get(`order_${id}`) ?? "").trim();
    return n && Number.isFinite(Number(n)) ? Number(n) : 10_000 + i;
  };
  const ordered = form
    .getAll("parameter_ids")
    .map(String)
    .map((id, i) => ({ id, at: place(id, i), i }))
    .sort((a, b) => a.at - b.at || a.i - b.i);
  const out = new FormData();
  form.forEach((value, key) => {
    if (key !== "parameter_ids") out.append(key, value);
  });
  for (const { id } of ordered) out.append("parameter_ids", id);
  return out;
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v == null ? [] : [String(v)]);

/** The details to tick and number: those asked for first, in their order, the others after. */
function Details({ form, row, also }: CustomFieldProps<Category, Detail>) {
  const { t } = useTranslation();
  const sent = form.initialValue ?? {};
  const chosen = list(sent.parameter_ids);
  const saved = (row?.parameters ?? []).map((p) => String(p.id));
  const savedPlace = (id: number) => saved.indexOf(String(id)) + 1 || 1000;
  const listed = [...also].sort((x, y) => savedPlace(x.id) - savedPlace(y.id));
  const errors = Object.entries(form.allErrors)
    .filter(([name]) => name.startsWith("parameter_ids"))
    .flatMap(([, messages]) => messages);
  const hintId = `${form.id}-parameters-hint`;
  const errorId = `${form.id}-parameters-error`;
  return (
    <fieldset
      aria-describedby={errors.length ? errorId : hintId}
      data-invalid={errors.length ? true : undefined}
    >
      <legend>{t("Details a listing is asked for")}</legend>
      <p id={hintId} className="field__hint">
        {t("Tick the details and number them in the order the form asks for them.")}{" "}
        <Link to="/admin/content/parameters/new">{t("Add a detail")}</Link>
      </p>
      <div id={errorId} className="field__errors" aria-live="polite">
        {[...new Set(errors)].map((e) => (
          <p key={e}>{t(e)}</p>
        ))}
      </div>
      <ul className="admin-content-params">
        {listed.map((p) => (
          <li key={p.id}>
            <label className="field--check">
              <input
                type="checkbox"
                name="parameter_ids"
                value={p.id}
                defaultChecked={chosen.includes(String(p.id))}
              />
              <span dir="auto">{p.name}</span>
              {p.unit ? <span className="admin-page__lead"> ({p.unit})</span> : null}
            </label>
            <label className="admin-content-params__order">
              <span className="visually-hidden">{t("Place of {{name}}", { name: p.name })}</span>
              <input
                type="number"
                name={`order_${p.id}`}
                min={1}
                max={100}
                step={1}
                inputMode="numeric"
                defaultValue={String(sent[`order_${p.id}`] ?? "")}
                dir="ltr"
              />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export const categoryTable: ContentTable<"admin/categories", Detail> = {
  section: "/admin/content/categories",
  key: "category",
  calls: {
    list: "admin/categories",
    save: "admin/save-category",
    remove: "admin/delete-category",
    also: "admin/parameters",
  },
  schema: saveCategoryInput,
  prepare: orderedDetails,
  filters: true,
  texts: {
    title: "Categories",
    lead: "The kinds of property listings and projects belong to, in the order the site shows them, and the details each asks for. A category in use is switched off rather than deleted.",
    add: "Add a category",
    create: "Add the category",
  },
  name: (c) => c.category,
  fields: [
    [
      { name: "category", label: "Name", required: true, max: 100 },
      { name: "category_ar", label: "Name (Arabic)", ar: true, max: 100 },
    ],
    [
      {
        name: "slug_id",
        label: "Slug",
        hint: {
          new: "Leave empty to make it from the English name.",
          saved: "Part of the category's web address: changing it changes its links.",
        },
        max: 100,
      },
      {
        name: "image",
        label: "Icon (optional)",
        hint: "The name of an icon from lucide.dev/icons (e.g. house), or an emoji we draw as one",
        max: 40,
      },
    ],
    [
      {
        name: "status",
        label: "Status",
        kind: "onOff",
        on: "On",
        off: "Off",
        hint: "Off: no longer offered for new listings or in search; its listings stay.",
      },
      { name: "sequence", label: "Order", kind: "number", hint: { new: "Empty: after the others." } },
    ],
    {
      kind: "custom",
      name: "parameter_ids",
      initial: (c) => ({
        parameter_ids: (c?.parameters ?? []).map((p) => String(p.id)),
        ...Object.fromEntries((c?.parameters ?? []).map((p, i) => [`order_${p.id}`, String(i + 1)])),
      }),
      render: Details,
    },
  ],
  columns: [
    { heading: "Order", cell: (c) => c.sequence },
    {
      heading: "Name",
      dir: "auto",
      cell: (c) => (
        <>
          <Icon value={c.image} />
          <Link to={`/admin/content/categories/${c.id}`}>{c.category}</Link>
        </>
      ),
    },
    { heading: "Name (Arabic)", dir: "ar", cell: (c) => c.category_ar },
    { heading: "Slug", dir: "ltr", cell: (c) => c.slug_id },
    { heading: "Status", cell: (c, { t }) => <OnOffPill on={c.status} yes={t("On")} no={t("Off")} /> },
    { heading: "Details", dir: "auto", cell: (c) => c.parameters.map((p) => p.name).join(", ") },
    { heading: "Listings", cell: (c) => c.listings },
  ],
  pages: {
    also: { to: "/admin/content/parameters", label: "Details" },
    back: "Categories",
    title: "Category: {{name}}",
    fresh: "New category",
    save: "Save the category",
    uses: { text: "Used by {{count}} listings and projects.", count: (c) => c.listings },
  },
};
