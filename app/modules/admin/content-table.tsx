// One page for every table of the console's content section (categories, details, facilities,
// report reasons, article categories, FAQs), drawn from a small description of the table: its
// calls, its fields, its columns and its words (English keys, translated here). A table is either
// edited in place (a form to add a row above the list, each row's own form behind "Edit") or row by
// row on pages of their own (`pages`: the list links to `<section>/<id>` and `<section>/new`).
// Forms check with the save call's own schema (conform), in the browser as they are filled in and
// on the server without JavaScript, so a message is the same either way and lands on its field.
import type { ReactNode } from "react";
import { useActionData, useLoaderData, useLocation } from "react-router";
import {
  getFormProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type Submission,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { CallData, CallName } from "~server/api/calls";
import { Form, SubmitButton } from "~/components/submit-form";
import { FormErrors } from "~/components/form-errors";
import { useTranslation, type Translator } from "~/lib/translate";
import {
  ContentHead,
  ContentLinks,
  DeleteCard,
  OnOffPill,
  RowActions,
  SelectField,
  TextField,
} from "./content-ui";
import { AdminTable } from "./ui";

/** A row of a list call's answer. */
export type RowOf<L extends CallName> =
  CallData<L> extends readonly (infer R extends { id: number })[] ? R : never;

/** The form's values as conform keeps them: text, lists of text, rows of them. */
export type FormValues = Record<string, unknown>;

interface FieldBase {
  name: string;
  label: string;
  /** Under the field; per state when it differs for a new row and a saved one. */
  hint?: string | { new?: string; saved?: string };
  /** Only on a saved row's form (a new row goes last). */
  savedOnly?: boolean;
}

/** What a custom part of a form is given: the form, the row (null when new) and the other call's rows. */
export interface CustomFieldProps<R, A> {
  form: FormMetadata<FormValues>;
  fields: ReturnType<FormMetadata<FormValues>["getFieldset"]>;
  row: R | null;
  also: A[];
}

export type ContentField<R, A> =
  | (FieldBase & {
      kind?: "text" | "textarea" | "number";
      /** Arabic text: typed and shown right to left. */
      ar?: boolean;
      /** A textarea's height. */
      rows?: number;
      required?: boolean;
      max?: number;
    })
  | (FieldBase & {
      kind: "select";
      options: readonly (readonly [value: string, label: string])[];
      initial: string;
    })
  /** On or off (`status`): a select, so the form always sends a value. */
  | (FieldBase & { kind: "onOff"; on: string; off: string })
  | {
      kind: "custom";
      name: string;
      /** The part's values for the form, from the saved row (null: a new one). */
      initial: (row: R | null) => FormValues;
      render: (props: CustomFieldProps<R, A>) => ReactNode;
    };

export interface ContentColumn<R> {
  heading: string;
  cell: (row: R, ui: { t: Translator["t"] }) => ReactNode;
  /** Arabic text (right to left), or a direction. */
  dir?: "auto" | "ltr" | "ar";
}

export interface ContentTable<L extends CallName, A = never, R extends { id: number } = RowOf<L>> {
  /** The section's address; a row's own page is `<section>/<id>`. */
  section: string;
  /** Makes the forms' ids: `<key>-new`, `<key>-<id>`. */
  key: string;
  calls: {
    list: L;
    save: CallName;
    remove: CallName;
    /** Moves a row one place up or down. */
    move?: CallName;
    /** Another list the form chooses from (a category's details). */
    also?: CallName;
    /** The call answering one row by its id, when the list's rows are not the form's (articles). */
    one?: CallName;
  };
  /** The form sends files. */
  files?: boolean;
  /** The save call's input schema (its contract). */
  schema: z.ZodType;
  /** The form as the schema reads it (ticked details put in order, empty option rows left out). */
  prepare?: (form: FormData) => FormData;
  /** Its rows are in the site's filter panels, which each process keeps a while. */
  filters?: boolean;
  texts: {
    title: string;
    lead: string;
    /** The form adding a row: its heading (in place) or the link to its page. */
    add: string;
    /** The button adding a row. */
    create: string;
    /** How many rows there are, above the list. */
    count?: string;
  };
  /** The row's name: its page's heading, and for screen readers on its buttons. */
  name: (row: R) => string;
  /** The form's fields in order; a list of fields shares a line. */
  fields: (ContentField<R, A> | ContentField<R, A>[])[];
  /** The list as a table: its columns (rows edited in place get an Actions column). */
  columns?: ContentColumn<R>[];
  /** The list as cards: a heading in English, its Arabic under it, and the row's state. */
  cards?: { title: (row: R) => string; titleAr: (row: R) => string; on: string; off: string };
  /** Rows edited on pages of their own. */
  pages?: {
    /** A related section, linked beside the add button. */
    also: { to: string; label: string };
    /** The section's name on the way back. */
    back: string;
    /** A row's page: its title ({{name}}), a new row's heading, and the save button. */
    title: string;
    fresh: string;
    save: string;
    /** What uses the row, over its delete ({{count}}). */
    uses?: { text: string; count: (row: R) => number };
    /** Above a saved row's form (a link to it on the site). */
    head?: (props: { row: R }) => ReactNode;
  };
}

/** What the loader gives the page: the list, or one row's page (`page.row` null for a new one). */
export interface ContentTableData<R, A> {
  title: string;
  rows: R[];
  page: { row: R | null } | null;
  also: A[];
}

/**
 * A save's refusal: conform's reply, and which form it was (the add form, or a row's). Not
 * `intent`: conform's reply has its own.
 */
export type ContentReply = { status?: string; saving: "create" | "save"; id?: number };

/** The refusal of this form, if the last answer was one. */
function replyFor(result: unknown, saving: "create" | "save", id: number | undefined) {
  const r = result && typeof result === "object" && "saving" in result ? (result as ContentReply) : null;
  return r && r.saving === saving && r.id === id ? r : undefined;
}

const flat = <T,>(fields: (T | T[])[]): T[] => fields.flatMap((f) => (Array.isArray(f) ? f : [f]));

/** The form's values for a saved row (or a new one). */
function initialValues<R extends { id: number }, A>(fields: ContentField<R, A>[], row: R | null): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    if (f.kind === "custom") Object.assign(values, f.initial(row));
    else {
      const saved = row ? (row as Record<string, unknown>)[f.name] : undefined;
      if (f.kind === "onOff") values[f.name] = row && !saved ? "0" : "1";
      else if (f.kind === "select") values[f.name] = saved ?? f.initial;
      else values[f.name] = saved == null ? "" : String(saved);
    }
  }
  return values;
}

