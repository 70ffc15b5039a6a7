import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/lib/translate";

/**
 * Where a page sits: links to the pages above it (paths without the language prefix, labels
 * already translated), then the page itself, which is not a link.
 */
export function Breadcrumbs({
  trail,
  current,
  currentDir,
}: {
  trail: [path: string, label: string][];
  current: ReactNode;
  currentDir?: "auto";
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("Breadcrumb")} className="breadcrumbs">
      <ol>
        {trail.map(([path, label]) => (
          <li key={path}>
            <Link to={path}>{label}</Link>
          </li>
        ))}
        <li aria-current="page" dir={currentDir}>
          {current}
        </li>
      </ol>
    </nav>
  );
}
