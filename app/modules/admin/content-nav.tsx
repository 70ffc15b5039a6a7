// The content section's pages, for its index and the way back to it.
import { Link } from "react-router";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";

export const CONTENT_SECTIONS = [
  {
    to: "/admin/content/categories",
    label: "Categories",
    about: "What kinds of property there are, their order, and which details each asks for.",
  },
  {
    to: "/admin/content/parameters",
    label: "Details",
    about: "The details listings fill in (bedrooms, area, view…): type, options and unit.",
  },
  {
    to: "/admin/content/facilities",
    label: "Facilities",
    about: "Places a listing can be near (a school, a hospital…), with a distance.",
  },
  {
    to: "/admin/content/report-reasons",
    label: "Report reasons",
    about: "Why visitors may report a listing.",
  },
  { to: "/admin/content/articles", label: "Articles", about: "Guides and news, with a cover photo." },
  {
    to: "/admin/content/article-categories",
    label: "Article categories",
    about: "How articles are grouped.",
  },
  { to: "/admin/content/faqs", label: "FAQs", about: "Questions and answers on the FAQ page." },
] as const;

/** Back to the content index, above a section's heading. */
export function ContentBack({ to = "/admin/content", label = "Content" }: { to?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <p className="admin-content-back">
      <Link to={to}>{t("Back to {{section}}", { section: t(label) })}</Link>
    </p>
  );
}

/** A content page's meta: the loader's title (`fallback` when there is none), kept out of search engines. */
export function contentMeta(fallback: string) {
  return ({
    data,
    matches,
    location,
  }: {
    data?: { title?: string } | undefined;
    matches: Parameters<typeof rootData>[0];
    location: { pathname: string; search: string };
  }) => pageMeta(rootData(matches), location, { title: data?.title ?? fallback, noindex: true });
}
