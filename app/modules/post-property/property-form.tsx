// The posting form, for a new listing and for editing one. Without JavaScript it is a plain
// multipart form: file inputs, removal checkboxes, the category's details after a "Show details"
// step, location typed or chosen from lists. With JavaScript: instant field errors, photo previews,
// a gallery that can be reordered, an upload progress bar and a map pin that fills the address
// (those last three shared with the project form).
import { useMemo, useState } from "react";
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
import {
  postPropertyFormSchema,
  RENT_DURATIONS,
  seoWarnings,
  updatePropertyFormSchema,
} from "~server/api/properties/post-schema";
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
import { ImportedNotice, type ImportedDraft } from "./imported";

export interface CategoryOption {
  id: number;
  category: string;
  parameter_types: {
    id: number;
    name: string;
    type_of_parameter: string;
    type_values: { value: string; label: string }[];
    unit: string | null;
  }[];
}

export interface ExistingListing {
  id: number;
  title_image: { id: number; url: string } | null;
  gallery_images: SavedPhoto[];
  documents: { id: number; name: string; url: string }[];
  three_d_image: string | null;
  meta_image: string | null;
  parameters: { parameter_id: number; value: string }[];
  facilities: { facility_id: number; distance: number }[];
}

export interface PropertyFormProps {
  mode: "add" | "edit";
  categories: CategoryOption[];
  facilities: { id: number; name: string }[];
  places: PlaceOptions;
  defaults: Record<string, string | undefined>;
  listing?: ExistingListing;
  lastResult?: SubmissionResult<string[]> | null;
  /** The upload endpoint used with JavaScript (progress and errors without leaving the page). */
  uploadUrl: string;
  /** A draft imported from another portal that this form posts (its photos come with it). */
  imported?: ImportedDraft;
}

type FieldName =
  | "title"
  | "description"
  | "category_id"
  | "property_type"
  | "rentduration"
  | "price"
  | "is_premium"
  | "title_image"
  | "gallery_images"
  | "documents"
  | "three_d_image"
  | "video_link"
  | "meta_title"
  | "meta_description"
  | "meta_keywords"
  | "meta_image";

function Warnings({ list }: { list?: string[] }) {
  const { t } = useTranslation();
  if (!list?.length) return null;
  return (
    <div className="field__warnings" role="status">
      {list.map((w) => (
        <p key={w}>{t(w)}</p>
      ))}
    </div>
  );
}

