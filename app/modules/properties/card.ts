import type { CallData } from "~server/api/calls";

/** A listing as the API answers it (get_property and every other list of listings). */
type PropertyView = CallData<"get_property">[number];

/** Facts shown on a card, by the parameter's language-independent key. */
const CARD_FACTS = ["bedrooms", "bathrooms", "area", "plot_area"];

/**
 * Only what a card shows travels to the browser: a list page's HTML and data stay small on a slow
 * connection (a listing's description alone can outweigh the rest of its card).
 */
export function toCard(p: PropertyView) {
  return {
    id: p.id,
    slug_id: p.slug_id,
    title: p.title,
    price: p.price,
    property_type: p.property_type,
    rentduration: p.rentduration,
    category: p.category.category,
    city: p.city,
    promoted: p.promoted,
    is_favourite: p.is_favourite,
    title_image: p.title_image,
    /** A published virtual tour: the card's "3D tour" badge. */
    has_tour: p.has_tour,
    /** How far from where the person is (or the saved place they chose), when a position was given. */
    distance_km: p.distance_km,
    /** Why the feed shows it (the feed's cards only). */
    why: "why" in p && p.why ? (p.why as { text: string }).text : null,
    facts: p.parameters
      .filter((x) => CARD_FACTS.includes(x.key))
      .slice(0, 3)
      .map((x) => ({ key: x.key, name: x.name, value: x.value, unit: x.unit, icon: x.image })),
  };
}

export type CardProperty = ReturnType<typeof toCard>;
