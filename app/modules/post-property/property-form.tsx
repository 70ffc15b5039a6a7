// The posting form, for a new listing and for editing one. Without JavaScript it is a plain
// multipart form: file inputs, removal checkboxes, the category's details after a "Show details"
// step, location typed or chosen from lists. With JavaScript: instant field errors, photo previews,
// a gallery that can be reordered, an upload progress bar and a map pin that fills the address.
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { postPropertyFormSchema, RENT_DURATIONS, seoWarnings, updatePropertyFormSchema } from "~server/api/properties/post-schema";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import { FormErrors } from "~/components/form-errors";
import { useHydrated } from "~/components/map/lazy";

const PinMap = lazy(() => import("~/modules/listing-form/pin-map"));

export interface CategoryOption {
  id: number;
  category: string;
  parameter_types: { id: number; name: string; type_of_parameter: string; type_values: { value: string; label: string }[]; unit: string | null }[];
}

export interface ExistingListing {
  id: number;
  title_image: { id: number; url: string } | null;
  gallery_images: { id: number; url: string; variants: { width: number; url: string }[] }[];
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
  places: { countries: { code: string; name: string }[]; states: string[]; cities: string[] };
  defaults: Record<string, string | undefined>;
  listing?: ExistingListing;
  lastResult?: SubmissionResult<string[]> | null;
  /** The upload endpoint used with JavaScript (progress and errors without leaving the page). */
  uploadUrl: string;
}

type FieldName =
  | "title" | "description" | "category_id" | "property_type" | "rentduration" | "price" | "is_premium" | "title_image"
  | "gallery_images" | "documents" | "three_d_image" | "video_link" | "meta_title" | "meta_description" | "meta_keywords" | "meta_image";

type Meta = { id: string; name: string; errorId: string; errors?: string[] };

function Errors({ meta }: { meta: Pick<Meta, "errorId" | "errors"> }) {
  const { t } = useTranslation();
  return (
    <div id={meta.errorId} className="field__errors" aria-live="polite">
      {meta.errors?.map((e) => (
        <p key={e}>{t(e)}</p>
      ))}
    </div>
  );
}

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

/** New gallery photos (with JavaScript): previews, order, removal before upload. */
interface NewPhoto {
  file: File;
  url: string;
}