export function PropertyForm({
  mode,
  categories,
  facilities,
  places,
  defaults: given,
  listing,
  lastResult,
  uploadUrl,
  imported,
}: PropertyFormProps) {
  const { t } = useTranslation();
  const defaults = formValues(given, lastResult);
  const hydrated = useHydrated();
  const schema = mode === "add" ? postPropertyFormSchema : updatePropertyFormSchema;
  const upload = useUpload(uploadUrl);
  const gallery = useGallery(listing?.gallery_images ?? []);
  const [categoryId, setCategoryId] = useState(defaults.category_id ?? "");
  const [propertyType, setPropertyType] = useState(defaults.property_type ?? "sell");
  const [seo, setSeo] = useState({
    meta_title: defaults.meta_title,
    meta_description: defaults.meta_description,
    meta_keywords: defaults.meta_keywords,
  });

  const [form, anyFields] = useForm({
    id: `property-${mode}`,
    lastResult: upload.result ?? lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(gallery.withGallery(formData), { schema }),
    onSubmit(event, { formData, submission }) {
      if (submission?.status !== "success") return;
      // With JavaScript the files go up with a progress bar; the server answers where to go next.
      event.preventDefault();
      upload.send(gallery.withGallery(formData));
    },
  });

  const fields = anyFields as unknown as Record<FieldName, FieldMetadata<string>>;

  const category = categories.find((c) => String(c.id) === String(categoryId));
  const paramDefaults = useMemo(
    () => new Map((listing?.parameters ?? []).map((p) => [p.parameter_id, p.value])),
    [listing],
  );
  const facilityDefaults = useMemo(
    () => new Map((listing?.facilities ?? []).map((f) => [f.facility_id, f.distance])),
    [listing],
  );
  const warnings = seoWarnings(seo);
  const anyErrors = form.allErrors as Record<string, string[] | undefined>;
  const err = (name: string): ErrorMeta => ({ errorId: `${form.id}-${name}-error`, errors: anyErrors[name] });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="post-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      {/* The schema checks the id in the browser too; the server takes it from the page's address. */}
      {listing && <input type="hidden" name="id" value={listing.id} />}
      {imported ? <ImportedNotice imported={imported} /> : null}

      <fieldset className="post-form__section">
        <legend>{t("About the property")}</legend>
        <div className="field" data-invalid={fields.title.errors ? true : undefined}>
          <label htmlFor={fields.title.id}>{t("Title")}</label>
          <input {...getInputProps(fields.title, { type: "text" })} />
          <Errors meta={fields.title} />
        </div>
        <div className="field" data-invalid={fields.description.errors ? true : undefined}>
          <label htmlFor={fields.description.id}>{t("Description")}</label>
          <textarea {...getTextareaProps(fields.description)} rows={6} />
          <Errors meta={fields.description} />
        </div>
        <div className="field" data-invalid={fields.category_id.errors ? true : undefined}>
          <label htmlFor={fields.category_id.id}>{t("Category")}</label>
          <div className="post-form__inline">
            <select {...getSelectProps(fields.category_id)} onChange={(e) => setCategoryId(e.target.value)}>
              <option value="">{t("Choose a category")}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.category}
                </option>
              ))}
            </select>
            {/* Without JavaScript the details of a newly chosen category come from the server. */}
            {!hydrated && (
              <button
                type="submit"
                className="button button--ghost button--small"
                formMethod="get"
                formNoValidate
                name="step"
                value="details"
              >
                {t("Show its details")}
              </button>
            )}
          </div>
          <Errors meta={fields.category_id} />
        </div>
        {category && category.parameter_types.length > 0 && (
          <fieldset className="post-form__params">
            <legend>{t("Details of {{category}}", { category: category.category })}</legend>
            {category.parameter_types.map((p) => (
              <ParameterInput
                key={`${category.id}-${p.id}`}
                param={p}
                defaultValue={defaults[`param_${p.id}`] ?? paramDefaults.get(p.id)}
                meta={err(`param_${p.id}`)}
              />
            ))}
          </fieldset>
        )}
        <fieldset className="field" data-invalid={fields.property_type.errors ? true : undefined}>
          <legend>{t("For")}</legend>
          <div className="post-form__inline">
            {(["sell", "rent"] as const).map((v) => (
              <label key={v} className="field--check">
                <input
                  type="radio"
                  name={fields.property_type.name}
                  value={v}
                  defaultChecked={(defaults.property_type ?? "sell") === v}
                  onChange={() => setPropertyType(v)}
                />
                {t(v === "sell" ? "Sell" : "Rent")}
              </label>
            ))}
          </div>
          <Errors meta={fields.property_type} />
        </fieldset>
        <div className="field-row">
          <div className="field" data-invalid={fields.price.errors ? true : undefined}>
            <label htmlFor={fields.price.id}>{t("Price")}</label>
            <input
              {...getInputProps(fields.price, { type: "number" })}
              min={0}
              step="any"
              inputMode="decimal"
            />
            <Errors meta={fields.price} />
          </div>
          <div
            className="field"
            data-invalid={fields.rentduration.errors ? true : undefined}
            hidden={hydrated && propertyType !== "rent"}
          >
            <label htmlFor={fields.rentduration.id}>{t("Rent duration")}</label>
            <select {...getSelectProps(fields.rentduration)}>
              <option value="">{t("For rent only")}</option>
              {RENT_DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {t(d[0]!.toUpperCase() + d.slice(1))}
                </option>
              ))}
            </select>
            <Errors meta={fields.rentduration} />
          </div>
        </div>
        <label className="field--check">
          <input
            type="checkbox"
            name={fields.is_premium.name}
            value="1"
            defaultChecked={defaults.is_premium === "1"}
          />
          {t("Premium listing (details for package holders)")}
        </label>
      </fieldset>

      <LocationFields
        idPrefix="post"
        addressName="address"
        places={places}
        defaults={defaults}
        geocodeUrl={uploadUrl}
        pinLabel={t("The property's place on the map")}
        err={err}
      >
        <div className="field">
          <label htmlFor="post-client-address">{t("Client address")}</label>
          <input id="post-client-address" name="client_address" defaultValue={defaults.client_address} />
        </div>
      </LocationFields>

      {facilities.length > 0 && (
        <fieldset className="post-form__section">
          <legend>{t("Nearby places")}</legend>
          <p className="field__hint">{t("Distance in km; leave empty when not nearby.")}</p>
          <div className="post-form__grid">
            {facilities.map((f) => (
              <div
                className="field"
                key={f.id}
                data-invalid={anyErrors[`facility_${f.id}`] ? true : undefined}
              >
                <label htmlFor={`facility-${f.id}`}>{f.name}</label>
                <input
                  id={`facility-${f.id}`}
                  name={`facility_${f.id}`}
                  type="number"
                  min={0}
                  step="any"
                  inputMode="decimal"
                  defaultValue={defaults[`facility_${f.id}`] ?? facilityDefaults.get(f.id)}
                />
                <Errors meta={err(`facility_${f.id}`)} />
              </div>
            ))}
          </div>
        </fieldset>
      )}

      <fieldset className="post-form__section">
        <legend>{t("Photos and files")}</legend>
        <TitleImageField
          meta={fields.title_image}
          current={listing?.title_image?.url ?? imported?.draft?.photos[0]?.variants[0]?.url}
        />
        <GalleryPicker
          gallery={gallery}
          meta={fields.gallery_images}
          removeMeta={err("remove_gallery_images")}
        />
        <DocumentsField meta={fields.documents} saved={listing?.documents ?? []} />

        <div className="field" data-invalid={fields.three_d_image.errors ? true : undefined}>
          <label htmlFor={fields.three_d_image.id}>{t("360° photo")}</label>
          {listing?.three_d_image && (
            <p>
              <a href={listing.three_d_image}>{t("Current 360° photo")}</a>{" "}
              <label className="field--check">
                <input type="checkbox" name="remove_three_d_image" value="1" />
                {t("Remove")}
              </label>
            </p>
          )}
          <input
            id={fields.three_d_image.id}
            name="three_d_image"
            type="file"
            accept="image/jpeg,image/png"
          />
          <p className="field__hint">{t("An equirectangular photo, twice as wide as it is tall.")}</p>
          <Errors meta={fields.three_d_image} />
        </div>

        <div className="field" data-invalid={fields.video_link.errors ? true : undefined}>
          <label htmlFor={fields.video_link.id}>{t("Video link")}</label>
          <input {...getInputProps(fields.video_link, { type: "url" })} dir="ltr" placeholder="https://" />
          <Errors meta={fields.video_link} />
        </div>
      </fieldset>

      <fieldset className="post-form__section">
        <legend>{t("Search engines")}</legend>
        <div className="field">
          <label htmlFor={fields.meta_title.id}>{t("Meta title")}</label>
          <input
            {...getInputProps(fields.meta_title, { type: "text" })}
            onInput={(e) => setSeo({ ...seo, meta_title: e.currentTarget.value })}
          />
          <Errors meta={fields.meta_title} />
          <Warnings list={warnings.meta_title} />
        </div>
        <div className="field">
          <label htmlFor={fields.meta_description.id}>{t("Meta description")}</label>
          <textarea
            {...getTextareaProps(fields.meta_description)}
            rows={3}
            onInput={(e) => setSeo({ ...seo, meta_description: e.currentTarget.value })}
          />
          <Errors meta={fields.meta_description} />
          <Warnings list={warnings.meta_description} />
        </div>
        <div className="field">
          <label htmlFor={fields.meta_keywords.id}>{t("Meta keywords")}</label>
          <input
            {...getInputProps(fields.meta_keywords, { type: "text" })}
            onInput={(e) => setSeo({ ...seo, meta_keywords: e.currentTarget.value })}
          />
          <p className="field__hint">{t("Comma-separated phrases.")}</p>
          <Errors meta={fields.meta_keywords} />
          <Warnings list={warnings.meta_keywords} />
        </div>
        <div className="field">
          <label htmlFor={fields.meta_image.id}>{t("Meta image")}</label>
          {listing?.meta_image && (
            <img className="post-form__thumb" src={listing.meta_image} alt="" width={160} height={84} />
          )}
          <input id={fields.meta_image.id} name="meta_image" type="file" accept="image/jpeg,image/png" />
          <Errors meta={fields.meta_image} />
        </div>
      </fieldset>

      <UploadProgress progress={upload.progress} />
      <div className="post-form__actions">
        <button type="submit" className="button" disabled={upload.busy}>
          {mode === "add" ? t("Post property") : t("Save changes")}
        </button>
      </div>
    </Form>
  );
}

