// The project form, for a new project and for editing one. Without JavaScript it is a plain
// multipart form: file inputs, removal checkboxes, three empty plan rows after the saved plans.
// With JavaScript: instant field errors, previews of the chosen photos, plan rows added and removed.
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { postProjectFormSchema } from "~server/api/projects/post-schema";
import { PROJECT_TYPES } from "~server/api/projects/schema";
import { useTranslation } from "~/lib/translate";
import { FormErrors } from "~/components/form-errors";
import { useHydrated } from "~/components/map/lazy";

/** Empty plan rows offered without JavaScript (with it, rows are added on demand). */
const EMPTY_PLAN_ROWS = 3;

export interface SavedProject {
  id: number;
  image: { url: string } | null;
  meta_image: string | null;
  gallery_images: { id: number; url: string; variants: { width: number; url: string }[] }[];
  documents: { id: number; name: string; url: string }[];
  plans: { id: number; title: string; document: string }[];
}

export interface ProjectFormProps {
  mode: "add" | "edit";
  categories: { id: number; category: string }[];
  places: { countries: { code: string; name: string }[]; states: string[]; cities: string[] };
  defaults: Record<string, string | undefined>;
  project?: SavedProject;
  lastResult?: SubmissionResult<string[]> | null;
}

type FieldName =
  | "title" | "description" | "category_id" | "type" | "image" | "gallery_images" | "documents" | "video_link"
  | "meta_title" | "meta_description" | "meta_keywords" | "meta_image";

type ErrorMeta = { errorId: string; errors?: string[] };

function Errors({ meta }: { meta: ErrorMeta }) {
  const { t } = useTranslation();
  return (
    <div id={meta.errorId} className="field__errors" aria-live="polite">
      {meta.errors?.map((e) => (
        <p key={e}>{t(e)}</p>
      ))}
    </div>
  );
}

/** Object URLs of the photos chosen in a file input (with JavaScript), released when replaced. */
function usePreviews() {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return [urls, (files: FileList | null) => setUrls([...(files ?? [])].filter((f) => f.type.startsWith("image/")).map((f) => URL.createObjectURL(f)))] as const;
}

const TYPE_LABELS = { under_construction: "Under construction", upcoming: "Upcoming" } as const;

