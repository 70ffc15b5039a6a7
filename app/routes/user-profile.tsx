import { Link, useActionData } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/user-profile";
import { CLEARABLE_PROFILE_FIELDS, updateProfileSchema } from "~server/api/users/schema";
import { api, apiData } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translate";
import { Field } from "~/components/field";
import { FormErrors } from "~/components/form-errors";
import { Avatar } from "~/components/agent-card";
import { PushSwitch } from "~/modules/push/push";
import { useAddress } from "~/lib/use-root";
import { DeactivatedNotice } from "~/components/deactivated-notice";
import { signedInStart } from "~/lib/route.server";

/** Labels of what spec §5 asks for before someone may list. */
const MISSING_LABELS = {
  name: "Name",
  email: "Email",
  mobile: "Phone number",
  profile: "Profile photo",
  address: "Address",
} as const;
/** Where the person's agent verification stands (spec §4). */
const VERIFICATION_LABELS = {
  initial: "Not applied yet",
  pending: "Your Verification is Under Review",
  success: "Verified",
  failed: "Verification Failed",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const { data: profile } = await apiData("get-profile", {}, { request, locale });
  return { title: getI18n(context).t("My profile"), profile };
}

export function headers() {
  // Someone's own details: never in a shared cache.
  return { "cache-control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title ?? "My profile" }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const formData = await request.formData();
  // An unticked box sends nothing; here that means "notifications off".
  formData.set("notification", formData.has("notification") ? "1" : "0");
  const submission = parseWithZod(formData, { schema: updateProfileSchema });
  if (submission.status !== "success") return formResponse(submission.reply());
  // The form reads an emptied box as "left out"; here it means "remove it", so say so to the API.
  const payload: Record<string, unknown> = { ...submission.value };
  for (const key of CLEARABLE_PROFILE_FIELDS) if (formData.get(key) === "") payload[key] = "";
  const res = await api("update_profile", payload as typeof submission.value, { request, locale });
  if (res.error) return formResponse(replyWithApiError(submission, res));
  return redirectWithToast(localizePath(locale, "/user/profile"), {
    type: "success",
    message: res.message ?? "Profile Updated Successfully",
  });
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { profile } = loaderData;
  const address = useAddress();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      name: profile.name,
      email: profile.email ?? "",
      mobile: profile.mobile ?? "",
      type: profile.type,
      address: profile.address ?? "",
      city: profile.city ?? "",
      state: profile.state ?? "",
      country: profile.country ?? "",
      about_me: profile.about_me ?? "",
      facebook_id: profile.facebook_id ?? "",
      twiiter_id: profile.twiiter_id ?? "",
      instagram_id: profile.instagram_id ?? "",
      youtube_id: profile.youtube_id ?? "",
      latitude: profile.latitude?.toString() ?? "",
      longitude: profile.longitude?.toString() ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateProfileSchema }),
  });
  return (
    <section className="profile-page">
      <h1>{t("My profile")}</h1>
      <DeactivatedNotice account={profile} />
      {!profile.is_active ? null : profile.missing.length ? (
        <div className="notice notice--warning" role="status">
          <p>{t("To list a property or project, add:")}</p>
          <ul>
            {profile.missing.map((m) => (
              <li key={m}>{t(MISSING_LABELS[m])}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="notice" role="status">
          {t("Your profile is complete. You can list properties and projects.")}
        </p>
      )}
      <p>
        <Link to="/user/verification">{t("Agent verification")}</Link>:{" "}
        {t(VERIFICATION_LABELS[profile.verification_status])}
      </p>

      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="profile-form">
        <FormErrors id={form.errorId} errors={form.errors} />

        <fieldset>
          <legend>{t("Profile photo")}</legend>
          <div className="profile-form__photo">
            <Avatar name={profile.name} src={profile.profile} />
            <div className="field" data-invalid={fields.profile.errors ? true : undefined}>
              <label htmlFor={fields.profile.id}>
                {profile.profile ? t("Choose a new photo") : t("Choose a photo")}
              </label>
              <input
                id={fields.profile.id}
                name={fields.profile.name}
                type="file"
                accept="image/jpeg,image/png"
                aria-describedby={fields.profile.errors ? fields.profile.errorId : undefined}
                aria-invalid={fields.profile.errors ? true : undefined}
              />
              <p className="field__hint">{t("JPEG or PNG, at least 120 × 120 pixels, up to 5 MB.")}</p>
              <div id={fields.profile.errorId} className="field__errors" aria-live="polite">
                {fields.profile.errors?.map((e) => (
                  <p key={e}>{t(e)}</p>
                ))}
              </div>
            </div>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t("About you")}</legend>
          <Field meta={fields.name} label={t("Name")} autoComplete="name" />
          <div className="field-row">
            <Field
              meta={fields.email}
              label={t("Email")}
              type="email"
              autoComplete="email"
              inputMode="email"
              dir="ltr"
            />
            <Field
              meta={fields.mobile}
              label={t("Phone number")}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              dir="ltr"
            />
          </div>
          <div className="field">
            <label htmlFor={fields.type.id}>{t("I am")}</label>
            <select {...getSelectProps(fields.type)}>
              <option value="user">{t("Looking for a home")}</option>
              <option value="owner">{t("An owner")}</option>
              <option value="agent">{t("An agent")}</option>
              <option value="developer">{t("A developer")}</option>
            </select>
          </div>
          <div className="field" data-invalid={fields.about_me.errors ? true : undefined}>
            <label htmlFor={fields.about_me.id}>{t("About me")}</label>
            <textarea {...getTextareaProps(fields.about_me)} rows={4} dir="auto" />
            <div id={fields.about_me.errorId} className="field__errors" aria-live="polite">
              {fields.about_me.errors?.map((e) => (
                <p key={e}>{t(e)}</p>
              ))}
            </div>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t("Address")}</legend>
          <Field meta={fields.address} label={t("Address")} autoComplete="street-address" dir="auto" />
          <div className="field-row">
            <Field meta={fields.city} label={t("City")} autoComplete="address-level2" dir="auto" />
            <Field
              meta={fields.state}
              label={t("State or region")}
              autoComplete="address-level1"
              dir="auto"
            />
            <Field meta={fields.country} label={t("Country")} autoComplete="country-name" dir="auto" />
          </div>
          <div className="field-row">
            <div className="field" data-invalid={fields.latitude.errors ? true : undefined}>
              <label htmlFor={fields.latitude.id}>{t("Latitude (optional)")}</label>
              <input {...getInputProps(fields.latitude, { type: "text" })} inputMode="decimal" dir="ltr" />
              <div id={fields.latitude.errorId} className="field__errors" aria-live="polite">
                {fields.latitude.errors?.map((e) => (
                  <p key={e}>{t(e)}</p>
                ))}
              </div>
            </div>
            <div className="field" data-invalid={fields.longitude.errors ? true : undefined}>
              <label htmlFor={fields.longitude.id}>{t("Longitude (optional)")}</label>
              <input {...getInputProps(fields.longitude, { type: "text" })} inputMode="decimal" dir="ltr" />
              <div id={fields.longitude.errorId} className="field__errors" aria-live="polite">
                {fields.longitude.errors?.map((e) => (
                  <p key={e}>{t(e)}</p>
                ))}
              </div>
            </div>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t("Social profiles")}</legend>
          <div className="field-row">
            <Field meta={fields.facebook_id} label="Facebook" dir="ltr" />
            <Field meta={fields.twiiter_id} label="X (Twitter)" dir="ltr" />
          </div>
          <div className="field-row">
            <Field meta={fields.instagram_id} label="Instagram" dir="ltr" />
            <Field meta={fields.youtube_id} label="YouTube" dir="ltr" />
          </div>
        </fieldset>

        <div className="field field--check">
          <input
            id="profile-notification"
            name="notification"
            type="checkbox"
            value="1"
            defaultChecked={profile.notification}
          />
          <label htmlFor="profile-notification">{t("Send me notifications")}</label>
        </div>
        <PushSwitch />

        <SubmitButton className="button" pendingLabel={t("Saving…")}>
          {t("Save profile")}
        </SubmitButton>
      </Form>

      {/* Leaving (decision 022): a copy of one's data, and the way out. */}
      <p className="profile-page__leave">
        <a href={address("/user/profile/my-data")} download>
          {t("Download my data")}
        </a>
        {" · "}
        <Link to="/user/profile/delete">{t("Delete my account")}</Link>
      </p>
    </section>
  );
}
