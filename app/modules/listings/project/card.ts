import type { ProjectCard } from "~server/api/listings/project/service";
import { slugify } from "~/lib/format";
import { packImage } from "~/lib/page-image";

/**
 * Only what a project card shows travels to the browser: a list page's HTML and data stay small
 * on a slow connection (the description alone can outweigh the rest of the card).
 */
export function toProjectCard(p: ProjectCard) {
  return {
    id: p.id,
    slug_id: p.slug_id,
    title: p.title,
    type: p.type,
    category: p.category.category,
    city: p.city,
    image: p.image ? packImage(p.image) : null,
    developer: p.developer.name,
  };
}

export type CardProject = ReturnType<typeof toProjectCard>;

/** A developer's page: the id finds them, the name makes the address readable. */
export const developerPath = (d: { id: number; name: string }) => `/developers/${d.id}-${slugify(d.name)}`;

/** The page of a project (spec §2: /project-details/{slug}). */
export const projectPath = (slug: string) => `/project-details/${slug}`;

/** Translation keys of the project types, shown as badges and filter options. */
export const PROJECT_TYPE_LABEL = { under_construction: "Under construction", upcoming: "Upcoming" } as const;
