// Small pieces the console's pages share.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";

/** A list page's filters: a GET form, so the filtered list has an address and works without JavaScript. */
export function AdminFilters({ children, after }: { children: ReactNode; after?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="admin-filters">
      {children}
      <button type="submit" className="button button--small">
        {t("Filter")}
      </button>
      {after}
    </Form>
  );
}

/** A filter's search box. */
export function SearchFilter({
  id,
  label,
  value,
  placeholder,
}: {
  id: string;
  label: string;
  value: string | undefined;
  placeholder?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="search" type="search" defaultValue={value ?? ""} placeholder={placeholder} />
    </div>
  );
}

/** A filter's choice; the options are the children. */
export function SelectFilter({
  id,
  name,
  label,
  value,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string | number | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? ""}>
        {children}
      </select>
    </div>
  );
}

/** A console table: it scrolls sideways on a phone; the rows are the children. */
export function AdminTable({
  headings,
  className,
  children,
}: {
  headings: string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="admin-table-wrap">
      <table className={className ? `admin-table ${className}` : "admin-table"}>
        <thead>
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A moment in the reader's language: the date, and the time unless `day`. */
export function When({ iso, day }: { iso: string; day?: boolean }) {
  const { locale } = useRoot();
  const format = new Intl.DateTimeFormat(
    locale === "ar" ? "ar-AE" : "en-GB",
    day ? { dateStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" },
  );
  return <time dateTime={iso}>{format.format(new Date(iso))}</time>;
}

/** A state as a coloured label: ok (green), warn (amber), bad (red) or plain. */
export function Pill({ tone, children }: { tone?: "ok" | "warn" | "bad"; children: ReactNode }) {
  return <span className={tone ? `pill pill--${tone}` : "pill"}>{children}</span>;
}

/** A person in a table cell: the name, and the email under it. */
export function PersonCell({
  name,
  email,
  emailClass,
}: {
  name: string;
  email: string | null | undefined;
  emailClass?: string;
}) {
  return (
    <>
      <span dir="auto">{name}</span>
      <br />
      <small dir="ltr" className={emailClass}>
        {email}
      </small>
    </>
  );
}

/** A reason under a state, when there is one. */
export function ReasonNote({ reason }: { reason: string | null | undefined }) {
  return reason ? (
    <>
      <br />
      <small dir="auto">{reason}</small>
    </>
  ) : null;
}

const show = (v: unknown) =>
  v === null || v === undefined ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v);

/**
 * Before and after of an audit entry: the fields that changed, side by side, and the whole records
 * on demand. Records are flat objects for most actions; anything else is shown as JSON.
 */
export function ChangeSummary({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const b =
    before && typeof before === "object" && !Array.isArray(before)
      ? (before as Record<string, unknown>)
      : null;
  const a =
    after && typeof after === "object" && !Array.isArray(after) ? (after as Record<string, unknown>) : null;
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].filter(
    (k) => show(b?.[k]) !== show(a?.[k]),
  );
  if (before == null && after == null) return null;
  return (
    <details className="admin-change">
      <summary>
        {keys.length ? keys.slice(0, 4).join(", ") + (keys.length > 4 ? "…" : "") : t("Details")}
      </summary>
      {keys.length ? (
        <table className="admin-change__table">
          <thead>
            <tr>
              <th scope="col">{t("Field")}</th>
              <th scope="col">{t("Before")}</th>
              <th scope="col">{t("After")}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k}>
                <th scope="row">{k}</th>
                <td dir="auto">{show(b?.[k])}</td>
                <td dir="auto">{show(a?.[k])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {!b || !a ? <pre dir="ltr">{JSON.stringify({ before, after }, null, 2)}</pre> : null}
    </details>
  );
}
