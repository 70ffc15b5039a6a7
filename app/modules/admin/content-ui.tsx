// Pieces of the content editors' forms: a text field that shows its message, Arabic fields written
// right to left, an on/off choice, a row's edit and a delete that asks first (all without
// JavaScript), and the head every content page starts with.
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import { ActionNotice } from "~/modules/listings/ui";
import { ContentBack } from "./content-nav";
import { Pill } from "./ui";

/** A refused content form: the message, the messages per field, and what was typed. */
export type ContentResult = {
  error: string;
  errors?: Record<string, string[]>;
  intent?: string;
  id?: number | string;
  values?: Record<string, string[]>;
};

/**
 * The last refusal, if it belongs to this form (a page holds several): its messages per field,
 * and the typed value of a field (else the saved one).
 */
export function outcomeFor(result: unknown, intent: string, id?: number | string) {
  const r = result && typeof result === "object" && "error" in result ? (result as ContentResult) : null;
  const mine = r && r.intent === intent && String(r.id ?? "") === String(id ?? "") ? r : null;
  return {
    refused: mine,
    errors: (name: string) => mine?.errors?.[name],
    value: (name: string, saved: string | number | null | undefined) =>
      mine?.values ? (mine.values[name]?.[0] ?? "") : String(saved ?? ""),
    /** A checkbox or select of several: what was sent, else what is saved. */
    chosen: (name: string, saved: string[]) => (mine?.values ? (mine.values[name] ?? []) : saved),
  };
}

interface TextFieldProps {
  /** Makes the ids unique on a page of several forms. */
  form: string;
  name: string;
  label: string;
  value: string;
  errors?: string[];
  /** Arabic text: typed and shown right to left. */
  ar?: boolean;
  rows?: number;
  required?: boolean;
  hint?: string;
  maxLength?: number;
  type?: "text" | "number";
}

export function TextField({
  form,
  name,
  label,
  value,
  errors,
  ar,
  rows,
  required,
  hint,
  maxLength,
  type = "text",
}: TextFieldProps) {
  const { t } = useTranslation();
  const id = `${form}-${name}`;
  const invalid = errors?.length ? true : undefined;
  const describedBy =
    [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    defaultValue: value,
    required,
    maxLength,
    "aria-invalid": invalid,
    "aria-describedby": describedBy,
    ...(ar ? { dir: "rtl" as const, lang: "ar" } : { dir: "auto" as const }),
  };
  return (
    <div className="field" data-invalid={invalid}>
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea rows={rows} {...common} />
      ) : type === "number" ? (
        <input type="number" min={0} step={1} {...common} dir="ltr" />
      ) : (
        <input type="text" {...common} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div id={`${id}-error`} className="field__errors" aria-live="polite">
        {errors?.map((e) => (
          <p key={e}>{t(e)}</p>
        ))}
      </div>
    </div>
  );
}

/** A choice of one, with the message for its field under it (`id` makes the element's id with `form`). */
export function SelectField({
  form,
  id,
  name,
  label,
  value,
  errors,
  children,
}: {
  form: string;
  id: string;
  name: string;
  label: string;
  value: string;
  errors?: string[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const invalid = errors ? true : undefined;
  const elementId = `${form}-${id}`;
  return (
    <div className="field" data-invalid={invalid}>
      <label htmlFor={elementId}>{label}</label>
      <select
        id={elementId}
        name={name}
        defaultValue={value}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${elementId}-error` : undefined}
      >
        {children}
      </select>
      <div id={`${elementId}-error`} className="field__errors" aria-live="polite">
        {errors?.map((e) => (
          <p key={e}>{t(e)}</p>
        ))}
      </div>
    </div>
  );
}

/** Shown or hidden: a select, so the form always sends a value (an unticked checkbox sends none). */
export function OnOffField({
  form,
  name = "status",
  label,
  value,
  on,
  off,
  hint,
}: {
  form: string;
  name?: string;
  label: string;
  value: boolean;
  on: string;
  off: string;
  hint?: string;
}) {
  const id = `${form}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={value ? "1" : "0"}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        <option value="1">{on}</option>
        <option value="0">{off}</option>
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** On or off, as a pill in a list. */
export function OnOffPill({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <Pill tone={on ? "ok" : undefined}>{on ? yes : no}</Pill>;
}

/** A delete behind a second click (a disclosure, so it works without JavaScript). */
export function DeleteForm({
  intent = "delete",
  id,
  about,
  children,
}: {
  intent?: string;
  id: number;
  about: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <details className="admin-content-delete">
      <summary>
        {t("Delete")}
        <span className="visually-hidden"> – {about}</span>
      </summary>
      <Form method="post" className="admin-reason-form">
        {children}
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <SubmitButton className="button button--small">
          {t("Yes, delete")}
          <span className="visually-hidden"> – {about}</span>
        </SubmitButton>
      </Form>
    </details>
  );
}

/** A refusal that is not about one field (a delete refused, a record gone). */
export function FormRefusal({ refused }: { refused: ContentResult | null }) {
  const { t } = useTranslation();
  if (!refused || (refused.errors && Object.keys(refused.errors).length)) return null;
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
  const href = useHref();
  return (
    <p>
      <Link className="button" to={href(add.to)}>
        {add.label}
      </Link>{" "}
      <Link to={href(also.to)}>{also.label}</Link>
    </p>
  );
}

/** The form adding a row to a list edited in place. */
export function AddForm({ title, button, children }: { title: string; button: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <div className="admin-card">
      <h2>{title}</h2>
      {/* A fresh form after each save; a refused one keeps what was typed. */}
      <Form method="post" className="admin-form" key={location.key}>
        <input type="hidden" name="intent" value="create" />
        {children}
        <SubmitButton className="button">{button}</SubmitButton>
      </Form>
    </div>
  );
}

/**
 * A listed row's actions: `before` (its own buttons), its edit form behind a disclosure (open
 * again when refused) with `children` as the fields, its delete, and a refused delete's message.
 */
export function RowActions({
  id,
  about,
  result,
  before,
  children,
}: {
  id: number;
  about: string;
  result: unknown;
  before?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="admin-actions">
        {before}
        <details open={Boolean(outcomeFor(result, "save", id).refused)}>
          <summary>
            {t("Edit")}
            <span className="visually-hidden"> – {about}</span>
          </summary>
          <Form method="post" className="admin-form">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="id" value={id} />
            {children}
            <SubmitButton className="button button--small">{t("Save")}</SubmitButton>
          </Form>
        </details>
        <DeleteForm id={id} about={about} />
      </div>
      <FormRefusal refused={outcomeFor(result, "delete", id).refused} />
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
      <FormRefusal refused={outcomeFor(result, "delete", id).refused} />
    </div>
  );
}
