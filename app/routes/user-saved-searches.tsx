// A person's saved searches with their alerts: each can be renamed, sent more or less often,
// switched off or on, deleted, or opened ("See results"). "Save this search" on the list page posts
// here too. Every form works without JavaScript.
import { Link, data, useActionData } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/user-saved-searches";
import { updateSearchFormSchema } from "~server/api/saved-searches/schema";
import type { CallData } from "~server/api/calls";
import { api } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { getFilterData } from "~/lib/settings.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { redirectWithToast } from "~/lib/toast.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { FormErrors } from "~/components/form-errors";
import { formId, privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import { SearchSummary } from "~/modules/saved-searches/describe";
import { saveSearchAction } from "~/modules/saved-searches/save-search.server";
import { signedInStart } from "~/lib/route.server";

type SavedSearch = CallData<"saved-searches">[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const [res, filterData] = await Promise.all([
    api("saved-searches", {}, { request, locale }),
    getFilterData(locale),
  ]);
  return {
    title: getI18n(context).t("Saved searches"),
    // Signed in without a profile here: nothing saved yet, and the API says why when they try.
    searches: res.error ? [] : res.data,
    categories: filterData.categories,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const form = await request.formData();
  const here = localizePath(locale, "/user/saved-searches");
  const opts = { request, locale };
  switch (form.get("intent")) {
    case "save":
      return saveSearchAction(request, locale, form);
    case "delete": {
      const id = formId(form.get("id"));
      const res = id ? await api("delete-saved-search", { id }, opts) : null;
      return redirectWithToast(here, {
        type: !res || res.error ? "error" : "success",
        message: res?.message ?? "Saved search not found",
        notice: true,
      });
    }
    case "update": {
      const submission = parseWithZod(form, { schema: updateSearchFormSchema });
      if (submission.status !== "success")
        return data({ id: formId(form.get("id")), result: submission.reply() }, { status: 400 });
      const { id, name, frequency, alerts_on } = submission.value;
      const res = await api("update-saved-search", { id, name, frequency, alerts_on }, opts);
      if (res.error && res.errors)
        return data({ id, result: submission.reply({ fieldErrors: res.errors }) }, { status: 400 });
      return redirectWithToast(here, {
        type: res.error ? "error" : "success",
        message: res.message,
        notice: true,
      });
    }
    default:
      return redirectWithToast(here, { type: "error", message: "Invalid input", notice: true });
  }
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Saved searches", noindex: true });
}

export default function SavedSearches({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="owner-page saved-searches">
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t("Saved searches")} />
      <h1>{t("Saved searches")}</h1>
      <p>
        {t(
          "We tell you when a new listing matches one of your searches: in your notifications, by push where you allowed it, and by email.",
        )}
      </p>
      <ActionNotice />
      {loaderData.searches.length ? (
        <ul className="owner-list owner-list--compact">
          {loaderData.searches.map((s) => (
            <SearchRow key={s.id} search={s} categories={loaderData.categories} />
          ))}
        </ul>
      ) : (
        <div className="empty-state">
          <p>{t("No saved searches yet. Search for properties, then press “Save this search”.")}</p>
          <Link to="/properties" className="button">
            {t("Search properties")}
          </Link>
        </div>
      )}
    </section>
  );
}

function SearchRow({
  search: s,
  categories,
}: {
  search: SavedSearch;
  categories: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const actionData = useActionData<typeof action>();
  const mine = actionData && "result" in actionData && actionData.id === s.id ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: `saved-search-${s.id}`,
    lastResult: mine,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateSearchFormSchema }),
  });
  const date = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "medium" });
  const results = s.page_query ? `/properties?${s.page_query}` : "/properties";
  return (
    <li className="owner-row saved-search" aria-labelledby={`saved-search-${s.id}-title`}>
      <div className="owner-row__body">
        <h2 className="owner-row__title" id={`saved-search-${s.id}-title`}>
          <bdi>{s.name}</bdi>
        </h2>
        <p className="owner-row__meta">
          <SearchSummary query={s.query} t={t} categories={categories} />
        </p>
        <p className="owner-row__meta">
          {s.new_matches ? (
            <span className="badge badge--pending">
              {t("{{count}} new this week", { count: s.new_matches })}
            </span>
          ) : (
            t("No new listings this week")
          )}
          {" · "}
          {s.alerts_on ? t("Alerts on") : t("Alerts off")}
          {" · "}
          {t("Saved on {{date}}", { date: date.format(new Date(s.created_at)) })}
        </p>
        <Link
          to={results}
          className="button button--small"
          aria-label={t("See results of {{name}}", { name: s.name })}
        >
          {t("See results")}
        </Link>
      </div>
      <Form
        method="post"
        {...getFormProps(form)}
        className="saved-search__edit"
        aria-label={t("Change {{name}}", { name: s.name })}
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={s.id} />
        <div className="field" data-invalid={fields.name.errors ? true : undefined}>
          <label htmlFor={`saved-search-${s.id}-name`}>{t("Name")}</label>
          <input
            id={`saved-search-${s.id}-name`}
            name={fields.name.name}
            defaultValue={s.name}
            required
            maxLength={80}
            dir="auto"
            aria-describedby={fields.name.errorId}
          />
          <div id={fields.name.errorId} className="field__errors" aria-live="polite">
            {fields.name.errors?.map((e) => (
              <p key={e}>{t(e)}</p>
            ))}
          </div>
        </div>
        <div className="field">
          <label htmlFor={`saved-search-${s.id}-frequency`}>{t("Alerts")}</label>
          <select
            id={`saved-search-${s.id}-frequency`}
            name={fields.frequency.name}
            defaultValue={s.frequency}
          >
            <option value="instant">{t("As soon as they are listed")}</option>
            <option value="daily">{t("Once a day")}</option>
            <option value="weekly">{t("Once a week")}</option>
          </select>
        </div>
        <div className="field field--check">
          <input
            type="checkbox"
            id={`saved-search-${s.id}-on`}
            name={fields.alerts_on.name}
            value="on"
            defaultChecked={s.alerts_on}
          />
          <label htmlFor={`saved-search-${s.id}-on`}>{t("Send me alerts")}</label>
        </div>
        <SubmitButton className="button button--small">{t("Save changes")}</SubmitButton>
      </Form>
      <Form method="post" className="owner-row__actions">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={s.id} />
        <SubmitButton
          className="button button--ghost button--small"
          aria-label={t("Delete {{name}}", { name: s.name })}
        >
          {t("Delete")}
        </SubmitButton>
      </Form>
    </li>
  );
}
