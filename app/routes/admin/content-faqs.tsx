import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/content-faqs";
import { api } from "~/lib/api.server";
import { useTranslation } from "~/lib/translate";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentForm, contentList, contentOutcome, text } from "~/modules/admin/content.server";
import {
  AddForm,
  ContentHead,
  FormRefusal,
  OnOffField,
  OnOffPill,
  outcomeFor,
  RowActions,
  TextField,
} from "~/modules/admin/content-ui";
import { contentMeta } from "~/modules/admin/content-nav";

export async function loader(args: Route.LoaderArgs) {
  const { title, rows } = await contentList(args, "admin/faqs", "FAQs");
  return { title, faqs: rows };
}

export const headers = adminHeaders;

export const meta = contentMeta("FAQs");

export async function action(args: Route.ActionArgs) {
  const { request, form, intent, id, opts } = await contentForm(args);
  if (intent === "delete" && id)
    return contentOutcome(request, await api("admin/delete-faq", { id }, opts), { intent, id });
  if ((intent === "up" || intent === "down") && id)
    return contentOutcome(request, await api("admin/move-faq", { id, direction: intent }, opts), {
      intent,
      id,
    });
  const input = {
    id: intent === "save" ? id : undefined,
    question: String(form.get("question") ?? ""),
    question_ar: text(form, "question_ar"),
    answer: String(form.get("answer") ?? ""),
    answer_ar: text(form, "answer_ar"),
    sequence: text(form, "sequence") as unknown as number | undefined,
    status: String(form.get("status") ?? "1") as "1" | "0",
  };
  return contentOutcome(request, await api("admin/save-faq", input, opts), {
    intent: intent === "save" ? "save" : "create",
    id: input.id,
    form,
  });
}

type Faq = Route.ComponentProps["loaderData"]["faqs"][number];

function FaqFields({
  formId,
  faq,
  result,
  intent,
}: {
  formId: string;
  faq?: Faq;
  result: unknown;
  intent: string;
}) {
  const { t } = useTranslation();
  const o = outcomeFor(result, intent, faq?.id);
  return (
    <>
      <FormRefusal refused={o.refused} />
      <TextField
        form={formId}
        name="question"
        label={t("Question")}
        value={o.value("question", faq?.question)}
        errors={o.errors("question")}
        required
        maxLength={300}
      />
      <TextField
        form={formId}
        name="question_ar"
        label={t("Question (Arabic)")}
        value={o.value("question_ar", faq?.question_ar)}
        errors={o.errors("question_ar")}
        ar
        maxLength={300}
      />
      <TextField
        form={formId}
        name="answer"
        label={t("Answer")}
        value={o.value("answer", faq?.answer)}
        errors={o.errors("answer")}
        rows={4}
        required
        maxLength={5000}
      />
      <TextField
        form={formId}
        name="answer_ar"
        label={t("Answer (Arabic)")}
        value={o.value("answer_ar", faq?.answer_ar)}
        errors={o.errors("answer_ar")}
        rows={4}
        ar
        maxLength={5000}
      />
      <div className="field-row">
        <OnOffField
          form={formId}
          label={t("Shown on the site")}
          value={o.value("status", faq ? (faq.status ? "1" : "0") : "1") === "1"}
          on={t("Shown")}
          off={t("Hidden")}
        />
        {faq ? (
          <TextField
            form={formId}
            name="sequence"
            label={t("Order")}
            type="number"
            value={o.value("sequence", faq.sequence)}
            errors={o.errors("sequence")}
          />
        ) : null}
      </div>
    </>
  );
}

export default function AdminFaqs({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <ContentHead
        title={t("FAQs")}
        lead={t(
          "Questions and answers shown on the FAQ page, in this order. The Arabic shows on the Arabic site; where it is empty, the English shows.",
        )}
      />
      <AddForm title={t("Add a question")} button={t("Add the question")}>
        <FaqFields formId="faq-new" result={actionData} intent="create" />
      </AddForm>
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
            <RowActions
              id={f.id}
              about={f.question}
              result={actionData}
              before={
                <>
                  <OnOffPill on={f.status} yes={t("Shown")} no={t("Hidden")} />
                  {i > 0 ? <MoveForm id={f.id} intent="up" label={t("Move up")} about={f.question} /> : null}
                  {i < d.faqs.length - 1 ? (
                    <MoveForm id={f.id} intent="down" label={t("Move down")} about={f.question} />
                  ) : null}
                </>
              }
            >
              <FaqFields formId={`faq-${f.id}`} faq={f} result={actionData} intent="save" />
            </RowActions>
          </li>
        ))}
      </ol>
    </section>
  );
}

function MoveForm({
  id,
  intent,
  label,
  about,
}: {
  id: number;
  intent: "up" | "down";
  label: string;
  about: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <SubmitButton className="button button--ghost button--small">
        {label}
        <span className="visually-hidden"> – {about}</span>
      </SubmitButton>
    </Form>
  );
}
