// The answer of the home page: every section in one.
import { z } from "zod";
import { count, Image, int } from "../output";
import { Agent } from "../agents/output";
import { Category } from "../categories/output";
import { Article } from "../content/output";
import { ProjectCard } from "../listings/project/output";
import { Properties, PropertyType, RentDuration } from "../listings/property/output";
import { HOME_SECTIONS } from "./sections";

export const HomeSectionKey = z.enum(HOME_SECTIONS);

/** A slide of the home page's slider: its picture and, where it points at one, the public listing or project. */
export const Slide = z.object({
  id: int,
  title: z.string(),
  image: Image,
  link: z.object({ type: z.enum(["property", "project"]), slug_id: z.string() }).nullable(),
  price: z.number().nullable(),
  property_type: PropertyType.nullable(),
  rentduration: RentDuration.nullable(),
  city: z.string().nullable(),
});

export const HomepageData = z.object({
  /** The sections to show, in the admin's order (hidden ones left out; they answer empty). */
  sections: z.array(HomeSectionKey),
  slider_section: z.array(Slide),
  featured_section: Properties,
  latest_section: Properties,
  most_viewed_section: Properties,
  most_liked_section: Properties,
  /** With `city`: public listings there. */
  nearby_section: Properties,
  categories_section: z.array(Category),
  agents_section: z.array(Agent),
  projects_section: z.array(ProjectCard),
  articles_section: z.array(Article),
  /** How many public listings there are. */
  total_properties: count,
});
