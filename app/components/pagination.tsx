import { Link, useLocation } from "react-router";
import { useTranslation } from "~/lib/translate";

/**
 * Page links that keep every other query parameter (filters stay in the URL). With an estimated
 * total (a large search) there is no last page to link: "Next" follows every full page, so no
 * listing is out of reach whatever the estimate says.
 */
export function Pagination({
  total,
  offset,
  limit,
  estimated = false,
  full = false,
}: {
  total: number;
  offset: number;
  limit: number;
  estimated?: boolean;
  full?: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const current = Math.floor(offset / limit) + 1;
  const pages = estimated
    ? full
      ? Math.max(current + 1, Math.ceil(total / limit))
      : current
    : Math.ceil(total / limit);
  if (pages <= 1) return null;
  const to = (page: number) => {
    const qs = new URLSearchParams(location.search);
    if (page === 1) qs.delete("page");
    else qs.set("page", String(page));
    const s = qs.toString();
    return `${location.pathname}${s ? `?${s}` : ""}`;
  };
  const around = [
    1,
    current - 2,
    current - 1,
    current,
    current + 1,
    current + 2,
    ...(estimated ? [] : [pages]),
  ];
  const shown = [...new Set(around)].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={t("Pagination")}>
      {current > 1 ? (
        <Link to={to(current - 1)} rel="prev">
          {t("Previous")}
        </Link>
      ) : (
        <span aria-disabled="true">{t("Previous")}</span>
      )}
      <ol>
        {shown.map((p, i) => (
          <li key={p}>
            {i > 0 && p - shown[i - 1]! > 1 ? <span className="pagination__gap">…</span> : null}
            {p === current ? <span aria-current="page">{p}</span> : <Link to={to(p)}>{p}</Link>}
          </li>
        ))}
      </ol>
      {current < pages ? (
        <Link to={to(current + 1)} rel="next">
          {t("Next")}
        </Link>
      ) : (
        <span aria-disabled="true">{t("Next")}</span>
      )}
    </nav>
  );
}
