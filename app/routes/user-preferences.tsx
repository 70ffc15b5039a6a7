// "Your preferences" (spec: personalised feed settings): what the person looks for, which their
// feed puts first. A plain form: checkboxes, two prices, a type and a city.
import { Link, useActionData } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/user-preferences";
import { preferencesSchema } from "~server/api/feed/schema";
import { api, apiData } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getFilterData } from "~/lib/settings.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { FormErrors } from "~/components/form-errors";
import { privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import { FieldErrors } from "~/modules/listings/form/field-errors";
import { signedInStart } from "~/lib/route.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const [prefs, filters, facilities] = await Promise.all([
    api("personalised-fields", {}, { request, locale }),
    getFilterData(locale),
    apiData("get-facilities-for-filter", {}, { locale }),
  ]);
  if (prefs.error)
    throw await redirectWithToast(localizePath(locale, "/user/profile"), {
      type: "error",
      message: prefs.message,
      notice: true,
    });
  return {
    title: getI18n(context).t("Your preferences"),
    prefs: prefs.data,
    categories: filters.categories,
    facilities: facilities.data.map((f) => ({ id: f.id, name: f.name })),
    cities: filters.cities,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const formData = await request.formData();
  const back = localizePath(locale, "/for-you");
  if (formData.get("intent") === "clear") {
    const res = await api("delete-personalised-fields", {}, { request, locale });
    return redirectWithToast(localizePath(locale, "/user/preferences"), {
      type: res.error ? "error" : "success",
      message: res.message,
    });
  }
  const submission = parseWithZod(formData, { schema: preferencesSchema });
  if (submission.status !== "success") return formResponse(submission.reply());
  const res = await api("save-personalised-fields", submission.value, { request, locale });
  if (res.error) return formResponse(replyWithApiError(submission, res));
  return redirectWithToast(back, { type: "success", message: res.message });
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Your preferences", noindex: true });
}

export default function Preferences({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { prefs, categories, facilities, cities } = loaderData;
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: preferencesSchema }),
  });
  // After a refused submission (without JavaScript), the page shows what was sent, not what is saved.
  const sent = lastResult?.initialValue as Record<string, unknown> | undefined;
  const sentList = (key: string) => [sent?.[key] ?? []].flat().map(String);
  const checked = (key: "category_ids" | "outdoor_facilitiy_ids", id: number) =>
    sent ? sentList(key).includes(String(id)) : prefs[key].includes(id);
  const text = (key: string, saved: unknown) =>
    sent
      ? String(
          (key.startsWith("price_range")
            ? [sent.price_range ?? []].flat()[Number(key.slice(-2, -1))]
            : sent[key]) ?? "",
        )
      : String(saved ?? "");
  const priceErrors = [
    ...(fields.price_range.errors ?? []),
    ...Object.entries(fields.price_range.allErrors ?? {}).flatMap(([k, v]) =>
      k === fields.price_range.name ? [] : v,
    ),
  ];
  return (
    <section className="owner-page preferences">
      <Breadcrumbs trail={[["/for-you", t("For you")]]} current={t("Your preferences")} />
      <h1>{t("Your preferences")}</h1>
      <p>{t("Tell us what you look for: your feed shows it first. Leave anything empty to keep it open.")}</p>
      <ActionNotice />
      <Form method="post" {...getFormProps(form)} className="owner-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="choice-group" aria-describedby={fields.category_ids.errorId}>
          <legend>{t("Categories")}</legend>
          {categories.map((c) => (
            <label key={c.id} className="choice">
              <input
                type="checkbox"
                name="category_ids"
                value={c.id}
                defaultChecked={checked("category_ids", c.id)}
              />{" "}
              {c.name}
            </label>
          ))}
          <FieldErrors meta={{ errorId: fields.category_ids.errorId, errors: fields.category_ids.errors }} />
        </fieldset>
        <fieldset className="choice-group">
          <legend>{t("Looking to")}</legend>
          {[
            ["", t("Buy or rent")],
            ["sell", t("Buy")],
            ["rent", t("Rent")],
          ].map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="property_type"
                value={value}
                defaultChecked={text("property_type", prefs.property_type) === value}
              />{" "}
              {label}
            </label>
          ))}
          <FieldErrors
            meta={{ errorId: fields.property_type.errorId, errors: fields.property_type.errors }}
          />
        </fieldset>
        <div className="field">
          <label htmlFor="pref-city">{t("City")}</label>
          <input
            id="pref-city"
            name="city"
            list="pref-cities"
            defaultValue={text("city", prefs.city)}
            autoComplete="address-level2"
            dir="auto"
          />
          <datalist id="pref-cities">
            {cities.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <FieldErrors meta={{ errorId: fields.city.errorId, errors: fields.city.errors }} />
        </div>
        <fieldset className="field-row" aria-describedby={fields.price_range.errorId}>
          <legend>{t("Price")}</legend>
          <div className="field">
            <label htmlFor="pref-min">{t("Lowest price")}</label>
            <input
              id="pref-min"
              name="price_range[0]"
              inputMode="numeric"
              defaultValue={text("price_range[0]", prefs.price_range[0])}
              dir="ltr"
            />
          </div>
          <div className="field">
            <label htmlFor="pref-max">{t("Highest price")}</label>
            <input
              id="pref-max"
              name="price_range[1]"
              inputMode="numeric"
              defaultValue={text("price_range[1]", prefs.price_range[1])}
              dir="ltr"
            />
          </div>
          <FieldErrors
            meta={{
              errorId: fields.price_range.errorId,
              errors: priceErrors.length ? priceErrors : undefined,
            }}
          />
        </fieldset>
        {facilities.length ? (
          <fieldset className="choice-group" aria-describedby={fields.outdoor_facilitiy_ids.errorId}>
            <legend>{t("Close to")}</legend>
            {facilities.map((f) => (
              <label key={f.id} className="choice">
                <input
                  type="checkbox"
                  name="outdoor_facilitiy_ids"
                  value={f.id}
                  defaultChecked={checked("outdoor_facilitiy_ids", f.id)}
                />{" "}
                {f.name}
              </label>
            ))}
            <FieldErrors
              meta={{
                errorId: fields.outdoor_facilitiy_ids.errorId,
                errors: fields.outdoor_facilitiy_ids.errors,
              }}
            />
          </fieldset>
        ) : null}
        <div className="form-actions">
          <SubmitButton name="intent" value="save" className="button">
            {t("Save preferences")}
          </SubmitButton>
          {prefs.updated_at ? (
            <SubmitButton name="intent" value="clear" className="button button--ghost" formNoValidate>
              {t("Clear preferences")}
            </SubmitButton>
          ) : null}
          <Link to="/for-you">{t("See your feed")}</Link>
        </div>
      </Form>
    </section>
  );
}
