// The portals' names as people know them: a module of its own so pages can show them without
// carrying the parsers.
import type { ImportSite } from "./types";

export const SITE_NAMES: Record<ImportSite, string> = {
  propertyfinder: "Property Finder",
  bayut: "Bayut",
  dubizzle: "Dubizzle",
};
