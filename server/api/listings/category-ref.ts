// The category a listing belongs to, as every card and page of either kind shows it: read in the
// same join, named in the reader's language, with its icon's address.
import { categories } from "../../db/schema";
import { iconUrl } from "../../media/icons";
import { localize } from "../i18n";

/** The category's columns a listing query selects beside the listing. */
export const categoryColumns = {
  id: categories.id,
  category: categories.category,
  slug_id: categories.slug_id,
  image: categories.image,
  translations: categories.translations,
};

export interface CategoryJoin {
  id: number;
  category: string;
  slug_id: string;
  image: string | null;
  translations: Record<string, Record<string, string>>;
}

/** The category as answers give it: its name in `lang` and its icon's address. */
export const categoryRef = (category: CategoryJoin, lang: string) => ({
  id: category.id,
  category: localize(category.translations, lang, "category", category.category),
  slug_id: category.slug_id,
  image: iconUrl(category.image),
});