export function ProjectForm({ mode, categories, places, defaults, project, lastResult }: ProjectFormProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const saved = project?.plans ?? [];
  // Saved plans take rows 0…n-1; new rows are numbered after them and keep their number when a
  // row before them is removed, so each message stays on its row.
  const [newRows, setNewRows] = useState<number[]>(() => Array.from({ length: EMPTY_PLAN_ROWS }, (_, i) => saved.length + i));
  const [place, setPlace] = useState({ country: defaults.country ?? "", state: defaults.state ?? "", city: defaults.city ?? "" });
  const [coverPreview, setCoverPreview] = usePreviews();
  const [galleryPreview, setGalleryPreview] = usePreviews();

  const [form, anyFields] = useForm({
    id: `project-${mode}`,
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postProjectFormSchema }),
  });
  const fields = anyFields as unknown as Record<FieldName, FieldMetadata<string>>;
  const anyErrors = form.allErrors as Record<string, string[] | undefined>;
  const err = (name: string): ErrorMeta => ({ errorId: `${form.id}-${name.replace(/[^\w-]/g, "-")}-error`, errors: anyErrors[name] });
  const busy = navigation.state === "submitting";

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

      <fieldset className="post-form__section" data-invalid={anyErrors.location ? true : undefined}>
        <legend>{t("Location")}</legend>
        <p className="field__hint">{t("Choose the country, then type the state, city and address.")}</p>
        <div className="field-row">
          <div className="field">
            <label htmlFor="project-country">{t("Country")}</label>
            <select id="project-country" name="country" value={place.country} onChange={(e) => setPlace({ ...place, country: e.target.value })}>
              <option value="">{t("Choose a country")}</option>
              {place.country && !places.countries.some((c) => c.name === place.country) && <option value={place.country}>{place.country}</option>}
              {places.countries.map((c) => (
                <option key={c.code} value={c.name}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="project-state">{t("State")}</label>
            <input id="project-state" name="state" list="project-states" value={place.state} onChange={(e) => setPlace({ ...place, state: e.target.value })} autoComplete="address-level1" dir="auto" />
            <datalist id="project-states">
              {places.states.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          </div>
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="project-city">{t("City")}</label>
            <input id="project-city" name="city" list="project-cities" value={place.city} onChange={(e) => setPlace({ ...place, city: e.target.value })} autoComplete="address-level2" dir="auto" />
            <datalist id="project-cities">
              {places.cities.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
          <div className="field">
            <label htmlFor="project-location">{t("Address")}</label>
            <input id="project-location" name="location" defaultValue={defaults.location} autoComplete="street-address" dir="auto" />
          </div>
        </div>
        <div className="field-row">
          <div className="field" data-invalid={anyErrors.latitude ? true : undefined}>
            <label htmlFor="project-latitude">{t("Latitude")}</label>
            <input id="project-latitude" name="latitude" type="number" step="any" min={-90} max={90} defaultValue={defaults.latitude} dir="ltr" />
            <Errors meta={err("latitude")} />
          </div>
          <div className="field" data-invalid={anyErrors.longitude ? true : undefined}>
            <label htmlFor="project-longitude">{t("Longitude")}</label>
            <input id="project-longitude" name="longitude" type="number" step="any" min={-180} max={180} defaultValue={defaults.longitude} dir="ltr" />
            <Errors meta={err("longitude")} />
          </div>
        </div>
        <Errors meta={err("location")} />
      </fieldset>

      <fieldset className="post-form__section">
        <legend>{t("Photos and files")}</legend>
        <div className="field" data-invalid={fields.image.errors ? true : undefined}>
          <label htmlFor={fields.image.id}>{t("Title image")}</label>
          {(coverPreview[0] ?? project?.image?.url) && <img className="post-form__thumb" src={coverPreview[0] ?? project!.image!.url} alt="" width={160} height={120} />}
          <input {...getInputProps(fields.image, { type: "file" })} accept="image/jpeg,image/png" onChange={(e) => setCoverPreview(e.target.files)} />
          <p className="field__hint">{t("JPEG or PNG, at least 120×120 pixels, at most 10 MB.")}</p>
          <Errors meta={fields.image} />
        </div>

        <div className="field" data-invalid={fields.gallery_images.errors ? true : undefined}>
          <label htmlFor={fields.gallery_images.id}>{t("Gallery images")}</label>
          {project && project.gallery_images.length > 0 && (
            <ul className="post-form__gallery">
              {project.gallery_images.map((g) => (
                <li key={g.id}>
                  <img src={g.variants[0]?.url ?? g.url} alt="" width={120} height={90} />
                  <label className="field--check">
                    <input type="checkbox" name="remove_gallery_images" value={g.id} />
                    {t("Remove")}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <input id={fields.gallery_images.id} name="gallery_images" type="file" accept="image/jpeg,image/png" multiple onChange={(e) => setGalleryPreview(e.target.files)} />
          {galleryPreview.length > 0 && (
            <ul className="post-form__gallery" aria-label={t("New photos")}>
              {galleryPreview.map((u) => (
                <li key={u}>
                  <img src={u} alt="" width={120} height={90} />
                </li>
              ))}
            </ul>
          )}
          <Errors meta={fields.gallery_images} />
          <Errors meta={err("remove_gallery_images")} />
        </div>

        <div className="field" data-invalid={fields.documents.errors ? true : undefined}>
          <label htmlFor={fields.documents.id}>{t("Documents (PDF)")}</label>
          {project && project.documents.length > 0 && (
            <ul className="post-form__docs">
              {project.documents.map((d) => (
                <li key={d.id}>
                  <a href={d.url}>{d.name}</a>{" "}
                  <label className="field--check">
                    <input type="checkbox" name="remove_documents" value={d.id} />
                    {t("Remove")}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <input id={fields.documents.id} name="documents" type="file" accept="application/pdf" multiple />
          <Errors meta={fields.documents} />
          <Errors meta={err("remove_documents")} />
        </div>

        <div className="field" data-invalid={fields.video_link.errors ? true : undefined}>
          <label htmlFor={fields.video_link.id}>{t("Video link")}</label>
          <input {...getInputProps(fields.video_link, { type: "url" })} dir="ltr" placeholder="https://" />
          <Errors meta={fields.video_link} />
        </div>
      </fieldset>

      <fieldset className="post-form__section post-form__plans">
        <legend>{t("Plans")}</legend>
        <p className="field__hint">{t("Floor plans or brochures: a title and a PDF, JPEG or PNG file each.")}</p>
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
                <button type="button" className="button button--ghost button--small" onClick={() => setNewRows((rows) => rows.filter((r) => r !== i))}>
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
          {project?.meta_image && <img className="post-form__thumb" src={project.meta_image} alt="" width={160} height={84} />}
          <input id={fields.meta_image.id} name="meta_image" type="file" accept="image/jpeg,image/png" />
          <Errors meta={fields.meta_image} />
        </div>
      </fieldset>

      <div className="post-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {mode === "add" ? t("Post project") : t("Save changes")}
        </button>
      </div>
    </Form>
  );
}

function PlanTitle({ index, defaultValue, meta, formId }: { index: number; defaultValue?: string; meta: ErrorMeta; formId: string }) {
  const { t } = useTranslation();
  const id = `${formId}-plan-${index}-title`;
  const invalid = meta.errors ? true : undefined;
  return (
    <div className="field" data-invalid={invalid}>
      <label htmlFor={id}>{t("Plan title")}</label>
      <input id={id} name={`plans[${index}].title`} defaultValue={defaultValue} dir="auto" aria-invalid={invalid} aria-describedby={invalid ? meta.errorId : undefined} />
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
