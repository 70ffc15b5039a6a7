import type { Route } from "./+types/faqs";
import { pageMeta, rootData } from "~/lib/seo";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/translate";
import { publicCacheHeaders } from "~/lib/cache";

export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await apiData("faqs", {}, { request, locale: getLocale(context) });
  return { title: getI18n(context).t("Frequently asked questions"), faqs: res.data };
}

export const headers = publicCacheHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "FAQs",
    description: "Answers about searching, contacting owners and agents, listing a property and packages.",
    jsonLd: data
      ? {
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: data.faqs.map((f) => ({
            "@type": "Question",
            name: f.question,
            acceptedAnswer: { "@type": "Answer", text: f.answer },
          })),
        }
      : undefined,
  });
}

/** Questions as <details>: they open and close without any JavaScript. */
export default function Faqs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="faqs">
      <h1>{t("Frequently asked questions")}</h1>
      {loaderData.faqs.map((f) => (
        <details key={f.id} className="faq">
          <summary>{f.question}</summary>
          <p>{f.answer}</p>
        </details>
      ))}
    </section>
  );
}
