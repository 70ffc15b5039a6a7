// "Save this search" beside the list's results: the page's query string (filters, words, map box)
// with a name and how often to hear of new matches, posted to the saved searches page, which saves
// it and comes back here with a toast. A native disclosure: it opens and posts without JavaScript.
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { useTranslation } from "~/lib/translate";
import { useHere, useRoot } from "~/lib/use-root";
import { suggestName } from "./describe";

/** The toast after saving (the server module sends it; the page links it to the saved searches). */
export const SEARCH_SAVED = "Search saved. You will hear of new listings that match it.";

export function SaveSearch() {
  const { t } = useTranslation();
  const { viewer, toast } = useRoot();
  const location = useLocation();
  const list = useRouteLoaderData("routes/properties") as
    { categories?: { id: number; name: string }[] } | undefined;
  const search = new URLSearchParams(location.search);
  search.delete("page");
  const here = useHere();
  return (
    <div className="save-search">
      {viewer ? (
        // Closed again once saved (a new location): the toast says it worked.
        <details key={location.key}>
          <summary className="button button--ghost button--small">{t("Save this search")}</summary>
          <Form method="post" action="/user/saved-searches" className="save-search__form">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="query" value={search.toString()} />
            <input type="hidden" name="back" value={here} />
            <p className="save-search__hint">
              {t("Hear of new listings that match these filters, words and map area.")}
            </p>
            <div className="field">
              <label htmlFor="save-search-name">{t("Name of the search")}</label>
              <input
                id="save-search-name"
                name="name"
                required
                maxLength={80}
                defaultValue={suggestName(search, t, list?.categories ?? [])}
                dir="auto"
              />
            </div>
            <div className="field">
              <label htmlFor="save-search-frequency">{t("Alerts")}</label>
              <select id="save-search-frequency" name="frequency" defaultValue="daily">
                <option value="instant">{t("As soon as they are listed")}</option>
                <option value="daily">{t("Once a day")}</option>
                <option value="weekly">{t("Once a week")}</option>
              </select>
            </div>
            <SubmitButton className="button button--small">{t("Save search")}</SubmitButton>
          </Form>
        </details>
      ) : (
        <Link
          to={`/login?redirectTo=${encodeURIComponent(here)}`}
          className="button button--ghost button--small"
        >
          {t("Sign in to save this search")}
        </Link>
      )}
      {/* Without JavaScript there are no toasts: the outcome of saving shows here. */}
      {toast ? (
        <noscript>
          <p
            className={toast.type === "error" ? "form-error" : "notice"}
            role={toast.type === "error" ? "alert" : "status"}
          >
            {t(toast.message)}{" "}
            {toast.message === SEARCH_SAVED ? (
              <Link to="/user/saved-searches">{t("Your saved searches")}</Link>
            ) : null}
          </p>
        </noscript>
      ) : null}
    </div>
  );
}
