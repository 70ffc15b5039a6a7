// Answers about projects (developments) and developers.
import { z } from "zod";
import {
  coordinatesOutput,
  ownListingFields,
  placeOutput,
  reviewOutput,
  seoOutput,
  Warnings,
} from "../edit-output";
import { projectTypeEnum } from "../../../db/schema";
import { count, dateTime, GalleryImage, Gate, Image, int, ListingDocument, named } from "../../output";
import { CategoryRef } from "../property/output";
import { PublicProfile } from "../../users/output";

export const ProjectType = z.enum(projectTypeEnum.enumValues);

/** A public project as lists show it. */
export const ProjectCard = named(
  "ProjectCard",
  z.object({
    id: int,
    slug_id: z.string(),
    title: z.string(),
    description: z.string(),
    type: ProjectType,
    category: CategoryRef,
    ...placeOutput,
    location: z.string(),
    ...coordinatesOutput,
    image: Image.nullable(),
    developer: z.object({
      id: int,
      name: z.string(),
      profile: z.string().nullable(),
      is_verified: z.boolean(),
    }),
    gallery_count: count,
    plans_count: count,
    documents_count: count,
    created_at: dateTime,
  }),
  "A public project as lists show it",
);

export const ProjectCards = z.array(ProjectCard);

/** A developer's public profile and how many public projects they have. */
export const Developer = named(
  "Developer",
  PublicProfile.extend({ projects_count: count }),
  "A developer's public profile",
);

/** A floor plan of a project. */
export const ProjectPlan = z.object({ id: int, title: z.string(), document: z.string() });

/** `get-project-detail`: a project with all its page shows; without project_access, a teaser. */
export const ProjectDetail = ProjectCard.extend({
  /** The caller lacks project_access: only the first photos, no plans, documents or video. */
  access_locked: z.boolean(),
  /** For a signed-in caller, the package that opens it. */
  access_gate: Gate.nullable(),
  video_link: z.string().nullable(),
  gallery_images: z.array(GalleryImage),
  plans: z.array(ProjectPlan),
  documents: z.array(ListingDocument),
  ...seoOutput,
  ...reviewOutput,
  updated_at: dateTime,
  developer: Developer,
  similar_projects: ProjectCards,
});

/** `developer-projects`: the developer and a page of their projects. */
export const DeveloperProjects = z.object({ developer: Developer, projects: ProjectCards });

/** `sitemap-project-entries`. */
export const ProjectSitemap = z.object({
  projects: z.array(z.object({ slug_id: z.string(), updated_at: dateTime })),
  developers: z.array(z.object({ id: int, name: z.string() })),
});

/** `post_project`: the saved project, and SEO advice on its texts (as `post_property` gives). */
export const SavedProject = z.object({ id: int, slug_id: z.string(), ...reviewOutput, warnings: Warnings });

/** `get-own-project`: one's own project as its edit form needs it. */
export const OwnProject = z.object({
  ...ownListingFields,
  type: ProjectType,
  location: z.string(),
  image: Image.nullable(),
  plans: z.array(ProjectPlan),
});
