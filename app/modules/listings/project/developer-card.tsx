import { Link } from "react-router";
import { useTranslation } from "~/lib/translate";
import { developerPath } from "~/modules/listings/project/card";
import { Avatar } from "~/components/agent-card";

export interface DeveloperSummary {
  id: number;
  name: string;
  profile: string | null;
  city: string | null;
  is_verified: boolean;
  projects_count: number;
}

export function DeveloperCard({ developer }: { developer: DeveloperSummary }) {
  const { t } = useTranslation();
  return (
    <article className="agent-card">
      <Link to={developerPath(developer)} className="agent-card__link">
        <Avatar name={developer.name} src={developer.profile} />
        <div>
          <h3 className="agent-card__name">
            {developer.name}
            {developer.is_verified ? <span className="badge badge--verified">{t("Verified")}</span> : null}
          </h3>
          <p className="agent-card__meta">
            {developer.city ? `${developer.city} · ` : ""}
            {t("{{count}} projects", { count: developer.projects_count })}
          </p>
        </div>
      </Link>
    </article>
  );
}
