import { data, useLocation } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/home";
import { api, apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useAddress } from "~/lib/use-root";
import {
  adminHeaders,
  adminOutcome,
  requireAdmin,
  type AdminActionResult,
} from "~/modules/admin/admin.server";
import { ActionNotice } from "~/modules/listings/ui";
import type { HomeSectionKey } from "~server/api/home/sections";
import { Pill } from "~/modules/admin/ui";

/** What each section is called in the console. */
const SECTION_LABELS: Record<HomeSectionKey, string> = {
  slider: "Slider",
  categories: "Browse by category",
  featured: "Featured properties",
  latest: "Latest properties",
  most_viewed: "Most viewed",
  most_liked: "Most liked",
  nearby: "Properties near you",
  projects: "New projects",
  agents: "Agents",
  articles: "Articles and guides",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const res = await apiData("admin/home", {}, { request, locale });
  return { title: getI18n(context).t("Home page"), ...res.data };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Home page", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const opts = { request, locale };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id")) || undefined;

  if (intent.startsWith("section-")) {
    const key = String(form.get("key") ?? "");
    // Buttons name one step; the API takes the whole order, so it is worked out from the current one.
    const sections = (await apiData("admin/home", {}, opts)).data.sections;
    const at = sections.findIndex((s) => s.key === key);
    if (at >= 0) {
      if (intent === "section-up" && at > 0)
        [sections[at - 1], sections[at]] = [sections[at]!, sections[at - 1]!];
      if (intent === "section-down" && at < sections.length - 1)
        [sections[at + 1], sections[at]] = [sections[at]!, sections[at + 1]!];
      if (intent === "section-show" || intent === "section-hide")
        sections[at] = { ...sections[at]!, visible: intent === "section-show" };
    }
    return adminOutcome(request, await api("admin/save-home-sections", { sections }, opts), {
      intent,
      id: key,
    });
  }
  if ((intent === "slide-up" || intent === "slide-down") && id) {
    return adminOutcome(
      request,
      await api("admin/move-slide", { id, direction: intent === "slide-up" ? "up" : "down" }, opts),
      { intent, id },
    );
  }
  if (intent === "slide-delete" && id)
    return adminOutcome(request, await api("admin/delete-slide", { id }, opts), { intent, id });

  const image = form.get("image");
  const input = {
    id,
    title: String(form.get("title") ?? ""),
    title_ar: String(form.get("title_ar") ?? ""),
    target_type: String(form.get("target_type") ?? "") as "property" | "project",
    target: String(form.get("target") ?? ""),
    image: image instanceof File && image.size > 0 ? image : undefined,
    remove_image: form.has("remove_image") ? "1" : "0",
    status: form.has("status") ? "1" : "0",
  };
  const res = await api("admin/save-slide", input, opts);
  // A refused slide comes back with what was typed, so nothing has to be typed again.
  if (res.error)
    return data(
      {
        error: res.message,
        errors: res.errors,
        intent: "slide-save",
        id: id ?? "new",
        values: { ...input, image: undefined },
      },
      { status: 400 },
    );
  return adminOutcome(request, res, { intent: "slide-save", id: id ?? "new" });
}

type SlideValues = { title: string; title_ar: string; target_type: string; target: string; status: string };

type Slide = Route.ComponentProps["loaderData"]["slides"][number];

