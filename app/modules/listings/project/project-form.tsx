// The project form, for a new project and for editing one. Without JavaScript it is a plain
// multipart form: file inputs, removal checkboxes, three empty plan rows after the saved plans
// ("Add a plan" posts the form for one more), location typed or chosen from lists. With
// JavaScript: instant field errors, plan rows added and removed in place, and what the property
// form does too: photo previews, a gallery that can be reordered, an upload progress bar and a map
// pin that fills the address. Either way a row is added only once the last one is not empty
// (./plan-rows.ts). What every listing form has comes from app/modules/listings/form; this file
// keeps a project's own: its type and its plans.
import { useState, type MouseEvent } from "react";
import { getSelectProps } from "@conform-to/react";
import { postProjectFormSchema } from "~server/api/listings/project/post-schema";
import { PROJECT_TYPES } from "~server/api/listings/project/schema";
import { useTranslation } from "~/lib/translate";
import { AboutSection, CategoryOptions } from "~/modules/listings/form/about-section";
import { Field } from "~/modules/listings/form/field";
import { FieldErrors as Errors, type ErrorMeta } from "~/modules/listings/form/field-errors";
import { ListingFormShell } from "~/modules/listings/form/form-shell";
import { LocationFields } from "~/modules/listings/form/location-fields";
import { MediaSection } from "~/modules/listings/form/media-section";
import type { SavedListing } from "~/modules/listings/form/saved";
import { SeoSection } from "~/modules/listings/form/seo-section";
import { useListingForm, type ListingFormProps } from "~/modules/listings/form/use-listing-form";
import {
  ADD_PLAN_INTENT,
  FILL_PLAN_FIRST,
  MAX_NEW_PLAN_ROWS,
  newPlanRowCount,
  PLAN_ROWS_FIELD,
  planRowEmpty,
  planTitleName,
} from "./plan-rows";

export interface SavedProject extends SavedListing {
  image: { url: string } | null;
  plans: { id: number; title: string; document: string }[];
}

export interface ProjectFormProps extends ListingFormProps {
  categories: { id: number; category: string }[];
  project?: SavedProject;
}

/** A project's own fields, besides those of every listing. */
type OwnFieldName = "type" | "image";

const TYPE_LABELS = { under_construction: "Under construction", upcoming: "Upcoming" } as const;