export function PropertyForm({ mode, categories, facilities, places, defaults, listing, lastResult, uploadUrl }: PropertyFormProps) {
  const { t } = useTranslation();
  const href = useHref();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const schema = mode === "add" ? postPropertyFormSchema : updatePropertyFormSchema;
  const [xhrResult, setXhrResult] = useState<SubmissionResult<string[]> | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [categoryId, setCategoryId] = useState(defaults.category_id ?? "");
  const [propertyType, setPropertyType] = useState(defaults.property_type ?? "sell");
  const [seo, setSeo] = useState({ meta_title: defaults.meta_title, meta_description: defaults.meta_description, meta_keywords: defaults.meta_keywords });
  const [titlePreview, setTitlePreview] = useState<string | null>(null);
  const [newPhotos, setNewPhotos] = useState<NewPhoto[]>([]);
  const [order, setOrder] = useState<string[]>(() => (listing?.gallery_images ?? []).map((g) => `e${g.id}`));
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [place, setPlace] = useState({ country: defaults.country ?? "", state: defaults.state ?? "", city: defaults.city ?? "", address: defaults.address ?? "", latitude: defaults.latitude ?? "", longitude: defaults.longitude ?? "" });
  const galleryInput = useRef<HTMLInputElement>(null);

  const [form, anyFields] = useForm({
    id: `property-${mode}`,
    lastResult: xhrResult ?? lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(withGallery(formData), { schema }),
    onSubmit(event, { formData, submission }) {
      if (submission?.status !== "success") return;
      // With JavaScript the files go up with a progress bar; the server answers where to go next.
      event.preventDefault();
      const body = withGallery(formData);
      const xhr = new XMLHttpRequest();
      xhr.open("POST", uploadUrl);
      xhr.responseType = "json";
      xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
      xhr.onload = () => {
        setProgress(null);
        const answer = xhr.response as { redirectTo?: string; result?: SubmissionResult<string[]> } | null;
        if (answer?.redirectTo) navigate(answer.redirectTo);
        else setXhrResult(answer?.result ?? { status: "error", error: { "": ["Oops! Something went wrong. Please try again later"] } });
      };
      xhr.onerror = () => {
        setProgress(null);
        setXhrResult({ status: "error", error: { "": ["Oops! Something went wrong. Please try again later"] } });
      };
      setProgress(0);
      xhr.send(body);
    },
  });

  const fields = anyFields as unknown as Record<FieldName, FieldMetadata<string>>;

  /** The gallery as the person arranged it: new photos in their order, and the order of all of them. */
  function withGallery(formData: FormData) {
    if (!hydrated) return formData;
    const out = new FormData();
    formData.forEach((v, k) => k !== "gallery_images" && k !== "gallery_order" && out.append(k, v));
    newPhotos.forEach((p) => out.append("gallery_images", p.file));
    out.set("gallery_order", order.filter((tok) => !(tok.startsWith("e") && removed.has(Number(tok.slice(1))))).join(","));
    return out;
  }

  const category = categories.find((c) => String(c.id) === String(categoryId));
  const paramDefaults = useMemo(() => new Map((listing?.parameters ?? []).map((p) => [p.parameter_id, p.value])), [listing]);
  const facilityDefaults = useMemo(() => new Map((listing?.facilities ?? []).map((f) => [f.facility_id, f.distance])), [listing]);
  const warnings = seoWarnings(seo);
  const anyErrors = form.allErrors as Record<string, string[] | undefined>;
  const err = (name: string): Pick<Meta, "errorId" | "errors"> => ({ errorId: `${form.id}-${name}-error`, errors: anyErrors[name] });

  useEffect(() => () => newPhotos.forEach((p) => URL.revokeObjectURL(p.url)), [newPhotos]);

  function addPhotos(files: FileList | null) {
    if (!files) return;
    const added = [...files].map((file) => ({ file, url: URL.createObjectURL(file) }));
    const start = newPhotos.length;
    setNewPhotos([...newPhotos, ...added]);
    setOrder([...order, ...added.map((_, i) => `n${start + i}`)]);
    if (galleryInput.current) galleryInput.current.value = "";
  }
  function move(index: number, by: number) {
    const next = [...order];
    const [tok] = next.splice(index, 1);
    next.splice(Math.max(0, Math.min(next.length, index + by)), 0, tok!);
    setOrder(next);
  }
  function dropNew(n: number) {
    // New photos are renumbered: tokens after the dropped one move down by one.
    setNewPhotos(newPhotos.filter((_, i) => i !== n));
    setOrder(order.filter((tok) => tok !== `n${n}`).map((tok) => (tok.startsWith("n") && Number(tok.slice(1)) > n ? `n${Number(tok.slice(1)) - 1}` : tok)));
  }

  async function locate(latitude: number, longitude: number) {
    setPlace((p) => ({ ...p, latitude: latitude.toFixed(6), longitude: longitude.toFixed(6) }));
    const res = await fetch(`${uploadUrl}?latitude=${latitude}&longitude=${longitude}`, { headers: { accept: "application/json" } }).catch(() => null);
    const found = res?.ok ? ((await res.json()) as { city: string; state: string; country: string; address: string } | null) : null;
    if (found) setPlace({ country: found.country, state: found.state, city: found.city, address: found.address, latitude: latitude.toFixed(6), longitude: longitude.toFixed(6) });
  }

  const busy = progress !== null || navigation.state === "submitting";
  const existingById = new Map((listing?.gallery_images ?? []).map((g) => [g.id, g]));

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="post-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      {/* The schema checks the id in the browser too; the server takes it from the page's address. */}
      {listing && <input type="hidden" name="id" value={listing.id} />}

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
              <button type="submit" className="button button--ghost button--small" formMethod="get" formNoValidate name="step" value="details">
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
              <ParameterInput key={`${category.id}-${p.id}`} param={p} defaultValue={defaults[`param_${p.id}`] ?? paramDefaults.get(p.id)} meta={err(`param_${p.id}`)} />
            ))}
          </fieldset>
        )}
        <fieldset className="field" data-invalid={fields.property_type.errors ? true : undefined}>
          <legend>{t("For")}</legend>
          <div className="post-form__inline">
            {(["sell", "rent"] as const).map((v) => (
              <label key={v} className="field--check">
                <input type="radio" name={fields.property_type.name} value={v} defaultChecked={(defaults.property_type ?? "sell") === v} onChange={() => setPropertyType(v)} />
                {t(v === "sell" ? "Sell" : "Rent")}
              </label>
            ))}
          </div>
          <Errors meta={fields.property_type} />
        </fieldset>
        <div className="field-row">
          <div className="field" data-invalid={fields.price.errors ? true : undefined}>
            <label htmlFor={fields.price.id}>{t("Price")}</label>
            <input {...getInputProps(fields.price, { type: "number" })} min={0} step="any" inputMode="decimal" />
            <Errors meta={fields.price} />
          </div>
          <div className="field" data-invalid={fields.rentduration.errors ? true : undefined} hidden={hydrated && propertyType !== "rent"}>
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
          <input type="checkbox" name={fields.is_premium.name} value="1" defaultChecked={defaults.is_premium === "1"} />
          {t("Premium listing (details for package holders)")}
        </label>
      </fieldset>

      <fieldset className="post-form__section" data-invalid={anyErrors.location ? true : undefined}>
        <legend>{t("Location")}</legend>
        {hydrated && (
          <Suspense fallback={<p className="field__hint">{t("Loading the map…")}</p>}>
            <PinMap latitude={Number(place.latitude) || null} longitude={Number(place.longitude) || null} label={t("The property's place on the map")} onPick={locate} />
          </Suspense>
        )}
        <p className="field__hint">{hydrated ? t("Drop the pin on the map to fill in the address, or type it.") : t("Choose the country, then type the state, city and address.")}</p>
        <div className="field-row">
          <div className="field">
            <label htmlFor="post-country">{t("Country")}</label>
            <select id="post-country" name="country" value={place.country} onChange={(e) => setPlace({ ...place, country: e.target.value })}>
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
            <label htmlFor="post-state">{t("State")}</label>
            <input id="post-state" name="state" list="post-states" value={place.state} onChange={(e) => setPlace({ ...place, state: e.target.value })} autoComplete="address-level1" />
            <datalist id="post-states">
              {places.states.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          </div>
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="post-city">{t("City")}</label>
            <input id="post-city" name="city" list="post-cities" value={place.city} onChange={(e) => setPlace({ ...place, city: e.target.value })} autoComplete="address-level2" />
            <datalist id="post-cities">
              {places.cities.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
          <div className="field">
            <label htmlFor="post-address">{t("Address")}</label>
            <input id="post-address" name="address" value={place.address} onChange={(e) => setPlace({ ...place, address: e.target.value })} autoComplete="street-address" />
          </div>
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="post-latitude">{t("Latitude")}</label>
            <input id="post-latitude" name="latitude" type="number" step="any" min={-90} max={90} value={place.latitude} onChange={(e) => setPlace({ ...place, latitude: e.target.value })} dir="ltr" />
            <Errors meta={err("latitude")} />
          </div>
          <div className="field">
            <label htmlFor="post-longitude">{t("Longitude")}</label>
            <input id="post-longitude" name="longitude" type="number" step="any" min={-180} max={180} value={place.longitude} onChange={(e) => setPlace({ ...place, longitude: e.target.value })} dir="ltr" />
            <Errors meta={err("longitude")} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="post-client-address">{t("Client address")}</label>
          <input id="post-client-address" name="client_address" defaultValue={defaults.client_address} />
        </div>
        <Errors meta={err("location")} />
      </fieldset>

      {facilities.length > 0 && (
        <fieldset className="post-form__section">
          <legend>{t("Nearby places")}</legend>
          <p className="field__hint">{t("Distance in km; leave empty when not nearby.")}</p>
          <div className="post-form__grid">
            {facilities.map((f) => (
              <div className="field" key={f.id} data-invalid={anyErrors[`facility_${f.id}`] ? true : undefined}>
                <label htmlFor={`facility-${f.id}`}>{f.name}</label>
                <input id={`facility-${f.id}`} name={`facility_${f.id}`} type="number" min={0} step="any" inputMode="decimal" defaultValue={defaults[`facility_${f.id}`] ?? facilityDefaults.get(f.id)} />
                <Errors meta={err(`facility_${f.id}`)} />
              </div>
            ))}
          </div>
        </fieldset>
      )}

      <fieldset className="post-form__section">
        <legend>{t("Photos and files")}</legend>
        <div className="field" data-invalid={fields.title_image.errors ? true : undefined}>
          <label htmlFor={fields.title_image.id}>{t("Title image")}</label>
          {(titlePreview ?? listing?.title_image?.url) && <img className="post-form__thumb" src={titlePreview ?? listing!.title_image!.url} alt="" width={160} height={120} />}
          <input
            {...getInputProps(fields.title_image, { type: "file" })}
            accept="image/jpeg,image/png"
            onChange={(e) => {
              const f = e.target.files?.[0];
              setTitlePreview(f ? URL.createObjectURL(f) : null);
            }}
          />
          <p className="field__hint">{t("JPEG or PNG, at least 120×120 pixels, at most 10 MB.")}</p>
          <Errors meta={fields.title_image} />
        </div>

        <div className="field" data-invalid={fields.gallery_images.errors ? true : undefined}>
          <label htmlFor={fields.gallery_images.id}>{t("Gallery images")}</label>
          {hydrated ? (
            <>
              <ol className="post-form__gallery">
                {order.map((tok, i) => {
                  const isNew = tok.startsWith("n");
                  const n = Number(tok.slice(1));
                  const src = isNew ? newPhotos[n]?.url : existingById.get(n)?.url;
                  if (!src) return null;
                  const gone = !isNew && removed.has(n);
                  return (
                    <li key={tok} data-removed={gone || undefined}>
                      <img src={src} alt="" width={120} height={90} />
                      <span className="post-form__gallery-actions">
                        <button type="button" className="button button--ghost button--small" onClick={() => move(i, -1)} disabled={i === 0} aria-label={t("Move earlier")}>
                          ↑
                        </button>
                        <button type="button" className="button button--ghost button--small" onClick={() => move(i, 1)} disabled={i === order.length - 1} aria-label={t("Move later")}>
                          ↓
                        </button>
                        {isNew ? (
                          <button type="button" className="button button--ghost button--small" onClick={() => dropNew(n)}>
                            {t("Remove")}
                          </button>
                        ) : (
                          <label className="field--check">
                            <input
                              type="checkbox"
                              name="remove_gallery_images"
                              value={n}
                              checked={gone}
                              onChange={(e) => {
                                const next = new Set(removed);
                                if (e.target.checked) next.add(n);
                                else next.delete(n);
                                setRemoved(next);
                              }}
                            />
                            {t("Remove")}
                          </label>
                        )}
                      </span>
                    </li>
                  );
                })}
              </ol>
              <input ref={galleryInput} id={fields.gallery_images.id} type="file" accept="image/jpeg,image/png" multiple onChange={(e) => addPhotos(e.target.files)} />
            </>
          ) : (
            <>
              {listing && listing.gallery_images.length > 0 && (
                <ul className="post-form__gallery">
                  {listing.gallery_images.map((g) => (
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
              <input id={fields.gallery_images.id} name="gallery_images" type="file" accept="image/jpeg,image/png" multiple />
            </>
          )}
          <Errors meta={fields.gallery_images} />
          <Errors meta={err("remove_gallery_images")} />
        </div>

        <div className="field" data-invalid={fields.documents.errors ? true : undefined}>
          <label htmlFor={fields.documents.id}>{t("Documents (PDF)")}</label>
          {listing && listing.documents.length > 0 && (
            <ul className="post-form__docs">
              {listing.documents.map((d) => (
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
        </div>

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
          <input id={fields.three_d_image.id} name="three_d_image" type="file" accept="image/jpeg,image/png" />
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
          <input {...getInputProps(fields.meta_title, { type: "text" })} onInput={(e) => setSeo({ ...seo, meta_title: e.currentTarget.value })} />
          <Errors meta={fields.meta_title} />
          <Warnings list={warnings.meta_title} />
        </div>
        <div className="field">
          <label htmlFor={fields.meta_description.id}>{t("Meta description")}</label>
          <textarea {...getTextareaProps(fields.meta_description)} rows={3} onInput={(e) => setSeo({ ...seo, meta_description: e.currentTarget.value })} />
          <Errors meta={fields.meta_description} />
          <Warnings list={warnings.meta_description} />
        </div>
        <div className="field">
          <label htmlFor={fields.meta_keywords.id}>{t("Meta keywords")}</label>
          <input {...getInputProps(fields.meta_keywords, { type: "text" })} onInput={(e) => setSeo({ ...seo, meta_keywords: e.currentTarget.value })} />
          <p className="field__hint">{t("Comma-separated phrases.")}</p>
          <Errors meta={fields.meta_keywords} />
          <Warnings list={warnings.meta_keywords} />
        </div>
        <div className="field">
          <label htmlFor={fields.meta_image.id}>{t("Meta image")}</label>
          {listing?.meta_image && <img className="post-form__thumb" src={listing.meta_image} alt="" width={160} height={84} />}
          <input id={fields.meta_image.id} name="meta_image" type="file" accept="image/jpeg,image/png" />
          <Errors meta={fields.meta_image} />
        </div>
      </fieldset>

      {progress !== null && (
        <div className="upload-progress">
          <progress max={100} value={progress} aria-label={t("Uploading")} />
          <span>{t("Uploading… {{percent}}%", { percent: progress })}</span>
        </div>
      )}
      <div className="post-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {mode === "add" ? t("Post property") : t("Save changes")}
        </button>
        {mode === "edit" && listing && (
          <a className="button button--ghost button--danger" href={href(`/user/edit-property/${listing.id}?delete=1`)}>
            {t("Delete this property")}
          </a>
        )}
      </div>
    </Form>
  );
}

function ParameterInput({ param, defaultValue, meta }: { param: CategoryOption["parameter_types"][number]; defaultValue?: string; meta: Pick<Meta, "errorId" | "errors"> }) {
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
              <input type={param.type_of_parameter} name={name} value={o.value} defaultChecked={chosen.has(o.value)} {...common} />
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
        <input id={id} name={name} type={param.type_of_parameter === "number" ? "number" : "text"} step="any" defaultValue={defaultValue} {...common} />
      )}
      <Errors meta={meta} />
    </div>
  );
}
