import { Link } from "react-router";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import { PROJECT_TYPE_LABEL, projectPath, type CardProject } from "~/modules/projects/card";
import { ResponsiveImage } from "~/components/responsive-image";

export function ProjectCard({ project, eager = false }: { project: CardProject; eager?: boolean }) {
  const { t } = useTranslation();
  const href = useHref();
  return (
    <article className="card">
      <Link to={href(projectPath(project.slug_id))} className="card__link">
        <div className="card__media">
          {project.image ? (
            <ResponsiveImage
              image={project.image}
              alt={project.title}
              sizes="(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 92vw"
              eager={eager}
            />
          ) : (
            <div className="card__noimage" aria-hidden="true" />
          )}
          <span className={`badge badge--${project.type}`}>{t(PROJECT_TYPE_LABEL[project.type])}</span>
        </div>
        <div className="card__body">
          <h3 className="card__title" dir="auto">
            {project.title}
          </h3>
          <p className="card__place">
            {project.category} · {project.city}
          </p>
          <p className="card__place">{t("By {{developer}}", { developer: project.developer })}</p>
        </div>
      </Link>
    </article>
  );
}
