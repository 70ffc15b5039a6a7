// The photos and files every listing has: the title image, the gallery, documents and a video
// link, with room for a kind's own files after the documents (a property's 360° photo).
import type { ReactNode } from "react";
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/lib/translate";
import type { ErrorMeta } from "./field-errors";
import { Field } from "./field";
import { DocumentsField, GalleryPicker, TitleImageField } from "./gallery";
import type { ListingForm } from "~/modules/listings/form/use-listing-form";

export function MediaSection({
  form: { fields, gallery, err, saved },
  titleImage,
  currentTitleImage,
  removeDocumentsMeta,
  children,
}: {
  form: ListingForm;
  /** The title image's field: each kind names it (`title_image`, `image`). */
  titleImage: FieldMetadata<string>;
  currentTitleImage?: string | null;
  /** The messages of the documents' remove boxes (the project form shows them, the property form not). */
  removeDocumentsMeta?: ErrorMeta;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="post-form__section">
      <legend>{t("Photos and files")}</legend>
      <TitleImageField meta={titleImage} current={currentTitleImage} />
      <GalleryPicker
        gallery={gallery}
        meta={fields.gallery_images}
        removeMeta={err("remove_gallery_images")}
      />
      <DocumentsField
        meta={fields.documents}
        saved={saved?.documents ?? []}
        removeMeta={removeDocumentsMeta}
      />
      {children}
      <Field meta={fields.video_link} label={t("Video link")}>
        <input {...getInputProps(fields.video_link, { type: "url" })} dir="ltr" placeholder="https://" />
      </Field>
    </fieldset>
  );
}
