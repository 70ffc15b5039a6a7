import type { CallData } from "~server/api/calls";
import { packImage } from "~/lib/page-image";

/** A listing as the API answers it (get_property and every other list of listings). */
type PropertyView = CallData<"get_property">[number];

/** One of a card's facts: "Bedrooms", "3", no unit, its icon. */
export type CardFact = [name: string, value: string, unit: string | null, icon: string | null];

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
    title_image: p.title_image ? packImage(p.title_image) : null,
    /** A published virtual tour: the card's "3D tour" badge. */
    has_tour: p.has_tour,
    /** How far from where the person is (or the saved place they chose), when a position was given. */
    distance_km: p.distance_km,
    /** Why the feed shows it (the feed's cards only). */
    why: "why" in p && p.why ? (p.why as { text: string }).text : null,
    facts: p.parameters
      .filter((x) => CARD_FACTS.includes(x.key))
      .slice(0, 3)
      // A tuple: a page of cards carries dozens of these, and an object names its fields each time.
      .map((x): CardFact => [x.name, x.value, x.unit, x.image]),
  };
}

export type CardProperty = ReturnType<typeof toCard>;
