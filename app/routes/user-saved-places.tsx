// A person's saved places (spec: user-saved-places): home, work, school… Each listing then shows how
// far it is from them and how long the trip takes.
import { useActionData } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/user-saved-places";
import { savedPlaceFormSchema } from "~server/api/saved-places/schema";
import { api } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { redirectWithToast } from "~/lib/toast.server";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { FormErrors } from "~/components/form-errors";
import { formId, privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import { addPlaceAction } from "~/modules/saved-places/place-form.server";
import { PlacePicker } from "~/modules/saved-places/place-picker";
import { savedPlacesOf } from "~/modules/location/near.server";
import { FieldErrors } from "~/modules/listings/form/field-errors";
import { signedInStart } from "~/lib/route.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  // Someone signed in who never saved a profile has no places yet (and cannot save one: the API says why).
  const places = await savedPlacesOf(request, locale);
  return { title: getI18n(context).t("My places"), places };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const formData = await request.formData();
  const here = localizePath(locale, "/user/saved-places");
  if (formData.get("intent") === "delete") {
    const id = formId(formData.get("id"));
    const res = id ? await api("delete-user-saved-place", { id }, { request, locale }) : null;
    return redirectWithToast(here, {
      type: !res || res.error ? "error" : "success",
      message: res?.message ?? "Saved place not found",
    });
  }
  const added = await addPlaceAction(request, locale, formData);
  if (!added.ok) return added.response;
  return redirectWithToast(here, { type: "success", message: added.message });
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "My places", noindex: true });
}

const SUGGESTED = ["Home", "Work", "School", "Family"];

export default function SavedPlaces({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: savedPlaceFormSchema }),
  });
  const coords = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  return (
    <section className="owner-page saved-places">
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t("My places")} />
      <h1>{t("My places")}</h1>
      <p>
        {t(
          "Save the places you go to often: each listing then shows how far it is and how long the trip takes.",
        )}
      </p>
      <ActionNotice />
      {loaderData.places.length ? (
        <ul className="owner-list">
          {loaderData.places.map((p) => (
            <li key={p.id} className="owner-row">
              <div className="owner-row__body">
                <p className="owner-row__title" dir="auto">
                  {t(p.name)}
                </p>
                <p className="owner-row__meta">
                  {p.details ? (
                    <>
                      <span dir="auto">{p.details}</span>
                      {" · "}
                    </>
                  ) : null}
                  <span dir="ltr">
                    {coords.format(p.latitude)}, {coords.format(p.longitude)}
                  </span>
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={p.id} />
                <SubmitButton
                  className="button button--ghost button--small"
                  aria-label={t("Remove {{name}}", { name: t(p.name) })}
                >
                  {t("Remove")}
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t("No saved places yet.")}</p>
      )}
      <h2>{t("Add a place")}</h2>
      <Form method="post" {...getFormProps(form)} className="owner-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="add" />
        <div className="field" data-invalid={fields.name.errors ? true : undefined}>
          <label htmlFor="place-name">{t("Name")}</label>
          <input
            id="place-name"
            name={fields.name.name}
            list="place-names"
            placeholder={t("Home, Work, School…")}
            aria-describedby={fields.name.errorId}
            dir="auto"
            maxLength={60}
          />
          <datalist id="place-names">
            {SUGGESTED.map((n) => (
              <option key={n} value={t(n)} />
            ))}
          </datalist>
          <FieldErrors meta={fields.name} />
        </div>
        <PlacePicker
          errors={{
            where: fields.where.errors,
            latitude: fields.latitude.errors,
            longitude: fields.longitude.errors,
          }}
        />
        <div className="field">
          <label htmlFor="place-details">{t("Details (optional)")}</label>
          <input id="place-details" name="details" maxLength={300} dir="auto" />
        </div>
        <SubmitButton className="button">{t("Save place")}</SubmitButton>
      </Form>
    </section>
  );
}