function ParameterInput({
  param,
  defaultValue,
  meta,
}: {
  param: CategoryOption["parameter_types"][number];
  defaultValue?: string;
  meta: ErrorMeta;
}) {
  const { t } = useTranslation();
  const name = `param_${param.id}`;
  const id = `param-${param.id}`;
  const label = param.unit ? `${param.name} (${param.unit})` : param.name;
  const invalid = meta.errors ? true : undefined;
  const common = { "aria-invalid": invalid, "aria-describedby": invalid ? meta.errorId : undefined };
  if (param.type_of_parameter === "radio" || param.type_of_parameter === "checkbox") {
    const chosen = new Set((defaultValue ?? "").split(",").filter(Boolean));
    return (
      <fieldset className="field" data-invalid={invalid}>
        <legend>{label}</legend>
        <div className="post-form__inline">
          {param.type_values.map((o) => (
            <label key={o.value} className="field--check">
              <input
                type={param.type_of_parameter}
                name={name}
                value={o.value}
                defaultChecked={chosen.has(o.value)}
                {...common}
              />
              {o.label}
            </label>
          ))}
        </div>
        <Errors meta={meta} />
      </fieldset>
    );
  }
  return (
    <div className="field" data-invalid={invalid}>
      <label htmlFor={id}>{label}</label>
      {param.type_of_parameter === "dropdown" ? (
        <select id={id} name={name} defaultValue={defaultValue ?? ""} {...common}>
          <option value="">{t("Choose")}</option>
          {param.type_values.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : param.type_of_parameter === "textarea" ? (
        <textarea id={id} name={name} rows={3} defaultValue={defaultValue} {...common} />
      ) : param.type_of_parameter === "file" ? (
        <input id={id} name={name} type="file" accept="application/pdf,image/jpeg,image/png" {...common} />
      ) : (
        <input
          id={id}
          name={name}
          type={param.type_of_parameter === "number" ? "number" : "text"}
          step="any"
          defaultValue={defaultValue}
          {...common}
        />
      )}
      <Errors meta={meta} />
    </div>
  );
}
