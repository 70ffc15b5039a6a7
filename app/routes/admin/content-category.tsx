import { Link } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/content-category";
import { api, apiData } from "~/lib/api.server";
import { localizePath } from "~/lib/i18n";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentEditor, contentForm, contentOutcome, editorId, text } from "~/modules/admin/content.server";
import {
  ContentHead,
  DeleteCard,
  FormRefusal,
  OnOffField,
  outcomeFor,
  TextField,
} from "~/modules/admin/content-ui";
import { contentMeta } from "~/modules/admin/content-nav";

export async function loader(args: Route.LoaderArgs) {
  const { id, opts, t } = await contentEditor(args);
  const [parameters, found] = await Promise.all([
    apiData("admin/parameters", {}, opts),
    id === "new" ? null : api("admin/categories", { id }, opts),
  ]);
  if (found?.error) throw new Response("Not found", { status: 404 });
  const category = found?.data[0] ?? null;
  return {
    title: category ? t("Category: {{name}}", { name: category.category }) : t("New category"),
    category,
    parameters: parameters.data,
  };
}

export const headers = adminHeaders;

export const meta = contentMeta("Category");

/** The ticked details in the order their numbers give (unnumbered ones last, as listed). */
function orderedParameters(form: FormData): number[] {
  const ticked = form
    .getAll("parameter_ids")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const place = (id: number, i: number) => {
    const n = Number(form.get(`order_${id}`));
    return text(form, `order_${id}`) !== undefined && Number.isFinite(n) ? n : 10_000 + i;
  };
  return ticked
    .map((id, i) => ({ id, at: place(id, i), i }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((x) => x.id);
}

export async function action(args: Route.ActionArgs) {
  const { request, locale, form, intent, opts } = await contentForm(args);
  const id = editorId(args.params.id);
  const list = localizePath(locale, "/admin/content/categories");
  if (intent === "delete" && id !== "new")
    return contentOutcome(request, await api("admin/delete-category", { id }, opts), {
      intent,
      id,
      to: list,
      filters: true,
    });
  const input = {
    id: id === "new" ? undefined : id,
    category: String(form.get("category") ?? ""),
    category_ar: text(form, "category_ar"),
    slug_id: text(form, "slug_id"),
    image: text(form, "image"),
    status: String(form.get("status") ?? "1") as "1" | "0",
    sequence: text(form, "sequence"),
    parameter_ids: orderedParameters(form),
  };
  return contentOutcome(request, await api("admin/save-category", input, opts), {
    intent: "save",
    id: input.id,
    to: list,
    form,
    filters: true,
  });
}

export default function AdminCategory({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  const c = d.category;
  const o = outcomeFor(actionData, "save", c?.id);
  const formId = `category-${c?.id ?? "new"}`;
  const saved = (c?.parameters ?? []).map((p) => String(p.id));
  const chosen = o.chosen("parameter_ids", saved);
  const placeOf = (id: number) => {
    const at = saved.indexOf(String(id));
    return at < 0 ? "" : at + 1;
  };
  const paramErrors = o.errors("parameter_ids");
  // The details asked for first, in their order; the others after, by name.
  const listed = [...d.parameters].sort((x, y) => (placeOf(x.id) || 1000) - (placeOf(y.id) || 1000));
  return (
    <section className="admin-page">
      <ContentHead
        title={c ? c.category : t("New category")}
        back={{ to: "/admin/content/categories", label: "Categories" }}
        editor
      />
      <Form method="post" className="admin-form">
        <input type="hidden" name="intent" value="save" />
        <FormRefusal refused={o.refused} />
        <div className="field-row">
          <TextField
            form={formId}
            name="category"
            label={t("Name")}
            value={o.value("category", c?.category)}
            errors={o.errors("category")}
            required
            maxLength={100}
          />
          <TextField
            form={formId}
            name="category_ar"
            label={t("Name (Arabic)")}
            value={o.value("category_ar", c?.category_ar)}
            errors={o.errors("category_ar")}
            ar
            maxLength={100}
          />
        </div>
        <div className="field-row">
          <TextField
            form={formId}
            name="slug_id"
            label={t("Slug")}
            hint={
              c
                ? t("Part of the category's web address: changing it changes its links.")
                : t("Leave empty to make it from the English name.")
            }
            value={o.value("slug_id", c?.slug_id)}
            errors={o.errors("slug_id")}
            maxLength={100}
          />
          <TextField
            form={formId}
            name="image"
            label={t("Icon (optional)")}
            hint={t("The name of an icon from lucide.dev/icons (e.g. house), or an emoji we draw as one")}
            value={o.value("image", c?.image)}
            errors={o.errors("image")}
            maxLength={40}
          />
        </div>
        <div className="field-row">
          <OnOffField
            form={formId}
            label={t("Status")}
            value={o.value("status", c ? (c.status ? "1" : "0") : "1") === "1"}
            on={t("On")}
            off={t("Off")}
            hint={t("Off: no longer offered for new listings or in search; its listings stay.")}
          />
          <TextField
            form={formId}
            name="sequence"
            label={t("Order")}
            type="number"
            hint={c ? undefined : t("Empty: after the others.")}
            value={o.value("sequence", c?.sequence)}
            errors={o.errors("sequence")}
          />
        </div>
        <fieldset
          aria-describedby={paramErrors ? `${formId}-parameters-error` : `${formId}-parameters-hint`}
          data-invalid={paramErrors ? true : undefined}
        >
          <legend>{t("Details a listing is asked for")}</legend>
          <p id={`${formId}-parameters-hint`} className="field__hint">
            {t("Tick the details and number them in the order the form asks for them.")}{" "}
            <Link to={href("/admin/content/parameters/new")}>{t("Add a detail")}</Link>
          </p>
          <div id={`${formId}-parameters-error`} className="field__errors" aria-live="polite">
            {paramErrors?.map((e) => (
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
                    defaultValue={o.value(`order_${p.id}`, placeOf(p.id))}
                    dir="ltr"
                  />
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <SubmitButton className="button">{c ? t("Save the category") : t("Add the category")}</SubmitButton>
      </Form>
      {c ? (
        <DeleteCard id={c.id} about={c.category} result={actionData}>
          <p>{t("Used by {{count}} listings and projects.", { count: c.listings })}</p>
        </DeleteCard>
      ) : null}
    </section>
  );
}
