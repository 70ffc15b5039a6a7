import { Form, useLocation } from "react-router";
import type { Route } from "./+types/content-faqs";
import { api, apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { adminHeaders, requireAdmin } from "~/modules/admin/admin.server";
import { contentOutcome, idField, text } from "~/modules/admin/content.server";
import { DeleteForm, FormRefusal, OnOffField, OnOffPill, outcomeFor, TextField } from "~/modules/admin/content-ui";
import { ContentBack } from "~/modules/admin/content-nav";
import { ActionNotice } from "~/modules/listings/ui";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const res = await apiData("admin/faqs", {}, { request, locale });
  return { title: getI18n(context).t("FAQs"), faqs: res.data };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "FAQs", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = idField(form);
  const opts = { request, locale };
  if (intent === "delete" && id) return contentOutcome(request, await api("admin/delete-faq", { id }, opts), { intent, id });
  if ((intent === "up" || intent === "down") && id) return contentOutcome(request, await api("admin/move-faq", { id, direction: intent }, opts), { intent, id });
  const input = {
    id: intent === "save" ? id : undefined,
    question: String(form.get("question") ?? ""),
    question_ar: text(form, "question_ar"),
    answer: String(form.get("answer") ?? ""),
    answer_ar: text(form, "answer_ar"),
    sequence: text(form, "sequence") as unknown as number | undefined,
    status: String(form.get("status") ?? "1") as "1" | "0",
  };
  return contentOutcome(request, await api("admin/save-faq", input, opts), { intent: intent === "save" ? "save" : "create", id: input.id, form });
}

type Faq = Route.ComponentProps["loaderData"]["faqs"][number];

function FaqFields({ formId, faq, result, intent }: { formId: string; faq?: Faq; result: unknown; intent: string }) {
  const { t } = useTranslation();
  const o = outcomeFor(result, intent, faq?.id);
  return (
    <>
      <FormRefusal refused={o.refused} />
      <TextField form={formId} name="question" label={t("Question")} value={o.value("question", faq?.question)} errors={o.errors("question")} required maxLength={300} />
      <TextField form={formId} name="question_ar" label={t("Question (Arabic)")} value={o.value("question_ar", faq?.question_ar)} errors={o.errors("question_ar")} ar maxLength={300} />
      <TextField form={formId} name="answer" label={t("Answer")} value={o.value("answer", faq?.answer)} errors={o.errors("answer")} rows={4} required maxLength={5000} />
      <TextField form={formId} name="answer_ar" label={t("Answer (Arabic)")} value={o.value("answer_ar", faq?.answer_ar)} errors={o.errors("answer_ar")} rows={4} ar maxLength={5000} />
      <div className="field-row">
        <OnOffField form={formId} label={t("Shown on the site")} value={o.value("status", faq ? (faq.status ? "1" : "0") : "1") === "1"} on={t("Shown")} off={t("Hidden")} />
        {faq ? <TextField form={formId} name="sequence" label={t("Order")} type="number" value={o.value("sequence", faq.sequence)} errors={o.errors("sequence")} /> : null}
      </div>
    </>
  );
}

export default function AdminFaqs({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className="admin-page">
      <ContentBack />
      <h1>{t("FAQs")}</h1>
      <p className="admin-page__lead">{t("Questions and answers shown on the FAQ page, in this order. The Arabic shows on the Arabic site; where it is empty, the English shows.")}</p>
      <ActionNotice />
      <div className="admin-card">
        <h2>{t("Add a question")}</h2>
        {/* A fresh form after each save; a refused one keeps what was typed. */}
        <Form method="post" className="admin-form" key={location.key}>
          <input type="hidden" name="intent" value="create" />
          <FaqFields formId="faq-new" result={actionData} intent="create" />
          <button type="submit" className="button">
            {t("Add the question")}
          </button>
        </Form>
      </div>
      <p className="admin-page__count">{t("{{count}} questions", { count: d.faqs.length })}</p>
      <ol className="admin-content-list">
        {d.faqs.map((f, i) => (
          <li key={f.id} className="admin-card">
            <h2 className="admin-content-list__title" dir="auto">
              {f.question}
            </h2>
            {f.question_ar ? (
              <p dir="rtl" lang="ar">
                {f.question_ar}
              </p>
            ) : null}
            <div className="admin-actions">
              <OnOffPill on={f.status} yes={t("Shown")} no={t("Hidden")} />
              {i > 0 ? <MoveForm id={f.id} intent="up" label={t("Move up")} about={f.question} /> : null}
              {i < d.faqs.length - 1 ? <MoveForm id={f.id} intent="down" label={t("Move down")} about={f.question} /> : null}
              <details open={Boolean(outcomeFor(actionData, "save", f.id).refused)}>
                <summary>
                  {t("Edit")}
                  <span className="visually-hidden"> – {f.question}</span>
                </summary>
                <Form method="post" className="admin-form">
                  <input type="hidden" name="intent" value="save" />
                  <input type="hidden" name="id" value={f.id} />
                  <FaqFields formId={`faq-${f.id}`} faq={f} result={actionData} intent="save" />
                  <button type="submit" className="button button--small">
                    {t("Save")}
                  </button>
                </Form>
              </details>
              <DeleteForm id={f.id} about={f.question} />
            </div>
            <FormRefusal refused={outcomeFor(actionData, "delete", f.id).refused} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function MoveForm({ id, intent, label, about }: { id: number; intent: "up" | "down"; label: string; about: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button button--ghost button--small">
        {label}
        <span className="visually-hidden"> – {about}</span>
      </button>
    </Form>
  );
}
