// The address of an icon of a category, detail (parameter) or facility. An admin names one by a word
// of the Lucide icon set (ISC licence, shipped in the lucide-static package) or, as the demo data and
// older entries do, by an emoji we map to one. Either way the answer is an SVG address every client
// can show in an <img>: emoji draw differently (or not at all) from one phone to another.
// Pure, so pages can use it too; the files are served by server/media/icons.ts.

export const ICON_BASE = "/icons";

/** The emoji our data used, and the icon that stands for each. */
const EMOJI: Record<string, string> = {
  "🏢": "building-2",
  "🏡": "house",
  "🏘️": "house-plus",
  "🏘": "house-plus",
  "🌆": "building",
  "🏠": "house",
  "🛏️": "bed-double",
  "🛏": "bed-double",
  "💼": "briefcase",
  "🏪": "store",
  "🏭": "warehouse",
  "🌍": "land-plot",
  "🛁": "bath",
  "📐": "ruler",
  "🚗": "car",
  "🛋️": "sofa",
  "🛋": "sofa",
  "📅": "calendar",
  "🌅": "sunrise",
  "✨": "sparkles",
  "🗺️": "map",
  "🗺": "map",
  "🏷️": "tag",
  "🏷": "tag",
  "📝": "notebook-pen",
  "🚇": "train-front",
  "🚌": "bus",
  "🏫": "school",
  "🏥": "hospital",
  "💊": "pill",
  "🛒": "shopping-cart",
  "🛍️": "shopping-bag",
  "🛍": "shopping-bag",
  "🕌": "moon-star",
  "🌳": "trees",
  "🏖️": "umbrella",
  "🏖": "umbrella",
  "🏋️": "dumbbell",
  "🏋": "dumbbell",
  "✈️": "plane",
  "✈": "plane",
  "🍽️": "utensils",
  "🍽": "utensils",
  "🏦": "landmark",
};

export const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Shown for an emoji we have no icon for: something, rather than a broken picture. */
const FALLBACK = "shapes";

/**
 * The address of a stored icon value: an icon name or a mapped emoji → `/icons/<name>.svg`; an
 * address (an uploaded picture) as it is; nothing → null.
 */
export function iconUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (v.startsWith("/") || /^https?:\/\//i.test(v)) return v;
  if (ICON_NAME.test(v) && v.length <= 40) return `${ICON_BASE}/${v}.svg`;
  return `${ICON_BASE}/${EMOJI[v] ?? FALLBACK}.svg`;
}
