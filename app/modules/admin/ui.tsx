// Small pieces the console's pages share.
import { useTranslation } from "~/lib/translate";

const show = (v: unknown) => (v === null || v === undefined ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));

/**
 * Before and after of an audit entry: the fields that changed, side by side, and the whole records
 * on demand. Records are flat objects for most actions; anything else is shown as JSON.
 */
export function ChangeSummary({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const b = before && typeof before === "object" && !Array.isArray(before) ? (before as Record<string, unknown>) : null;
  const a = after && typeof after === "object" && !Array.isArray(after) ? (after as Record<string, unknown>) : null;
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].filter((k) => show(b?.[k]) !== show(a?.[k]));
  if (before == null && after == null) return null;
  return (
    <details className="admin-change">
      <summary>{keys.length ? keys.slice(0, 4).join(", ") + (keys.length > 4 ? "…" : "") : t("Details")}</summary>
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
      {!b || !a ? (
        <pre dir="ltr">{JSON.stringify({ before, after }, null, 2)}</pre>
      ) : null}
    </details>
  );
}
