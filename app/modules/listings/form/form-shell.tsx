// The frame of a listing form: a multipart form that works without JavaScript, its form-level
// messages, the saved listing's id, and at the end the upload progress and the submit button.
import type { ReactNode } from "react";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps } from "@conform-to/react";
import { FormErrors } from "~/components/form-errors";
import { useTranslation } from "~/lib/translate";
import { UploadProgress } from "~/modules/listings/form/upload";
import type { ListingForm } from "~/modules/listings/form/use-listing-form";

export function ListingFormShell({
  form: { mode, form, upload, saved, formToken },
  postLabel,
  children,
}: {
  form: ListingForm;
  /** The submit button's words for a new listing (an edit saves changes). */
  postLabel: string;
  /** The kind's sections, in order. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="post-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      {/* The schema checks the id in the browser too; the server takes it from the page's address. */}
      {saved && <input type="hidden" name="id" value={saved.id} />}
      {mode === "add" && formToken ? <input type="hidden" name="form_token" value={formToken} /> : null}
      {children}
      <UploadProgress progress={upload.progress} />
      <div className="post-form__actions">
        {/* With JavaScript the form goes up through the page's own upload (a progress bar): that is
            what it waits for. */}
        <SubmitButton
          className="button"
          pending={upload.busy}
          pendingLabel={mode === "add" ? t("Posting…") : t("Saving…")}
        >
          {mode === "add" ? postLabel : t("Save changes")}
        </SubmitButton>
      </div>
    </Form>
  );
}
