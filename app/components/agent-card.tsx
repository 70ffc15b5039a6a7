import { Link } from "react-router";
import { useTranslation } from "~/lib/translate";
import { slugify } from "~/lib/format";
import { VerifiedBadge } from "./verified-badge";

export interface AgentSummary {
  id: number;
  name: string;
  profile: string | null;
  city: string | null;
  is_verified: boolean;
  properties_count: number;
}

/** Only what the card shows, for a page's data (the API's agent has their profile text, links, …). */
export const toAgentSummary = (a: AgentSummary): AgentSummary => ({
  id: a.id,
  name: a.name,
  profile: a.profile,
  city: a.city,
  is_verified: a.is_verified,
  properties_count: a.properties_count,
});

export const agentPath = (a: { id: number; name: string }) => `/agents/${a.id}-${slugify(a.name)}`;

/** Initials on the brand colour when there is no photo: no image request, no layout shift. */
export function Avatar({ name, src, size = 56 }: { name: string; src: string | null; size?: number }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  return src ? (
    <img className="avatar" src={src} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span
      className="avatar avatar--initials"
      style={{ inlineSize: size, blockSize: size }}
      aria-hidden="true"
    >
      {initials}
    </span>
  );
}

export function AgentCard({ agent }: { agent: AgentSummary }) {
  const { t } = useTranslation();
  return (
    <article className="agent-card">
      <Link to={agentPath(agent)} className="agent-card__link">
        <Avatar name={agent.name} src={agent.profile} />
        <div>
          <h3 className="agent-card__name">
            {agent.name}
            {agent.is_verified ? <VerifiedBadge /> : null}
          </h3>
          <p className="agent-card__meta">
            {agent.city ? `${agent.city} · ` : ""}
            {t("{{count}} listings", { count: agent.properties_count })}
          </p>
        </div>
      </Link>
    </article>
  );
}
