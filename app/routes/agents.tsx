import { Form } from "react-router";
import type { Route } from "./+types/agents";
import { pageMeta, rootData } from "~/lib/seo";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/translate";
import { AgentCard } from "~/components/agent-card";
import { Pagination } from "~/components/pagination";
import { PAGE_SIZE, pageFromSearch } from "~/lib/constants";
import { publicCacheHeaders } from "~/lib/cache";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageFromSearch(url.searchParams);
  const search = url.searchParams.get("search")?.trim() ?? "";
  const res = await api(
    "agent-list",
    { search: search || undefined, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
    { request, locale: getLocale(context) },
  );
  return {
    title: getI18n(context).t("Real estate agents"),
    search,
    agents: res.error ? [] : res.data,
    total: res.total ?? 0,
    offset: (page - 1) * PAGE_SIZE,
    error: res.error ? res.message : null,
  };
}

export const headers = publicCacheHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "Agents",
    description: "Find a verified real estate agent near you.",
    keepParams: ["page"],
  });
}

export default function Agents({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { agents, total, offset, search, error } = loaderData;
  return (
    <section>
      <h1>{t("Real estate agents")}</h1>
      <Form method="get" className="inline-search" role="search">
        <label className="visually-hidden" htmlFor="agent-search">
          {t("Search agents")}
        </label>
        <input
          id="agent-search"
          type="search"
          name="search"
          defaultValue={search}
          placeholder={t("Name or city")}
        />
        <button type="submit" className="button">
          {t("Search")}
        </button>
      </Form>
      <p className="results__count" role="status">
        {t("{{count}} agents", { count: total })}
      </p>
      {error ? <p className="form-error">{t(error)}</p> : null}
      {agents.length ? (
        <div className="agents-grid">
          {agents.map((a) => (
            <AgentCard key={a.id} agent={a} />
          ))}
        </div>
      ) : (
        <div className="empty-state">
          <h2>{t("No agents match your search")}</h2>
        </div>
      )}
      <Pagination total={total} offset={offset} limit={PAGE_SIZE} />
    </section>
  );
}