/** The form of a new row or of a saved one, checked with the save call's schema. */
function RowForm<L extends CallName, A, R extends { id: number }>({
  table,
  row,
  also,
  intent,
  button,
  small,
}: {
  table: ContentTable<L, A, R>;
  row: R | null;
  also: A[];
  intent: "create" | "save";
  button: string;
  small?: boolean;
}) {
  const { t } = useTranslation();
  const result = useActionData();
  const id = row?.id;
  const [form, fields] = useForm<FormValues>({
    id: `${table.key}-${id ?? "new"}`,
    lastResult: replyFor(result, intent, id) as never,
    // Conform types values by their schema; these forms' values are the text their inputs hold.
    defaultValue: initialValues(flat(table.fields), row) as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(table.prepare ? table.prepare(formData) : formData, {
        schema: table.schema,
      }) as Submission<FormValues>,
  });
  const field = (f: ContentField<R, A>) => {
    if (f.kind === "custom")
      return <f.render key={f.name} form={form} fields={fields} row={row} also={also} />;
    if (f.savedOnly && !row) return null;
    const meta = fields[f.name] as FieldMetadata<unknown>;
    const hint = typeof f.hint === "object" ? (row ? f.hint.saved : f.hint.new) : f.hint;
    const common = { key: f.name, meta, label: t(f.label), hint: hint ? t(hint) : undefined };
    if (f.kind === "select" || f.kind === "onOff") {
      const options =
        f.kind === "select"
          ? f.options
          : ([
              ["1", f.on],
              ["0", f.off],
            ] as const);
      return (
        <SelectField {...common}>
          {options.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </SelectField>
      );
    }
    return (
      <TextField
        {...common}
        type={f.kind === "number" ? "number" : "text"}
        rows={f.kind === "textarea" ? (f.rows ?? 4) : undefined}
        ar={f.ar}
        required={f.required}
        maxLength={f.max}
      />
    );
  };
  return (
    <Form
      method="post"
      encType={table.files ? "multipart/form-data" : undefined}
      className="admin-form"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={intent} />
      {/* A row's own page says which row it is in its address. */}
      {id && !table.pages ? <input type="hidden" name="id" value={id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {table.fields.map((f, i) =>
        Array.isArray(f) ? (
          <div className="field-row" key={i}>
            {f.map(field)}
          </div>
        ) : (
          field(f)
        ),
      )}
      <SubmitButton className={small ? "button button--small" : "button"}>{button}</SubmitButton>
    </Form>
  );
}

/** A row's moves (FAQs): a form per direction, without JavaScript too. */
function MoveForm({ id, intent, about }: { id: number; intent: "up" | "down"; about: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <SubmitButton className="button button--ghost button--small">
        {intent === "up" ? t("Move up") : t("Move down")}
        <span className="visually-hidden"> – {about}</span>
      </SubmitButton>
    </Form>
  );
}

/** A content table's page: its list, or one row's page. */
export function ContentTablePage<L extends CallName, A, R extends { id: number }>({
  table,
}: {
  table: ContentTable<L, A, R>;
}) {
  const d = useLoaderData() as ContentTableData<R, A>;
  return d.page ? (
    <RowPage table={table} row={d.page.row} also={d.also} />
  ) : (
    <ListPage table={table} rows={d.rows} />
  );
}

function RowPage<L extends CallName, A, R extends { id: number }>({
  table,
  row,
  also,
}: {
  table: ContentTable<L, A, R>;
  row: R | null;
  also: A[];
}) {
  const { t } = useTranslation();
  const result = useActionData();
  const location = useLocation();
  const pages = table.pages!;
  return (
    <section className="admin-page">
      <ContentHead
        title={row ? table.name(row) : t(pages.fresh)}
        back={{ to: table.section, label: pages.back }}
        editor
      />
      {row && pages.head ? <pages.head row={row} /> : null}
      <RowForm
        key={location.key}
        table={table}
        row={row}
        also={also}
        intent="save"
        button={row ? t(pages.save) : t(table.texts.create)}
      />
      {row ? (
        <DeleteCard id={row.id} about={table.name(row)} result={result}>
          {pages.uses ? <p>{t(pages.uses.text, { count: pages.uses.count(row) })}</p> : null}
        </DeleteCard>
      ) : null}
    </section>
  );
}

function ListPage<L extends CallName, A, R extends { id: number }>({
  table,
  rows,
}: {
  table: ContentTable<L, A, R>;
  rows: R[];
}) {
  const { t } = useTranslation();
  const result = useActionData();
  const location = useLocation();
  const { texts, pages, cards } = table;
  const idOf = (row: R) => row.id;
  // A row edited in place: its edit form behind "Edit", open again when it was refused.
  const actions = (row: R, before?: ReactNode) => (
    <RowActions
      id={idOf(row)}
      about={table.name(row)}
      result={result}
      open={Boolean(replyFor(result, "save", idOf(row)))}
      before={before}
    >
      <RowForm table={table} row={row} also={[]} intent="save" button={t("Save")} small />
    </RowActions>
  );
  const columns = table.columns ?? [];
  return (
    <section className="admin-page">
      <ContentHead title={t(texts.title)} lead={t(texts.lead)} />
      {pages ? (
        <ContentLinks
          add={{ to: `${table.section}/new`, label: t(texts.add) }}
          also={{ to: pages.also.to, label: t(pages.also.label) }}
        />
      ) : (
        <div className="admin-card">
          <h2>{t(texts.add)}</h2>
          {/* A fresh form after each save; a refused one keeps what was typed. */}
          <RowForm
            key={location.key}
            table={table}
            row={null}
            also={[]}
            intent="create"
            button={t(texts.create)}
          />
        </div>
      )}
      {texts.count ? <p className="admin-page__count">{t(texts.count, { count: rows.length })}</p> : null}
      {cards ? (
        <ol className="admin-content-list">
          {rows.map((row, i) => (
            <li key={idOf(row)} className="admin-card">
              <h2 className="admin-content-list__title" dir="auto">
                {cards.title(row)}
              </h2>
              {cards.titleAr(row) ? (
                <p dir="rtl" lang="ar">
                  {cards.titleAr(row)}
                </p>
              ) : null}
              {actions(
                row,
                <>
                  <OnOffPill
                    on={Boolean((row as { status?: boolean }).status)}
                    yes={t(cards.on)}
                    no={t(cards.off)}
                  />
                  {table.calls.move && i > 0 ? (
                    <MoveForm id={idOf(row)} intent="up" about={table.name(row)} />
                  ) : null}
                  {table.calls.move && i < rows.length - 1 ? (
                    <MoveForm id={idOf(row)} intent="down" about={table.name(row)} />
                  ) : null}
                </>,
              )}
            </li>
          ))}
        </ol>
      ) : (
        <AdminTable headings={[...columns.map((c) => t(c.heading)), ...(pages ? [] : [t("Actions")])]}>
          {rows.map((row) => (
            <tr key={idOf(row)}>
              {columns.map((c) => (
                <td
                  key={c.heading}
                  dir={c.dir === "ar" ? "rtl" : c.dir}
                  lang={c.dir === "ar" ? "ar" : undefined}
                >
                  {c.cell(row, { t })}
                </td>
              ))}
              {pages ? null : <td>{actions(row)}</td>}
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
