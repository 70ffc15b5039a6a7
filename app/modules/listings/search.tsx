// The public lists of properties and of projects: filters in a plain GET form beside the results, so
// a search is an address that works without JavaScript. Each kind brings its own fields and results.
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "~/lib/translate";

export function SearchPage({
  path,
  heading,
  fields,
  count,
  tools,
  children,
}: {
  /** The list's address ("/properties"), without the language prefix: "Clear" leads there. */
  path: string;
  heading: string;
  /** The filter form's fields, in the kind's order. */
  fields: ReactNode;
  /** How many listings were found. */
  count: ReactNode;
  /** Beside the count: the kind's own controls (a view switch, "Near me"). */
  tools?: ReactNode;
  /** Notices, the cards, their pages. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // Only a search on this list dims the results, not a click away from it.
  const busy = navigation.state === "loading" && navigation.location?.pathname.endsWith(path);
  return (
    <div className="listing-page">
      <aside className="filters" id="filters" aria-labelledby="filters-h">
        <h2 id="filters-h">{t("Filters")}</h2>
        <Form method="get" className="filters__form" role="search">
          {fields}
          <div className="filters__actions">
            <button type="submit" className="button">
              {t("Apply filters")}
            </button>
            <Link to={path} className="button button--ghost">
              {t("Clear")}
            </Link>
          </div>
        </Form>
      </aside>
      <section className="results" aria-labelledby="results-h" aria-busy={busy}>
        <h1 id="results-h">{heading}</h1>
        <div className="results__bar">
          <p className="results__count" role="status">
            {count}
          </p>
          {tools}
          {/* On a phone the results come first; this jumps to the filters below them. */}
          <a href="#filters" className="button button--ghost button--small results__filters-link">
            {t("Filters")}
          </a>
        </div>
        {children}
      </section>
    </div>
  );
}

/** Free text: a title, a place or any word of the description. */
export function SearchField({
  id,
  value,
  placeholder,
  maxLength,
}: {
  id: string;
  value: string;
  placeholder: string;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{t("Search")}</label>
      <input
        id={id}
        type="search"
        name="search"
        defaultValue={value}
        placeholder={placeholder}
        maxLength={maxLength}
      />
    </div>
  );
}

/** A city typed or picked from the cities that have listings (a datalist: any city may be typed). */
export function CityField({
  id,
  value,
  cities,
  maxLength,
}: {
  id: string;
  value: string;
  cities: string[];
  maxLength?: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{t("City")}</label>
      <input
        id={id}
        name="city"
        defaultValue={value}
        autoComplete="address-level2"
        list={`${id}-list`}
        maxLength={maxLength}
      />
      <datalist id={`${id}-list`}>
        {cities.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </div>
  );
}

export function CategorySelect({
  id,
  value,
  categories,
}: {
  id: string;
  value: string;
  categories: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{t("Category")}</label>
      <select id={id} name="category_id" defaultValue={value}>
        <option value="">{t("Any category")}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Nothing found: what to try, and a way to every listing of the kind. */
export function NoResults({
  path,
  heading,
  hint,
  showAll,
}: {
  path: string;
  heading: string;
  hint: string;
  showAll: string;
}) {
  return (
    <div className="empty-state">
      <h2>{heading}</h2>
      <p>{hint}</p>
      <Link to={path} className="button">
        {showAll}
      </Link>
    </div>
  );
}
