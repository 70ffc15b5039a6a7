// A listing form's first section: its title and description, then what the kind asks about it
// (a property's category details, sell or rent and price; a project's category and type).
import type { ReactNode } from "react";
import { getInputProps, getTextareaProps } from "@conform-to/react";
import { useTranslation } from "~/lib/translate";
import { Field } from "~/modules/listings/form/field";
import type { ListingForm } from "~/modules/listings/form/use-listing-form";

export function AboutSection({
  form: { fields },
  legend,
  textDir,
  children,
}: {
  form: ListingForm;
  legend: string;
  /** The project form lets the browser set the direction of the typed text; the property form does not. */
  textDir?: "auto";
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="post-form__section">
      <legend>{legend}</legend>
      <Field meta={fields.title} label={t("Title")}>
        <input {...getInputProps(fields.title, { type: "text" })} dir={textDir} />
      </Field>
      <Field meta={fields.description} label={t("Description")}>
        <textarea {...getTextareaProps(fields.description)} rows={6} dir={textDir} />
      </Field>
      {children}
    </fieldset>
  );
}

/** The category select's options: none chosen first, then the categories. */
export function CategoryOptions({ categories }: { categories: { id: number; category: string }[] }) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{t("Choose a category")}</option>
      {categories.map((c) => (
        <option key={c.id} value={c.id}>
          {c.category}
        </option>
      ))}
    </>
  );
}
