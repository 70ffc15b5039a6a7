// Pieces of the content pages: a text field and a choice that show their message (fed by the form's
// conform metadata), Arabic fields written right to left, a row's edit and a delete that asks first
// (all without JavaScript), and the head every content page starts with.
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { FieldMetadata } from "@conform-to/react";
import { Form, SubmitButton } from "~/components/submit-form";
import { useTranslation } from "~/lib/translate";
import { ActionNotice } from "~/modules/listings/ui";
import { ContentBack } from "./content-nav";
import { Pill } from "./ui";

/** A refused delete or move: the message, and which row's form it was. */
export type ContentRefusal = { error: string; intent: string; id?: number };

/** The last refusal of a delete or move, if it was this row's (a page holds several). */
export function refusalFor(result: unknown, intent: string, id: number): ContentRefusal | null {
  const r = result && typeof result === "object" && "error" in result ? (result as ContentRefusal) : null;
  return r && r.intent === intent && r.id === id ? r : null;
}

/** What a field is described by: its hint, then its message. */
function describedBy(meta: FieldMetadata<unknown>, hint: boolean) {
  const ids = [hint ? `${meta.id}-hint` : null, meta.errors ? meta.errorId : null];
  return ids.filter(Boolean).join(" ") || undefined;
}

/** Where a field's messages show (translated), under it. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <div id={id} className="field__errors" aria-live="polite">
      {errors?.map((e) => (
        <p key={e}>{t(e)}</p>
      ))}
    </div>
  );
}

/** The text a field starts with: what was sent when the form was refused, else the saved value. */
export const initialText = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value) : "";

export interface TextFieldProps {
  meta: FieldMetadata<unknown>;
  label: string;
  /** Arabic text: typed and shown right to left. */
  ar?: boolean;
  rows?: number;
  required?: boolean;
  hint?: string;
  maxLength?: number;
  type?: "text" | "number";
}

export function TextField({
  meta,
  label,
  ar,
  rows,
  required,
  hint,
  maxLength,
  type = "text",
}: TextFieldProps) {
  const invalid = meta.errors ? true : undefined;
  const common = {
    id: meta.id,
    name: meta.name,
    defaultValue: initialText(meta.initialValue),
    required,
    maxLength,
    "aria-invalid": invalid,
    "aria-describedby": describedBy(meta, Boolean(hint)),
    ...(ar ? { dir: "rtl" as const, lang: "ar" } : { dir: "auto" as const }),
  };
  return (
    <div className="field" data-invalid={invalid}>
      <label htmlFor={meta.id}>{label}</label>
      {rows ? (
        <textarea rows={rows} {...common} />
      ) : type === "number" ? (
        <input type="number" min={0} step={1} {...common} dir="ltr" />
      ) : (
        <input type="text" {...common} />
      )}
      {hint ? (
        <p id={`${meta.id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * A choice of one (the options are the children), with its hint and message under it. A select
 * always sends a value, which is why on/off is one too (an unticked checkbox sends none).
 */
export function SelectField({
  meta,
  label,
  hint,
  children,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  const invalid = meta.errors ? true : undefined;
  return (
    <div className="field" data-invalid={invalid}>
      <label htmlFor={meta.id}>{label}</label>
      <select
        id={meta.id}
        name={meta.name}
        defaultValue={initialText(meta.initialValue)}
        aria-invalid={invalid}
        aria-describedby={describedBy(meta, Boolean(hint))}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${meta.id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** On or off, as a pill in a list. */
export function OnOffPill({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <Pill tone={on ? "ok" : undefined}>{on ? yes : no}</Pill>;
}

/** A delete behind a second click (a disclosure, so it works without JavaScript). */
export function DeleteForm({ id, about }: { id: number; about: string }) {
  const { t } = useTranslation();
  return (
    <details className="admin-content-delete">
      <summary>
        {t("Delete")}
        <span className="visually-hidden"> – {about}</span>
      </summary>
      <Form method="post" className="admin-reason-form">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <SubmitButton className="button button--small">
          {t("Yes, delete")}
          <span className="visually-hidden"> – {about}</span>
        </SubmitButton>
      </Form>
    </details>
  );
}

/** A refused delete or move (a row in use, a row gone). */
export function FormRefusal({ refused }: { refused: ContentRefusal | null }) {
  const { t } = useTranslation();
  if (!refused) return null;
  return (
    <p className="form-error" role="alert">
      {t(refused.error)}
    </p>
  );
}

/** A content page's head: the way back, the heading, what the page is for, and the last action's notice. */
export function ContentHead({
  title,
  lead,
  back,
  editor,
}: {
  title: ReactNode;
  lead?: string;
  back?: { to: string; label: string };
  editor?: boolean;
}) {
  return (
    <>
      <ContentBack {...back} />
      {/* An editor's heading is the row's own name, in either language. */}
      <h1 dir={editor ? "auto" : undefined}>{title}</h1>
      {lead ? <p className="admin-page__lead">{lead}</p> : null}
      <ActionNotice />
    </>
  );
}

/** Above a list with its own editor pages: the button to add one, and a related section. */
export function ContentLinks({
  add,
  also,
}: {
  add: { to: string; label: string };
  also: { to: string; label: string };
}) {
  return (
    <p>
      <Link className="button" to={add.to}>
        {add.label}
      </Link>{" "}
      <Link to={also.to}>{also.label}</Link>
    </p>
  );
}

/**
 * A listed row's actions: `before` (its own buttons), its edit form (`children`) behind a
 * disclosure (open again when refused), its delete, and a refused delete's message.
 */
export function RowActions({
  id,
  about,
  result,
  open,
  before,
  children,
}: {
  id: number;
  about: string;
  result: unknown;
  open: boolean;
  before?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="admin-actions">
        {before}
        <details open={open}>
          <summary>
            {t("Edit")}
            <span className="visually-hidden"> – {about}</span>
          </summary>
          {children}
        </details>
        <DeleteForm id={id} about={about} />
      </div>
      <FormRefusal refused={refusalFor(result, "delete", id)} />
    </>
  );
}

/** Under an editor page's form: what uses the row (`children`), its delete, and a refused delete's message. */
export function DeleteCard({
  id,
  about,
  result,
  children,
}: {
  id: number;
  about: string;
  result: unknown;
  children?: ReactNode;
}) {
  return (
    <div className="admin-card admin-content-danger">
      {children}
      <DeleteForm id={id} about={about} />
      <FormRefusal refused={refusalFor(result, "delete", id)} />
    </div>
  );
}
