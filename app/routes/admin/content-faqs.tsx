import type { Route } from "./+types/content-faqs";
import { saveFaqInput } from "~server/api/admin/content/schema";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentMeta } from "~/modules/admin/content-nav";
import { ContentTablePage, type ContentTable } from "~/modules/admin/content-table";
import { contentAction, contentLoader } from "~/modules/admin/content-table.server";

const faqs: ContentTable<"admin/faqs"> = {
  section: "/admin/content/faqs",
  key: "faq",
  calls: { list: "admin/faqs", save: "admin/save-faq", remove: "admin/delete-faq", move: "admin/move-faq" },
  schema: saveFaqInput,
  texts: {
    title: "FAQs",
    lead: "Questions and answers shown on the FAQ page, in this order. The Arabic shows on the Arabic site; where it is empty, the English shows.",
    add: "Add a question",
    create: "Add the question",
    count: "{{count}} questions",
  },
  name: (f) => f.question,
  fields: [
    { name: "question", label: "Question", required: true, max: 300 },
    { name: "question_ar", label: "Question (Arabic)", ar: true, max: 300 },
    { name: "answer", label: "Answer", kind: "textarea", required: true, max: 5000 },
    { name: "answer_ar", label: "Answer (Arabic)", kind: "textarea", ar: true, max: 5000 },
    [
      { name: "status", label: "Shown on the site", kind: "onOff", on: "Shown", off: "Hidden" },
      { name: "sequence", label: "Order", kind: "number", savedOnly: true },
    ],
  ],
  cards: { title: (f) => f.question, titleAr: (f) => f.question_ar, on: "Shown", off: "Hidden" },
};

export const loader = (args: Route.LoaderArgs) => contentLoader(args, faqs);
export const action = (args: Route.ActionArgs) => contentAction(args, faqs);
export const headers = adminHeaders;
export const meta = contentMeta("FAQs");

export default function AdminFaqs() {
  return <ContentTablePage table={faqs} />;
}