export default function AdminHome({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  const location = useLocation();
  const refused = actionData as AdminActionResult | undefined;
  const refusedFor = (intent: string, id: number | string) =>
    refused && refused.intent === intent && refused.id === id ? refused : null;
  return (
    <section className="admin-page">
      <h1>{t("Home page")}</h1>
      <p className="admin-page__lead">
        {t("The order of the home page's sections below the search, and the slides of its slider.")}{" "}
        <a href={address("/")}>{t("See the home page")}</a>
      </p>
      <ActionNotice />

      <h2>{t("Sections")}</h2>
      <ol className="admin-home-sections">
        {d.sections.map((s, i) => {
          const label = t(SECTION_LABELS[s.key]);
          return (
            <li key={s.key} className="admin-card">
              <strong>{label}</strong>{" "}
              <span className={`pill ${s.visible ? "pill--ok" : "pill--warn"}`}>
                {s.visible ? t("Shown") : t("Hidden")}
              </span>
              <div className="admin-actions">
                {i > 0 ? (
                  <StepForm intent="section-up" name="key" value={s.key} label={t("Move up")} about={label} />
                ) : null}
                {i < d.sections.length - 1 ? (
                  <StepForm
                    intent="section-down"
                    name="key"
                    value={s.key}
                    label={t("Move down")}
                    about={label}
                  />
                ) : null}
                <StepForm
                  intent={s.visible ? "section-hide" : "section-show"}
                  name="key"
                  value={s.key}
                  label={s.visible ? t("Hide") : t("Show")}
                  about={label}
                />
              </div>
            </li>
          );
        })}
      </ol>

      <h2>{t("Slider")}</h2>
      <p className="admin-page__count">
        {t(
          "The first {{count}} slides that are on, have a picture and lead to a public listing or project are shown.",
          { count: d.max_slides },
        )}
      </p>
      <ol className="admin-home-slides">
        {d.slides.map((s, i) => (
          <li key={s.id} className="admin-card">
            <div className="admin-home-slide">
              {s.image ? (
                <img src={s.image} alt="" width={160} height={107} loading="lazy" />
              ) : (
                <div className="card__noimage" aria-hidden="true" />
              )}
              <div>
                <h3 dir="auto">{s.title}</h3>
                {s.title_ar ? (
                  <p dir="rtl" lang="ar">
                    {s.title_ar}
                  </p>
                ) : null}
                <p>
                  {s.target ? (
                    <a
                      href={address(
                        s.target.type === "property"
                          ? `/properties-details/${s.target.slug_id}`
                          : `/project-details/${s.target.slug_id}`,
                      )}
                      dir="auto"
                    >
                      {s.target.type === "property" ? t("Property") : t("Project")} #{s.target.id}:{" "}
                      {s.target.title}
                    </a>
                  ) : (
                    t("Leads nowhere")
                  )}
                  {s.target && !s.target.public ? <Pill tone="warn">{t("Not public")}</Pill> : null}
                </p>
                <p>
                  <span className={`pill ${s.status ? "pill--ok" : "pill--warn"}`}>
                    {s.status ? t("On") : t("Off")}
                  </span>{" "}
                  <span className={`pill ${s.shown ? "pill--ok" : "pill--bad"}`}>
                    {s.shown ? t("Shown on the home page") : t("Not shown")}
                  </span>
                </p>
              </div>
            </div>
            <div className="admin-actions">
              {i > 0 ? (
                <StepForm
                  intent="slide-up"
                  name="id"
                  value={String(s.id)}
                  label={t("Move up")}
                  about={s.title}
                />
              ) : null}
              {i < d.slides.length - 1 ? (
                <StepForm
                  intent="slide-down"
                  name="id"
                  value={String(s.id)}
                  label={t("Move down")}
                  about={s.title}
                />
              ) : null}
              <details open={Boolean(refusedFor("slide-save", s.id))}>
                <summary>
                  {t("Edit")}
                  <span className="visually-hidden"> – {s.title}</span>
                </summary>
                <SlideForm slide={s} refused={refusedFor("slide-save", s.id)} />
              </details>
              <StepForm
                intent="slide-delete"
                name="id"
                value={String(s.id)}
                label={t("Remove")}
                about={s.title}
              />
            </div>
          </li>
        ))}
      </ol>
      {d.slides.length ? null : <p className="empty-state">{t("No slides yet.")}</p>}

      <div className="admin-card">
        <h2>{t("Add a slide")}</h2>
        <SlideForm key={location.key} refused={refusedFor("slide-save", "new")} />
      </div>
    </section>
  );
}

function SlideForm({
  slide,
  refused,
}: {
  slide?: Slide;
  refused: (AdminActionResult & { values?: SlideValues }) | null;
}) {
  const { t } = useTranslation();
  const typed = refused?.values;
  const p = slide ? `slide-${slide.id}` : "slide-new";
  const errors = (name: string) => refused?.errors?.[name];
  return (
    <Form method="post" encType="multipart/form-data" className="admin-form">
      <input type="hidden" name="intent" value="slide-save" />
      {slide ? <input type="hidden" name="id" value={slide.id} /> : null}
      {refused && !refused.errors ? (
        <p className="form-error" role="alert">
          {t(refused.error)}
        </p>
      ) : null}
      <Input
        id={`${p}-title`}
        name="title"
        label={t("Title")}
        defaultValue={typed?.title ?? slide?.title}
        errors={errors("title")}
        required
        dir="auto"
      />
      <Input
        id={`${p}-title-ar`}
        name="title_ar"
        label={t("Title (Arabic)")}
        defaultValue={typed?.title_ar ?? slide?.title_ar}
        errors={errors("title_ar")}
        dir="rtl"
        lang="ar"
      />
      <div className="field-row">
        <div className="field" data-invalid={errors("target_type") ? true : undefined}>
          <label htmlFor={`${p}-target-type`}>{t("Leads to")}</label>
          <select
            id={`${p}-target-type`}
            name="target_type"
            defaultValue={typed?.target_type ?? slide?.target?.type ?? "property"}
          >
            <option value="">{t("Nothing (a picture only)")}</option>
            <option value="property">{t("A property")}</option>
            <option value="project">{t("A project")}</option>
          </select>
          <FieldErrors id={`${p}-target-type-errors`} errors={errors("target_type")} />
        </div>
        <Input
          id={`${p}-target`}
          name="target"
          label={t("Its number or address")}
          defaultValue={typed?.target ?? slide?.target?.slug_id}
          errors={errors("target")}
          hint={t("Such as 42 or the end of its page's address")}
          dir="ltr"
        />
      </div>
      <div className="field" data-invalid={errors("image") ? true : undefined}>
        <label htmlFor={`${p}-image`}>
          {slide?.own_image ? t("Replace its own image") : t("Its own image (optional)")}
        </label>
        <input
          id={`${p}-image`}
          name="image"
          type="file"
          accept="image/jpeg,image/png"
          aria-describedby={`${p}-image-hint ${p}-image-errors`}
          aria-invalid={errors("image") ? true : undefined}
        />
        <p id={`${p}-image-hint`} className="field__hint">
          {t("JPEG or PNG, at least 120 × 120. Without one, the listing's or project's cover photo is used.")}
        </p>
        <FieldErrors id={`${p}-image-errors`} errors={errors("image")} />
      </div>
      {slide?.own_image ? (
        <div className="field--check">
          <input id={`${p}-remove-image`} name="remove_image" type="checkbox" value="1" />
          <label htmlFor={`${p}-remove-image`}>{t("Use the cover photo instead of its own image")}</label>
        </div>
      ) : null}
      <div className="field--check">
        <input
          id={`${p}-status`}
          name="status"
          type="checkbox"
          value="1"
          defaultChecked={typed ? typed.status === "1" : slide ? slide.status : true}
        />
        <label htmlFor={`${p}-status`}>{t("On")}</label>
      </div>
      <SubmitButton className="button button--small">{slide ? t("Save") : t("Add the slide")}</SubmitButton>
    </Form>
  );
}

function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <div id={id} className="field__errors" aria-live="polite">
      {errors?.map((e) => (
        <p key={e}>{t(e)}</p>
      ))}
    </div>
  );
}

function Input({
  id,
  name,
  label,
  defaultValue,
  errors,
  hint,
  required,
  dir,
  lang,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  errors?: string[];
  hint?: string;
  required?: boolean;
  dir?: "ltr" | "rtl" | "auto";
  lang?: string;
}) {
  return (
    <div className="field" data-invalid={errors ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        required={required}
        dir={dir}
        lang={lang}
        aria-invalid={errors ? true : undefined}
        aria-describedby={`${id}-errors${hint ? ` ${id}-hint` : ""}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}

/** One step (move, show, hide, remove) as a small POST form; `about` names the item for screen readers. */
function StepForm({
  intent,
  name,
  value,
  label,
  about,
}: {
  intent: string;
  name: string;
  value: string;
  label: string;
  about: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <SubmitButton className="button button--ghost button--small">
        {label}
        <span className="visually-hidden"> – {about}</span>
      </SubmitButton>
    </Form>
  );
}
