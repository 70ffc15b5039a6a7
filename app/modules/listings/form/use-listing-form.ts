// The state a listing form of either kind runs on. Without JavaScript the browser posts the form
// itself; with it, conform checks the fields as they are typed (the kind's schema, the gallery as
// arranged) and a valid form goes up with a progress bar (./upload.tsx), the server answering
// where to go next or the form's messages.
import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { useHydrated } from "~/components/map/lazy";
import type { ErrorMeta } from "./field-errors";
import { useGallery } from "./gallery";
import type { PlaceOptions } from "./location-fields";
import type { SavedListing } from "./saved";
import { useUpload } from "./upload";
import { formValues } from "~/modules/listings/form/values";

/** The fields of every listing form (the title image is named by each kind: `title_image`, `image`). */
export type SharedFieldName =
  | "title"
  | "description"
  | "category_id"
  | "gallery_images"
  | "documents"
  | "video_link"
  | "meta_title"
  | "meta_description"
  | "meta_keywords"
  | "meta_image";

/** What a page gives the form of either kind. */
export interface ListingFormProps {
  mode: "add" | "edit";
  places: PlaceOptions;
  /** The page's defaults (a saved listing's values, a draft's, a GET step's). */
  defaults: Record<string, string | undefined>;
  lastResult?: SubmissionResult<string[]> | null;
  /** The upload endpoint used with JavaScript (progress and errors without leaving the page); it
   * also answers the location's geocoding. */
  uploadUrl: string;
  /** A new listing's form token, made with the page: sent twice, the form is saved once (decision 046). */
  formToken?: string;
}

export interface ListingFormOptions extends ListingFormProps {
  /** With the mode, the form's id (`property-add`…) and so the prefix of its fields' ids. */
  kind: "property" | "project";
  schema: z.ZodType;
  /** The listing being edited; none when posting a new one. */
  saved?: SavedListing;
}

export function useListingForm<OwnFieldName extends string>({
  kind,
  mode,
  schema,
  places,
  defaults: given,
  lastResult,
  uploadUrl,
  saved,
  formToken,
}: ListingFormOptions) {
  const defaults = formValues(given, lastResult);
  const hydrated = useHydrated();
  const upload = useUpload(uploadUrl);
  const gallery = useGallery(saved?.gallery_images ?? []);
  const [form, anyFields] = useForm({
    id: `${kind}-${mode}`,
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
  // The schemas' inputs are what a multipart form sends; the fields are read as text inputs.
  const fields = anyFields as unknown as Record<SharedFieldName | OwnFieldName, FieldMetadata<string>>;
  // Messages of fields outside conform's metadata (location, parameters, plans, removal boxes).
  const errors = form.allErrors as Record<string, string[] | undefined>;
  // Names such as `plans[0].title` make ids with dashes for the brackets and dots.
  const err = (name: string): ErrorMeta => ({
    errorId: `${form.id}-${name.replace(/[^\w-]/g, "-")}-error`,
    errors: errors[name],
  });
  /** What the location block takes from the form (./location-fields.tsx). */
  const location = { places, defaults, geocodeUrl: uploadUrl, err };
  return { mode, form, fields, defaults, hydrated, upload, gallery, errors, err, location, saved, formToken };
}

/** A listing form's state as the shared sections read it, whatever the kind's own fields. */
export type ListingForm = ReturnType<typeof useListingForm<never>>;
