import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/lib/translate";

/** Label, input and the field's errors, tied together for screen readers. Errors are translated. */
export function Field({
  meta,
  label,
  type = "text",
  autoComplete,
  inputMode,
  dir,
}: {
  // Text fields only; an optional field that can be cleared is typed string | null.
  meta: FieldMetadata<string> | FieldMetadata<string | null | undefined>;
  label: string;
  type?: "text" | "email" | "tel" | "password";
  autoComplete?: string;
  inputMode?: "email" | "tel" | "text";
  dir?: "ltr" | "rtl" | "auto";
}) {
  const { t } = useTranslation();
  const errorId = meta.errorId;
  return (
    <div className="field" data-invalid={meta.errors ? true : undefined}>
      <label htmlFor={meta.id}>{label}</label>
      <input
        {...getInputProps(meta as FieldMetadata<string>, { type })}
        autoComplete={autoComplete}
        inputMode={inputMode}
        dir={dir}
      />
      <div id={errorId} className="field__errors" aria-live="polite">
        {meta.errors?.map((e) => (
          <p key={e}>{t(e)}</p>
        ))}
      </div>
    </div>
  );
}
