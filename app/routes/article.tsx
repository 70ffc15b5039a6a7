import { Link } from "react-router";
import type { Route } from "./+types/article";
import { pageMeta, pageUrl, rootData } from "~/lib/seo";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { ResponsiveImage } from "~/components/responsive-image";
import { publicCacheHeaders } from "~/lib/cache";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const res = await api("get_articles", { slug_id: params.slug }, { request, locale: getLocale(context) });
  const article = res.error ? undefined : res.data[0];
  if (!article) throw new Response("Not found", { status: 404 });
  return { article };
}

export const headers = publicCacheHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  const root = rootData(matches);
  const a = data?.article;
  if (!a) return [{ title: "Not found" }];
  return pageMeta(root, location, {
    title: a.title,
    description: a.summary,
    image: a.image?.url,
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: a.title,
      description: a.summary,
      datePublished: a.created_at,
      dateModified: a.updated_at,
      ...(a.image ? { image: (root?.origin ?? "") + a.image.url } : {}),
      publisher: { "@type": "Organization", name: root?.settings.company_name ?? "Souq Estate" },
      mainEntityOfPage: pageUrl(root, location.pathname),
    },
  });
}

export default function Article({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const a = loaderData.article;
  const date = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "long" }).format(
    new Date(a.created_at),
  );
  return (
    <article className="article">
      <nav aria-label={t("Breadcrumb")} className="breadcrumbs">
        <ol>
          <li>
            <Link to="/">{t("Home")}</Link>
          </li>
          <li>
            <Link to="/articles">{t("Articles")}</Link>
          </li>
          {a.category ? (
            <li>
              <Link to={`/articles?category_id=${a.category.id}`}>{a.category.name}</Link>
            </li>
          ) : null}
        </ol>
      </nav>
      <h1>{a.title}</h1>
      <p className="detail__posted">
        <time dateTime={a.created_at}>{date}</time>
      </p>
      {a.image ? (
        <ResponsiveImage
          image={a.image}
          alt=""
          sizes="(min-width: 48rem) 46rem, 100vw"
          eager
          className="article__cover"
        />
      ) : null}
      <p className="article__summary">{a.summary}</p>
      {(a.body ?? "").split(/\n\s*\n/).map((para, i) => (
        <p key={i}>{para}</p>
      ))}
    </article>
  );
}
