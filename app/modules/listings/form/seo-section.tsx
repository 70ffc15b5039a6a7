// The search-engine fields every listing has, with the advice the API answers on saving either kind
// (spec §5: too long a title, too many keywords, a description too short or long): as they are
// typed with JavaScript; without it, on the form as the server renders it (a saved listing's
// texts, or what was sent when the form comes back).
import { useEffect, useState } from "react";
import { getInputProps, getTextareaProps } from "@conform-to/react";
import { seoWarnings } from "~server/api/listings/contract/fields";
import { useTranslation } from "~/lib/translate";
import { FieldErrors } from "./field-errors";
import type { ListingForm } from "~/modules/listings/form/use-listing-form";

export function SeoSection({
  form: { fields, defaults, saved },
  markImageInvalid = false,
}: {
  form: ListingForm;
  /** Mark the meta image's field invalid on an error, as the project form does (the property form never did). */
  markImageInvalid?: boolean;
}) {
  const { t } = useTranslation();
  const [seo, setSeo] = useState({
    meta_title: defaults.meta_title,
    meta_description: defaults.meta_description,
    meta_keywords: defaults.meta_keywords,
  });
  // What was typed before the page took over (decision 011) is in the fields already, not in the state.
  useEffect(() => {
    const typed = (id: string) =>
      (document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null)?.value;
    setSeo((was) => ({
      meta_title: typed(fields.meta_title.id) ?? was.meta_title,
      meta_description: typed(fields.meta_description.id) ?? was.meta_description,
      meta_keywords: typed(fields.meta_keywords.id) ?? was.meta_keywords,
    }));
  }, [fields.meta_title.id, fields.meta_description.id, fields.meta_keywords.id]);
  const warnings = seoWarnings(seo);
  const track = (name: keyof typeof seo) => (e: { currentTarget: { value: string } }) =>
    setSeo({ ...seo, [name]: e.currentTarget.value });
  return (
    <fieldset className="post-form__section">
      <legend>{t("Search engines")}</legend>
      <div className="field">
        <label htmlFor={fields.meta_title.id}>{t("Meta title")}</label>
        <input {...getInputProps(fields.meta_title, { type: "text" })} onInput={track("meta_title")} />
        <FieldErrors meta={fields.meta_title} />
        <Warnings list={warnings.meta_title} />
      </div>
      <div className="field">
        <label htmlFor={fields.meta_description.id}>{t("Meta description")}</label>
        <textarea
          {...getTextareaProps(fields.meta_description)}
          rows={3}
          onInput={track("meta_description")}
        />
        <FieldErrors meta={fields.meta_description} />
        <Warnings list={warnings.meta_description} />
      </div>
      <div className="field">
        <label htmlFor={fields.meta_keywords.id}>{t("Meta keywords")}</label>
        <input {...getInputProps(fields.meta_keywords, { type: "text" })} onInput={track("meta_keywords")} />
        <p className="field__hint">{t("Comma-separated phrases.")}</p>
        <FieldErrors meta={fields.meta_keywords} />
        <Warnings list={warnings.meta_keywords} />
      </div>
      <div className="field" data-invalid={markImageInvalid && fields.meta_image.errors ? true : undefined}>
        <label htmlFor={fields.meta_image.id}>{t("Meta image")}</label>
        {saved?.meta_image && (
          <img className="post-form__thumb" src={saved.meta_image} alt="" width={160} height={84} />
        )}
        <input id={fields.meta_image.id} name="meta_image" type="file" accept="image/jpeg,image/png" />
        <FieldErrors meta={fields.meta_image} />
      </div>
    </fieldset>
  );
}

/** Advice, not a refusal: shown as a status beside the field, never blocking the post. */
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
