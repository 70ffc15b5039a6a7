// One labelled field of a listing form: the label, the control, then the messages the control's
// aria-describedby names. The wrapper is marked invalid so the styles outline its control.
import type { ReactNode } from "react";
import type { FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "./field-errors";

export function Field({
  meta,
  label,
  hidden,
  children,
}: {
  meta: FieldMetadata<string>;
  /** Translated already: the forms call `t()` with the literal text. */
  label: string;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field" data-invalid={meta.errors ? true : undefined} hidden={hidden}>
      <label htmlFor={meta.id}>{label}</label>
      {children}
      <FieldErrors meta={meta} />
    </div>
  );
}
