import { useTranslation } from "~/lib/translate";
import { PROJECT_TYPE_LABEL, projectPath, type CardProject } from "~/modules/listings/project/card";
import { ListingCard } from "~/modules/listings/card";

export function ProjectCard({ project, eager = false }: { project: CardProject; eager?: boolean }) {
  const { t } = useTranslation();
  return (
    <ListingCard
      to={projectPath(project.slug_id)}
      image={project.image}
      title={project.title}
      eager={eager}
      badges={<span className={`badge badge--${project.type}`}>{t(PROJECT_TYPE_LABEL[project.type])}</span>}
    >
      <h3 className="card__title" dir="auto">
        {project.title}
      </h3>
      <p className="card__place">
        {project.category} · {project.city}
      </p>
      <p className="card__place">{t("By {{developer}}", { developer: project.developer })}</p>
    </ListingCard>
  );
}