export function ProjectForm({ categories, project, ...page }: ProjectFormProps) {
  const { t } = useTranslation();
  const listingForm = useListingForm<OwnFieldName>({
    ...page,
    kind: "project",
    schema: postProjectFormSchema,
    saved: project,
  });
  const { form, fields, hydrated, errors, err, defaults } = listingForm;
  const saved = project?.plans ?? [];
  // Saved plans take rows 0…n-1; new rows are numbered after them and keep their number when a
  // row before them is removed, so each message stays on its row. A form that came back (a plan
  // added without JavaScript, a refused post) shows as many rows as it had.
  const [newRows, setNewRows] = useState<number[]>(() =>
    Array.from({ length: newPlanRowCount(defaults[PLAN_ROWS_FIELD]) }, (_, i) => saved.length + i),
  );
  // A form that came back (a refused post, a plan added without JavaScript) brings each row's title as sent.
  const sentPlans = (page.lastResult?.initialValue as { plans?: unknown } | null | undefined)?.plans;
  const sentTitle = (i: number) => {
    const row: unknown = Array.isArray(sentPlans) ? sentPlans[i] : undefined;
    const title = row && typeof row === "object" ? (row as { title?: unknown }).title : undefined;
    return typeof title === "string" ? title : undefined;
  };
  /** The row whose emptiness refused the last "Add a plan" in the browser. */
  const [emptyRow, setEmptyRow] = useState<number | null>(null);

  function addRow(event: MouseEvent<HTMLButtonElement>) {
    const last = newRows.at(-1);
    if (last !== undefined) {
      const inputs = event.currentTarget.form?.elements;
      const title = inputs?.namedItem(planTitleName(last)) as HTMLInputElement | null;
      const file = inputs?.namedItem(`plans[${last}].document`) as HTMLInputElement | null;
      if (planRowEmpty(title?.value, file?.files?.[0])) {
        setEmptyRow(last);
        title?.focus();
        return;
      }
    }
    setEmptyRow(null);
    setNewRows((rows) => [...rows, Math.max(saved.length - 1, ...rows) + 1]);
  }

  /** A new row's title messages, with the browser's refusal on the row that was empty. */
  function titleMeta(i: number) {
    const meta = err(planTitleName(i));
    return emptyRow === i ? { ...meta, errors: [...(meta.errors ?? []), FILL_PLAN_FIRST] } : meta;
  }

  return (
    <ListingFormShell form={listingForm} postLabel={t("Post project")}>
      {/* Enter in a field sends the form with its first submit button: this one posts it, where
          "Add a plan" (a submit button further down without JavaScript) would come first. */}
      {!hydrated && (
        <button type="submit" hidden tabIndex={-1}>
          {t("Post project")}
        </button>
      )}
      <AboutSection form={listingForm} legend={t("About the project")} textDir="auto">
        <div className="field-row">
          <Field meta={fields.category_id} label={t("Category")}>
            <select {...getSelectProps(fields.category_id)}>
              <CategoryOptions categories={categories} />
            </select>
          </Field>
          <Field meta={fields.type} label={t("Type")}>
            <select {...getSelectProps(fields.type)}>
              {PROJECT_TYPES.map((v) => (
                <option key={v} value={v}>
                  {t(TYPE_LABELS[v])}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </AboutSection>

      <LocationFields
        {...listingForm.location}
        idPrefix="project"
        addressName="location"
        pinLabel={t("The project's place on the map")}
      />

      <MediaSection
        form={listingForm}
        titleImage={fields.image}
        currentTitleImage={project?.image?.url}
        removeDocumentsMeta={err("remove_documents")}
      />

      <fieldset className="post-form__section post-form__plans">
        <legend>{t("Plans")}</legend>
        <p className="field__hint">
          {t("Floor plans or brochures: a title and a PDF, JPEG or PNG file each.")}
        </p>
        <ol className="plan-rows">
          {saved.map((p, i) => (
            <li key={p.id} className="plan-row">
              <input type="hidden" name={`plans[${i}].id`} value={p.id} />
              <PlanTitle
                index={i}
                defaultValue={sentTitle(i) ?? p.title}
                meta={err(`plans[${i}].title`)}
                formId={form.id}
              />
              <div className="field" data-invalid={errors[`plans[${i}].document`] ? true : undefined}>
                <label htmlFor={`${form.id}-plan-${i}-document`}>{t("Replace the file (optional)")}</label>
                <a href={p.document}>{t("Current file")}</a>
                <PlanFile index={i} meta={err(`plans[${i}].document`)} formId={form.id} />
              </div>
              <label className="field--check">
                <input type="checkbox" name="remove_plans" value={p.id} />
                {t("Remove this plan")}
              </label>
            </li>
          ))}
          {newRows.map((i) => (
            <li
              key={i}
              className="plan-row"
              // Something typed or chosen: the row is no longer the empty one.
              onChange={() => emptyRow === i && setEmptyRow(null)}
            >
              <PlanTitle index={i} defaultValue={sentTitle(i)} meta={titleMeta(i)} formId={form.id} />
              <div className="field" data-invalid={errors[`plans[${i}].document`] ? true : undefined}>
                <label htmlFor={`${form.id}-plan-${i}-document`}>{t("Plan file")}</label>
                <PlanFile index={i} meta={err(`plans[${i}].document`)} formId={form.id} />
              </div>
              {hydrated && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => {
                    setNewRows((rows) => rows.filter((r) => r !== i));
                    if (emptyRow === i) setEmptyRow(null);
                  }}
                >
                  {t("Remove this plan")}
                </button>
              )}
            </li>
          ))}
        </ol>
        {/* How many new rows there are, so a form that comes back keeps the rows added. */}
        <input type="hidden" name={PLAN_ROWS_FIELD} value={newRows.length} />
        {newRows.length < MAX_NEW_PLAN_ROWS &&
          (hydrated ? (
            <button type="button" className="button button--ghost button--small" onClick={addRow}>
              {t("Add a plan")}
            </button>
          ) : (
            // Without JavaScript the form goes to the server, which answers it with one more row.
            <button
              type="submit"
              className="button button--ghost button--small"
              name="intent"
              value={ADD_PLAN_INTENT}
              formNoValidate
            >
              {t("Add a plan")}
            </button>
          ))}
        <noscript>
          <p className="field__hint">
            {t("Adding a plan reloads the form without JavaScript: choose the files last.")}
          </p>
        </noscript>
        <Errors meta={err("plans")} />
        <Errors meta={err("remove_plans")} />
      </fieldset>

      <SeoSection form={listingForm} markImageInvalid />
    </ListingFormShell>
  );
}

function PlanTitle({
  index,
  defaultValue,
  meta,
  formId,
}: {
  index: number;
  defaultValue?: string;
  meta: ErrorMeta;
  formId: string;
}) {
  const { t } = useTranslation();
  const id = `${formId}-plan-${index}-title`;
  const invalid = meta.errors ? true : undefined;
  return (
    <div className="field" data-invalid={invalid}>
      <label htmlFor={id}>{t("Plan title")}</label>
      <input
        id={id}
        name={`plans[${index}].title`}
        defaultValue={defaultValue}
        dir="auto"
        aria-invalid={invalid}
        aria-describedby={invalid ? meta.errorId : undefined}
      />
      <Errors meta={meta} />
    </div>
  );
}

function PlanFile({ index, meta, formId }: { index: number; meta: ErrorMeta; formId: string }) {
  const invalid = meta.errors ? true : undefined;
  return (
    <>
      <input
        id={`${formId}-plan-${index}-document`}
        name={`plans[${index}].document`}
        type="file"
        accept="application/pdf,image/jpeg,image/png"
        aria-invalid={invalid}
        aria-describedby={invalid ? meta.errorId : undefined}
      />
      <Errors meta={meta} />
    </>
  );
}
