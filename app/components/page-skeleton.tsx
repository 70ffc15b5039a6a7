// The full-page loader (spec §2). A page opened in the browser (JavaScript on) waits for its data
// from the server; when that takes more than a moment, the page being left gives way to a skeleton
// shaped like the page to come (a grid of cards, a listing's photo and lines), so the visitor sees
// where they are going instead of a page that no longer answers. A quick navigation shows nothing
// (a flash of grey would be worse than the wait). Without JavaScript the browser's own loading is
// all there is, as on any site.
import { useEffect, useLayoutEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { stripLocale } from "~/lib/i18n";
import { useTranslation } from "~/lib/translate";
import "~/styles/feedback.css";

/** How long a navigation may take before the skeleton shows: most are done by then. */
export const SKELETON_DELAY_MS = 350;

export type PageShape = "list" | "detail" | "generic";

// Pages of cards, and pages of one thing (a photo, then its facts), by their address without the
// language. Anything else (forms, the console, the account's pages) gets a heading and lines.
const LIST = [
  /^\/properties$/,
  /^\/projects$/,
  /^\/agents$/,
  /^\/developers$/,
  /^\/articles$/,
  /^\/for-you$/,
  /^\/user\/favourites$/,
];
const DETAIL = [
  /^\/properties-details\/[^/]+$/,
  /^\/project-details\/[^/]+$/,
  /^\/my-property\/[^/]+$/,
  /^\/agents\/[^/]+$/,
  /^\/developers\/[^/]+$/,
  /^\/articles\/[^/]+$/,
];

/** The shape of the page at `pathname` (with or without its language prefix). */
export function pageShape(pathname: string): PageShape {
  const path = stripLocale(pathname).replace(/\/+$/, "") || "/";
  if (LIST.some((p) => p.test(path))) return "list";
  if (DETAIL.some((p) => p.test(path))) return "detail";
  return "generic";
}

/**
 * The shape of the page being loaded once its navigation has taken longer than SKELETON_DELAY_MS;
 * null otherwise. Only a navigation to another page counts: the same page with other filters or
 * another page of results keeps what it shows (its results say they are loading themselves), and
 * a form being sent keeps the form and its button's "working" state.
 */
export function usePageLoading(): PageShape | null {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.location;
  // The router's navigation names the whole address ("/ar/…"); `useLocation`, the path under the
  // language's basename (decision 056).
  const waiting =
    navigation.state === "loading" &&
    target !== undefined &&
    stripLocale(target.pathname) !== stripLocale(location.pathname);
  const key = waiting ? `${target.key}:${target.pathname}` : null;
  const [late, setLate] = useState<string | null>(null);
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => setLate(key), SKELETON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return key !== null && late === key ? pageShape(target!.pathname) : null;
}

/** The page's content, or the skeleton of the page to come while it loads. */
export function PageLoader({ loading, children }: { loading: PageShape | null; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {/* Always in the page, so screen readers announce the change of its words. Polite and without
          the status role: the page's own status (a count of results) stays the one to read. */}
      <p className="visually-hidden" aria-live="polite" data-page-loading>
        {loading ? t("Loading…") : ""}
      </p>
      {loading ? <PageSkeleton shape={loading} /> : children}
    </>
  );
}

const Bar = ({ size = "line" }: { size?: "title" | "line" | "short" | "button" }) => (
  <span className={`skeleton__bar skeleton__bar--${size}`} />
);

function PageSkeleton({ shape }: { shape: PageShape }) {
  // A link followed from far down a long page: the skeleton is at the top, where the page will be.
  useLayoutEffect(() => {
    const main = document.getElementById("main");
    if (main && main.getBoundingClientRect().top < 0) window.scrollTo({ top: 0 });
  }, []);
  return (
    <div className={`skeleton skeleton--${shape}`} data-skeleton={shape} aria-hidden="true">
      <Bar size="title" />
      {shape === "list" ? (
        <>
          <Bar size="short" />
          <div className="skeleton__grid">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="skeleton__card">
                <span className="skeleton__photo" />
                <Bar />
                <Bar size="short" />
              </div>
            ))}
          </div>
        </>
      ) : shape === "detail" ? (
        <div className="skeleton__detail">
          <span className="skeleton__photo skeleton__photo--wide" />
          <div className="skeleton__lines">
            <Bar size="title" />
            <Bar />
            <Bar />
            <Bar size="short" />
            <Bar size="button" />
          </div>
        </div>
      ) : (
        <div className="skeleton__lines">
          <Bar />
          <Bar />
          <Bar size="short" />
          <Bar />
          <Bar size="short" />
        </div>
      )}
    </div>
  );
}
