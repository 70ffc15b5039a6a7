// Photo shoots: an owner asks for one for a property, follows it, reviews the tour the photographer
// built (approve with stars, or ask for changes) and may cancel one nobody delivered yet. A person
// with the photographer role also sees the shoots assigned to them: build the tour, mark it done,
// and the finished ones. Every form is a plain POST to this page, so all of it works without JavaScript.
import { Link, data, useActionData, useLocation } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/user-photo-sessions";
import {
  completeFormSchema,
  NOTE_MAX,
  requestSessionSchema,
  reviewFormSchema,
} from "~server/api/photo-sessions/schema";
import { api } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { replyWithApiError } from "~/lib/forms.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { redirectWithToast } from "~/lib/toast.server";
import { pageFromSearch } from "~/lib/constants";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { FormErrors } from "~/components/form-errors";
import { Pagination } from "~/components/pagination";
import { formId, privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import { FieldErrors } from "~/modules/listings/form/field-errors";
import { Day, StatusBadge, Stars, STAR_LABELS, type PhotoSessionView } from "~/modules/photo-sessions/ui";
import { signedInStart } from "~/lib/route.server";

/** Shoots per page of the owner's list and of the photographer's finished ones. */
const PAGE = 20;
/** A photographer's open shoots are few; they show at once. */
const ACTIVE_MAX = 100;
/** Properties offered in the request form (their newest; one named in the address is added). */
const PROPERTIES_MAX = 100;
const OPEN = new Set(["requested", "assigned", "submitted", "changes_requested"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const url = new URL(request.url);
  const opts = { request, locale };
  const offset = (pageFromSearch(url.searchParams) - 1) * PAGE;
  const doneOffset =
    (Math.min(Math.max(1, Math.floor(Number(url.searchParams.get("done")) || 1)), 10_000) - 1) * PAGE;
  const wanted = formId(url.searchParams.get("property_id"));
  const [me, mine, properties] = await Promise.all([
    api("get-profile", {}, opts),
    api("photo-sessions", { offset, limit: PAGE }, opts),
    api("get-added-properties", { offset: 0, limit: PROPERTIES_MAX }, opts),
  ]);
  // Signed in without a profile here: nothing to show yet (the API says why when they try).
  const profile = me.error ? null : me.data;
  const owned = properties.error ? [] : properties.data.map((p) => ({ id: p.id, title: p.title }));
  if (wanted && !owned.some((p) => p.id === wanted)) {
    const one = await api("get-added-properties", { id: wanted, offset: 0, limit: 1 }, opts);
    if (!one.error && one.data[0]) owned.unshift({ id: one.data[0].id, title: one.data[0].title });
  }
  let work: { active: PhotoSessionView[]; completed: PhotoSessionView[]; completedTotal: number } | null =
    null;
  if (profile?.is_photographer) {
    const [active, completed] = await Promise.all([
      api("photographer-active-sessions", { id: profile.id, offset: 0, limit: ACTIVE_MAX }, opts),
      api("photographer-completed-sessions", { id: profile.id, offset: doneOffset, limit: PAGE }, opts),
    ]);
    work = {
      active: active.error ? [] : active.data,
      completed: completed.error ? [] : completed.data,
      completedTotal: completed.error ? 0 : (completed.total ?? 0),
    };
  }
  return {
    title: getI18n(context).t("Photo shoots"),
    sessions: mine.error ? [] : mine.data,
    total: mine.error ? 0 : (mine.total ?? 0),
    offset,
    doneOffset,
    properties: owned,
    wanted,
    work,
  };
}

/** Which form a refusal belongs to (the page has one per shoot), and conform's reply for it. */
type Refused = { form: string; result: ReturnType<typeof replyWithApiError> };

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const form = await request.formData();
  const here = localizePath(locale, "/user/photo-sessions");
  const opts = { request, locale };
  const intent = String(form.get("intent") ?? "");
  if (intent === "cancel") {
    const id = formId(form.get("id"));
    const res = id ? await api("cancel-photo-session", { id }, opts) : null;
    return redirectWithToast(here, {
      type: !res || res.error ? "error" : "success",
      message: res?.message ?? "Photo session not found",
      notice: true,
    });
  }
  if (intent === "request") {
    const submission = parseWithZod(form, { schema: requestSessionSchema });
    if (submission.status !== "success")
      return data<Refused>({ form: "request", result: submission.reply() }, { status: 400 });
    const res = await api(
      "request-photo-session",
      { property_id: submission.value.property_id!, request_note: submission.value.request_note },
      opts,
    );
    if (res.error)
      return data<Refused>({ form: "request", result: replyWithApiError(submission, res) }, { status: 400 });
    return redirectWithToast(here, { type: "success", message: res.message, notice: true });
  }
  // The review and the "done" calls name the caller in their address: their own profile id.
  const me = await api("get-profile", {}, opts);
  if (intent === "review") {
    const submission = parseWithZod(form, { schema: reviewFormSchema });
    const key = `review-${formId(form.get("session_id")) ?? 0}`;
    if (submission.status !== "success")
      return data<Refused>({ form: key, result: submission.reply() }, { status: 400 });
    if (me.error)
      return data<Refused>({ form: key, result: replyWithApiError(submission, me) }, { status: 400 });
    const res = await api("review-photo-session", { id: me.data.id, ...submission.value }, opts);
    if (res.error)
      return data<Refused>({ form: key, result: replyWithApiError(submission, res) }, { status: 400 });
    return redirectWithToast(here, { type: "success", message: res.message, notice: true });
  }
  if (intent === "complete") {
    const submission = parseWithZod(form, { schema: completeFormSchema });
    const key = `complete-${formId(form.get("session_id")) ?? 0}`;
    if (submission.status !== "success")
      return data<Refused>({ form: key, result: submission.reply() }, { status: 400 });
    if (me.error)
      return data<Refused>({ form: key, result: replyWithApiError(submission, me) }, { status: 400 });
    const res = await api("complete-photo-session", { id: me.data.id, ...submission.value }, opts);
    if (res.error)
      return data<Refused>({ form: key, result: replyWithApiError(submission, res) }, { status: 400 });
    return redirectWithToast(here, { type: "success", message: res.message, notice: true });
  }
  return redirectWithToast(here, { type: "error", message: "Invalid input", notice: true });
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Photo shoots", noindex: true });
}

/** The last refusal, when it was this form's. */
function useRefusal(key: string) {
  const refused = useActionData<typeof action>() as Refused | undefined;
  return refused && refused.form === key ? refused.result : undefined;
}

export default function PhotoSessions({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="owner-page photo-sessions">
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t("Photo shoots")} />
      <h1>{t("Photo shoots")}</h1>
      <p>
        {t(
          "A photographer visits your property and builds its virtual tour. You review the tour before it goes live on your listing.",
        )}
      </p>
      <ActionNotice />
      {d.work ? <PhotographerWork work={d.work} doneOffset={d.doneOffset} /> : null}

      <section aria-labelledby="my-shoots-h">
        <h2 id="my-shoots-h">{d.work ? t("Shoots of your listings") : t("Your shoots")}</h2>
        {d.sessions.length ? (
          <ul className="owner-list owner-list--compact">
            {d.sessions.map((s) => (
              <OwnerSession key={s.id} session={s} />
            ))}
          </ul>
        ) : (
          <p className="empty-state">{t("No photo shoots yet.")}</p>
        )}
        <Pagination total={d.total} offset={d.offset} limit={PAGE} />
      </section>

      <RequestForm
        properties={d.properties}
        wanted={d.wanted}
        open={new Set(d.sessions.filter((s) => OPEN.has(s.status)).map((s) => s.property.id))}
      />
    </section>
  );
}

