// The project form, for a new project and for editing one. Without JavaScript it is a plain
// multipart form: file inputs, removal checkboxes, three empty plan rows after the saved plans,
// location typed or chosen from lists. With JavaScript: instant field errors, plan rows added and
// removed, and what the property form does too: photo previews, a gallery that can be reordered,
// an upload progress bar and a map pin that fills the address.
import { useState } from "react";
import { Form } from "react-router";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { postProjectFormSchema } from "~server/api/projects/post-schema";
import { PROJECT_TYPES } from "~server/api/projects/schema";
import { useTranslation } from "~/lib/translate";
import { FormErrors } from "~/components/form-errors";
import { useHydrated } from "~/components/map/lazy";
import { FieldErrors as Errors, type ErrorMeta } from "~/modules/listing-form/field-errors";
import {
  DocumentsField,
  GalleryPicker,
  TitleImageField,
  useGallery,
  type SavedPhoto,
} from "~/modules/listing-form/gallery";
import { LocationFields, type PlaceOptions } from "~/modules/listing-form/location-fields";
import { formValues } from "~/modules/listing-form/values";
import { UploadProgress, useUpload } from "~/modules/listing-form/upload";

/** Empty plan rows offered without JavaScript (with it, rows are added on demand). */
const EMPTY_PLAN_ROWS = 3;

export interface SavedProject {
  id: number;
  image: { url: string } | null;
  meta_image: string | null;
  gallery_images: SavedPhoto[];
  documents: { id: number; name: string; url: string }[];
  plans: { id: number; title: string; document: string }[];
}

export interface ProjectFormProps {
  mode: "add" | "edit";
  categories: { id: number; category: string }[];
  places: PlaceOptions;
  defaults: Record<string, string | undefined>;
  project?: SavedProject;
  lastResult?: SubmissionResult<string[]> | null;
  /** The upload endpoint used with JavaScript (progress and errors without leaving the page). */
  uploadUrl: string;
}

type FieldName =
  | "title"
  | "description"
  | "category_id"
  | "type"
  | "image"
  | "gallery_images"
  | "documents"
  | "video_link"
  | "meta_title"
  | "meta_description"
  | "meta_keywords"
  | "meta_image";

const TYPE_LABELS = { under_construction: "Under construction", upcoming: "Upcoming" } as const;

