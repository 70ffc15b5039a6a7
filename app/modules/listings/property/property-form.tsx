// The posting form, for a new listing and for editing one. Without JavaScript it is a plain
// multipart form: file inputs, removal checkboxes, the category's details after a "Show details"
// step, location typed or chosen from lists. With JavaScript: instant field errors, photo previews,
// a gallery that can be reordered, an upload progress bar and a map pin that fills the address.
// What every listing form has comes from app/modules/listings/form; this file keeps a property's
// own: the category's parameters, sell or rent with the rent duration, facilities, the 360° photo.
import { useMemo, useState } from "react";
import { getInputProps, getSelectProps } from "@conform-to/react";
import {
  postPropertyFormSchema,
  RENT_DURATIONS,
  updatePropertyFormSchema,
} from "~server/api/listings/property/post-schema";
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

export interface ExistingListing extends SavedListing {
  title_image: { id: number; url: string } | null;
  three_d_image: string | null;
  parameters: { parameter_id: number; value: string }[];
  facilities: { facility_id: number; distance: number }[];
}

export interface PropertyFormProps extends ListingFormProps {
  categories: CategoryOption[];
  facilities: { id: number; name: string }[];
  listing?: ExistingListing;
  /** A draft imported from another portal that this form posts (its photos come with it). */
  imported?: ImportedDraft;
}

/** A property's own fields, besides those of every listing. */
type OwnFieldName =
  "property_type" | "rentduration" | "price" | "is_premium" | "title_image" | "three_d_image";

export function PropertyForm({ categories, facilities, listing, imported, ...page }: PropertyFormProps) {
  const { t } = useTranslation();
  const listingForm = useListingForm<OwnFieldName>({
    ...page,
    kind: "property",
    schema: page.mode === "add" ? postPropertyFormSchema : updatePropertyFormSchema,
    saved: listing,
  });
  const { fields, defaults, hydrated, errors, err } = listingForm;
  const [categoryId, setCategoryId] = useState(defaults.category_id ?? "");
  const [propertyType, setPropertyType] = useState(defaults.property_type ?? "sell");

  const category = categories.find((c) => String(c.id) === String(categoryId));
  const paramDefaults = useMemo(
    () => new Map((listing?.parameters ?? []).map((p) => [p.parameter_id, p.value])),
    [listing],
  );
  const facilityDefaults = useMemo(
    () => new Map((listing?.facilities ?? []).map((f) => [f.facility_id, f.distance])),
    [listing],
  );

  return (
    <ListingFormShell form={listingForm} postLabel={t("Post property")}>
      {imported ? <ImportedNotice imported={imported} /> : null}

      <AboutSection form={listingForm} legend={t("About the property")}>
        <Field meta={fields.category_id} label={t("Category")}>
          <div className="post-form__inline">
            <select {...getSelectProps(fields.category_id)} onChange={(e) => setCategoryId(e.target.value)}>
              <CategoryOptions categories={categories} />
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
        </Field>
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
          <Field meta={fields.price} label={t("Price")}>
            <input
              {...getInputProps(fields.price, { type: "number" })}
              min={0}
              step="any"
              inputMode="decimal"
            />
          </Field>
          <Field
            meta={fields.rentduration}
            label={t("Rent duration")}
            hidden={hydrated && propertyType !== "rent"}
          >
            <select {...getSelectProps(fields.rentduration)}>
              <option value="">{t("For rent only")}</option>
              {RENT_DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {t(d[0]!.toUpperCase() + d.slice(1))}
                </option>
              ))}
            </select>
          </Field>
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
      </AboutSection>

      <LocationFields
        {...listingForm.location}
        idPrefix="post"
        addressName="address"
        pinLabel={t("The property's place on the map")}
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
              <div className="field" key={f.id} data-invalid={errors[`facility_${f.id}`] ? true : undefined}>
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

      <MediaSection
        form={listingForm}
        titleImage={fields.title_image}
        // An imported draft's first photo is its title image unless another is chosen.
        currentTitleImage={listing?.title_image?.url ?? imported?.draft?.photos[0]?.variants[0]?.url}
      >
        <Field meta={fields.three_d_image} label={t("360° photo")}>
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
        </Field>
      </MediaSection>

      <SeoSection form={listingForm} />
    </ListingFormShell>
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