/** Who shoots, what each side wrote, and when. */
function SessionFacts({ session: s, side }: { session: PhotoSessionView; side: "owner" | "photographer" }) {
  const { t } = useTranslation();
  return (
    <dl className="photo-session__facts">
      {side === "owner" ? (
        <>
          <dt>{t("Photographer")}</dt>
          <dd dir="auto">{s.photographer?.name ?? t("Not assigned yet")}</dd>
        </>
      ) : (
        <>
          <dt>{t("Owner")}</dt>
          <dd dir="auto">{s.owner.name}</dd>
        </>
      )}
      <dt>{t("Asked on")}</dt>
      <dd>
        <Day iso={s.created_at} />
      </dd>
      {s.request_note ? (
        <>
          <dt>{t("Owner's note")}</dt>
          <dd dir="auto" className="photo-session__note">
            {s.request_note}
          </dd>
        </>
      ) : null}
      {s.photographer_note ? (
        <>
          <dt>{t("Photographer's note")}</dt>
          <dd dir="auto" className="photo-session__note">
            {s.photographer_note}
          </dd>
        </>
      ) : null}
      {s.review_note ? (
        <>
          <dt>{t("Review")}</dt>
          <dd dir="auto" className="photo-session__note">
            {s.review_note}
          </dd>
        </>
      ) : null}
      {s.rating ? (
        <>
          <dt>{t("Rating")}</dt>
          <dd>
            <Stars rating={s.rating} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function OwnerSession({ session: s }: { session: PhotoSessionView }) {
  const { t } = useTranslation();
  const titleId = `shoot-${s.id}-title`;
  return (
    <li className="owner-row photo-session" aria-labelledby={titleId} data-session={s.id}>
      <div className="owner-row__body">
        <h3 className="owner-row__title" id={titleId}>
          <Link to={`/my-property/${s.property.slug_id}`} dir="auto">
            {s.property.title}
          </Link>{" "}
          <StatusBadge status={s.status} />
        </h3>
        <SessionFacts session={s} side="owner" />
        {s.status === "submitted" ? (
          <>
            <p>
              <Link to={s.tour_editor_link} className="button button--ghost button--small">
                {t("Preview the tour")}
                <span className="visually-hidden"> – {s.property.title}</span>
              </Link>
            </p>
            <ReviewForm session={s} />
          </>
        ) : null}
        {s.status === "approved" ? (
          <p>
            <Link to={s.property.link}>{t("See the tour on your listing")}</Link>
          </p>
        ) : null}
      </div>
      {s.status === "requested" || s.status === "assigned" ? (
        <Form method="post" className="owner-row__actions">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="id" value={s.id} />
          <SubmitButton className="button button--ghost button--small">
            {t("Cancel the shoot")}
            <span className="visually-hidden"> – {s.property.title}</span>
          </SubmitButton>
        </Form>
      ) : null}
    </li>
  );
}

function ReviewForm({ session: s }: { session: PhotoSessionView }) {
  const { t } = useTranslation();
  const key = `review-${s.id}`;
  const [form, fields] = useForm({
    id: key,
    lastResult: useRefusal(key),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewFormSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="owner-form photo-session__review"
      aria-label={t("Review the tour of {{title}}", { title: s.property.title })}
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="session_id" value={s.id} />
      <fieldset
        className="choice-group"
        aria-describedby={fields.rating.errorId}
        data-invalid={fields.rating.errors ? true : undefined}
      >
        <legend>{t("Rate the photographer (required to approve)")}</legend>
        {STAR_LABELS.map((label, i) => (
          <label key={label} className="choice photo-session__star">
            <input type="radio" name={fields.rating.name} value={i + 1} />
            <span aria-hidden="true">{"★".repeat(i + 1)}</span> {t(label)}
          </label>
        ))}
        <FieldErrors meta={fields.rating} />
      </fieldset>
      <div className="field" data-invalid={fields.review_note.errors ? true : undefined}>
        <label htmlFor={`${key}-note`}>{t("Note for the photographer (required to ask for changes)")}</label>
        <textarea
          id={`${key}-note`}
          name={fields.review_note.name}
          rows={3}
          maxLength={NOTE_MAX}
          dir="auto"
          aria-describedby={fields.review_note.errorId}
        />
        <FieldErrors meta={fields.review_note} />
      </div>
      <FieldErrors meta={fields.decision} />
      <div className="owner-row__actions">
        <SubmitButton name="decision" value="approve" className="button button--small">
          {t("Approve and publish the tour")}
        </SubmitButton>
        <SubmitButton name="decision" value="changes" className="button button--ghost button--small">
          {t("Ask for changes")}
        </SubmitButton>
      </div>
    </Form>
  );
}

function PhotographerWork({
  work,
  doneOffset,
}: {
  work: NonNullable<Route.ComponentProps["loaderData"]["work"]>;
  doneOffset: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      <section aria-labelledby="assigned-h">
        <h2 id="assigned-h">{t("Assigned to you")}</h2>
        {work.active.length ? (
          <ul className="owner-list owner-list--compact">
            {work.active.map((s) => (
              <li
                key={s.id}
                className="owner-row photo-session"
                aria-labelledby={`work-${s.id}-title`}
                data-session={s.id}
              >
                <div className="owner-row__body">
                  <h3 className="owner-row__title" id={`work-${s.id}-title`}>
                    <span dir="auto">{s.property.title}</span> <StatusBadge status={s.status} />
                  </h3>
                  <p className="owner-row__meta">
                    {s.property.city ? <span dir="auto">{s.property.city}</span> : null}
                    {s.property.city ? " · " : null}
                    <Link to={s.property.link}>{t("The listing")}</Link>
                  </p>
                  <SessionFacts session={s} side="photographer" />
                  {s.status === "submitted" ? (
                    <p className="owner-row__meta">{t("Waiting for the owner's review.")}</p>
                  ) : (
                    <>
                      <p>
                        <Link to={s.tour_editor_link} className="button button--small">
                          {t("Build the tour")}
                          <span className="visually-hidden"> – {s.property.title}</span>
                        </Link>
                      </p>
                      <CompleteForm session={s} />
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">{t("No shoots are assigned to you at the moment.")}</p>
        )}
      </section>
      <section aria-labelledby="completed-h">
        <h2 id="completed-h">{t("Completed")}</h2>
        {work.completed.length ? (
          <ul className="owner-list owner-list--compact">
            {work.completed.map((s) => (
              <li key={s.id} className="owner-row photo-session" data-session={s.id}>
                <div className="owner-row__body">
                  <p className="owner-row__title">
                    {s.status === "approved" ? (
                      <Link to={s.property.link} dir="auto">
                        {s.property.title}
                      </Link>
                    ) : (
                      <span dir="auto">{s.property.title}</span>
                    )}{" "}
                    <StatusBadge status={s.status} />
                  </p>
                  <p className="owner-row__meta">
                    {s.reviewed_at ? (
                      <>
                        {t("Reviewed on")} <Day iso={s.reviewed_at} />
                      </>
                    ) : (
                      <>
                        {t("Asked on")} <Day iso={s.created_at} />
                      </>
                    )}
                    {s.rating ? (
                      <>
                        {" · "}
                        <Stars rating={s.rating} />
                      </>
                    ) : null}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">{t("No completed shoots yet.")}</p>
        )}
        <PagerOf
          param="done"
          total={work.completedTotal}
          offset={doneOffset}
          label={t("More completed shoots")}
        />
      </section>
    </>
  );
}

function CompleteForm({ session: s }: { session: PhotoSessionView }) {
  const { t } = useTranslation();
  const key = `complete-${s.id}`;
  const [form, fields] = useForm({
    id: key,
    lastResult: useRefusal(key),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: completeFormSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="owner-form photo-session__complete"
      aria-label={t("Mark the shoot of {{title}} as done", { title: s.property.title })}
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="complete" />
      <input type="hidden" name="session_id" value={s.id} />
      {s.tour_ready ? null : (
        <p className="owner-row__meta">{t("Add at least one room with a picture to the tour first.")}</p>
      )}
      <div className="field" data-invalid={fields.photographer_note.errors ? true : undefined}>
        <label htmlFor={`${key}-note`}>{t("Note for the owner (optional)")}</label>
        <textarea
          id={`${key}-note`}
          name={fields.photographer_note.name}
          rows={3}
          maxLength={NOTE_MAX}
          dir="auto"
          aria-describedby={fields.photographer_note.errorId}
        />
        <FieldErrors meta={fields.photographer_note} />
      </div>
      <SubmitButton className="button button--small">{t("Mark as done")}</SubmitButton>
    </Form>
  );
}

function RequestForm({
  properties,
  wanted,
  open,
}: {
  properties: { id: number; title: string }[];
  wanted: number | null;
  open: Set<number>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "request",
    lastResult: useRefusal("request"),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: requestSessionSchema }),
  });
  return (
    <section aria-labelledby="request-h">
      <h2 id="request-h">{t("Ask for a photo shoot")}</h2>
      {properties.length ? (
        <Form method="post" {...getFormProps(form)} className="owner-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="intent" value="request" />
          <div className="field" data-invalid={fields.property_id.errors ? true : undefined}>
            <label htmlFor="shoot-property">{t("Property")}</label>
            <select
              id="shoot-property"
              name={fields.property_id.name}
              defaultValue={wanted ?? ""}
              aria-describedby={fields.property_id.errorId}
            >
              <option value="">{t("Choose a property")}</option>
              {properties.map((p) => (
                // Marked, not disabled: a listing named in the address stays chosen, and the API says why it waits.
                <option key={p.id} value={p.id}>
                  {open.has(p.id) ? t("{{title}} (shoot in progress)", { title: p.title }) : p.title}
                </option>
              ))}
            </select>
            <FieldErrors meta={fields.property_id} />
          </div>
          <div className="field" data-invalid={fields.request_note.errors ? true : undefined}>
            <label htmlFor="shoot-note">{t("Note for the photographer (optional)")}</label>
            <textarea
              id="shoot-note"
              name={fields.request_note.name}
              rows={3}
              maxLength={NOTE_MAX}
              dir="auto"
              placeholder={t("When can the photographer come, and how do they get in?")}
              aria-describedby={fields.request_note.errorId}
            />
            <FieldErrors meta={fields.request_note} />
          </div>
          <SubmitButton className="button">{t("Ask for a photo shoot")}</SubmitButton>
        </Form>
      ) : (
        <p className="empty-state">
          {t("Add a property first, then ask for a photo shoot of it.")}{" "}
          <Link to="/user/add-property">{t("Add a property")}</Link>
        </p>
      )}
    </section>
  );
}

/** Page links under their own parameter, so paging one list leaves the other where it was. */
function PagerOf({
  param,
  total,
  offset,
  label,
}: {
  param: string;
  total: number;
  offset: number;
  label: string;
}) {
  const location = useLocation();
  const pages = Math.ceil(total / PAGE);
  if (pages <= 1) return null;
  const current = Math.floor(offset / PAGE) + 1;
  const to = (page: number) => {
    const qs = new URLSearchParams(location.search);
    if (page === 1) qs.delete(param);
    else qs.set(param, String(page));
    const s = qs.toString();
    return `${location.pathname}${s ? `?${s}` : ""}`;
  };
  return (
    <nav className="pagination" aria-label={label}>
      <ol>
        {Array.from({ length: Math.min(pages, 50) }, (_, i) => (
          <li key={i}>
            {i + 1 === current ? (
              <span aria-current="page">{i + 1}</span>
            ) : (
              <Link to={to(i + 1)}>{i + 1}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