export function ProjectForm({
  mode,
  categories,
  places,
  defaults: given,
  project,
  lastResult,
  uploadUrl,
}: ProjectFormProps) {
  const { t } = useTranslation();
  const defaults = formValues(given, lastResult);
  const hydrated = useHydrated();
  const upload = useUpload(uploadUrl);
  const gallery = useGallery(project?.gallery_images ?? []);
  const saved = project?.plans ?? [];
  // Saved plans take rows 0…n-1; new rows are numbered after them and keep their number when a
  // row before them is removed, so each message stays on its row.
  const [newRows, setNewRows] = useState<number[]>(() =>
    Array.from({ length: EMPTY_PLAN_ROWS }, (_, i) => saved.length + i),
  );

  const [form, anyFields] = useForm({
    id: `project-${mode}`,
    lastResult: upload.result ?? lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(gallery.withGallery(formData), { schema: postProjectFormSchema }),
    onSubmit(event, { formData, submission }) {
      if (submission?.status !== "success") return;
      // With JavaScript the files go up with a progress bar; the server answers where to go next.
      event.preventDefault();
      upload.send(gallery.withGallery(formData));
    },
  });
  const fields = anyFields as unknown as Record<FieldName, FieldMetadata<string>>;
  const anyErrors = form.allErrors as Record<string, string[] | undefined>;
  const err = (name: string): ErrorMeta => ({
    errorId: `${form.id}-${name.replace(/[^\w-]/g, "-")}-error`,
    errors: anyErrors[name],
  });

  function addRow() {
    setNewRows((rows) => [...rows, Math.max(saved.length - 1, ...rows) + 1]);
  }

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="post-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      {project && <input type="hidden" name="id" value={project.id} />}

      <fieldset className="post-form__section">
        <legend>{t("About the project")}</legend>
        <div className="field" data-invalid={fields.title.errors ? true : undefined}>
          <label htmlFor={fields.title.id}>{t("Title")}</label>
          <input {...getInputProps(fields.title, { type: "text" })} dir="auto" />
          <Errors meta={fields.title} />
        </div>
        <div className="field" data-invalid={fields.description.errors ? true : undefined}>
          <label htmlFor={fields.description.id}>{t("Description")}</label>
          <textarea {...getTextareaProps(fields.description)} rows={6} dir="auto" />
          <Errors meta={fields.description} />
        </div>
        <div className="field-row">
          <div className="field" data-invalid={fields.category_id.errors ? true : undefined}>
            <label htmlFor={fields.category_id.id}>{t("Category")}</label>
            <select {...getSelectProps(fields.category_id)}>
              <option value="">{t("Choose a category")}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.category}
                </option>
              ))}
            </select>
            <Errors meta={fields.category_id} />
          </div>
          <div className="field" data-invalid={fields.type.errors ? true : undefined}>
            <label htmlFor={fields.type.id}>{t("Type")}</label>
            <select {...getSelectProps(fields.type)}>
              {PROJECT_TYPES.map((v) => (
                <option key={v} value={v}>
                  {t(TYPE_LABELS[v])}
                </option>
              ))}
            </select>
            <Errors meta={fields.type} />
          </div>
        </div>
      </fieldset>

      <LocationFields
        idPrefix="project"
        addressName="location"
        places={places}
        defaults={{ ...defaults, address: defaults.location }}
        geocodeUrl={uploadUrl}
        pinLabel={t("The project's place on the map")}
        err={err}
      />

      <fieldset className="post-form__section">
        <legend>{t("Photos and files")}</legend>
        <TitleImageField meta={fields.image} current={project?.image?.url} />
        <GalleryPicker
          gallery={gallery}
          meta={fields.gallery_images}
          removeMeta={err("remove_gallery_images")}
        />
        <DocumentsField
          meta={fields.documents}
          saved={project?.documents ?? []}
          removeMeta={err("remove_documents")}
        />

        <div className="field" data-invalid={fields.video_link.errors ? true : undefined}>
          <label htmlFor={fields.video_link.id}>{t("Video link")}</label>
          <input {...getInputProps(fields.video_link, { type: "url" })} dir="ltr" placeholder="https://" />
          <Errors meta={fields.video_link} />
        </div>
      </fieldset>

      <fieldset className="post-form__section post-form__plans">
        <legend>{t("Plans")}</legend>
        <p className="field__hint">
          {t("Floor plans or brochures: a title and a PDF, JPEG or PNG file each.")}
        </p>
        <ol className="plan-rows">
          {saved.map((p, i) => (
            <li key={p.id} className="plan-row">
              <input type="hidden" name={`plans[${i}].id`} value={p.id} />
              <PlanTitle index={i} defaultValue={p.title} meta={err(`plans[${i}].title`)} formId={form.id} />
              <div className="field" data-invalid={anyErrors[`plans[${i}].document`] ? true : undefined}>
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
            <li key={i} className="plan-row">
              <PlanTitle index={i} meta={err(`plans[${i}].title`)} formId={form.id} />
              <div className="field" data-invalid={anyErrors[`plans[${i}].document`] ? true : undefined}>
                <label htmlFor={`${form.id}-plan-${i}-document`}>{t("Plan file")}</label>
                <PlanFile index={i} meta={err(`plans[${i}].document`)} formId={form.id} />
              </div>
              {hydrated && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setNewRows((rows) => rows.filter((r) => r !== i))}
                >
                  {t("Remove this plan")}
                </button>
              )}
            </li>
          ))}
        </ol>
        {hydrated && (
          <button type="button" className="button button--ghost button--small" onClick={addRow}>
            {t("Add a plan")}
          </button>
        )}
        <Errors meta={err("plans")} />
        <Errors meta={err("remove_plans")} />
      </fieldset>

      <fieldset className="post-form__section">
        <legend>{t("Search engines")}</legend>
        <div className="field">
          <label htmlFor={fields.meta_title.id}>{t("Meta title")}</label>
          <input {...getInputProps(fields.meta_title, { type: "text" })} />
          <Errors meta={fields.meta_title} />
        </div>
        <div className="field">
          <label htmlFor={fields.meta_description.id}>{t("Meta description")}</label>
          <textarea {...getTextareaProps(fields.meta_description)} rows={3} />
          <Errors meta={fields.meta_description} />
        </div>
        <div className="field">
          <label htmlFor={fields.meta_keywords.id}>{t("Meta keywords")}</label>
          <input {...getInputProps(fields.meta_keywords, { type: "text" })} />
          <p className="field__hint">{t("Comma-separated phrases.")}</p>
          <Errors meta={fields.meta_keywords} />
        </div>
        <div className="field" data-invalid={fields.meta_image.errors ? true : undefined}>
          <label htmlFor={fields.meta_image.id}>{t("Meta image")}</label>
          {project?.meta_image && (
            <img className="post-form__thumb" src={project.meta_image} alt="" width={160} height={84} />
          )}
          <input id={fields.meta_image.id} name="meta_image" type="file" accept="image/jpeg,image/png" />
          <Errors meta={fields.meta_image} />
        </div>
      </fieldset>

      <UploadProgress progress={upload.progress} />
      <div className="post-form__actions">
        <button type="submit" className="button" disabled={upload.busy}>
          {mode === "add" ? t("Post project") : t("Save changes")}
        </button>
      </div>
    </Form>
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
