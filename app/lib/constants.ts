// Spec §9 constants, one name each.

/** Toasts close by themselves after 5000 ms (spec §9). */
export const TOAST_DURATION_MS = 5000;
/** A toast dragged sideways by this share of its width or more is dismissed (spec §9: 80%). */
export const TOAST_SWIPE_DISMISS = 0.8;
/** Settings, categories and languages stay fresh for 600000 ms (spec §9). */
export const CACHE_FRESH_MS = 600_000;
/** Listing pages show this many cards per page. */
export const PAGE_SIZE = 12;

/** `?page=` as a page number: 1 when missing or nonsense, never beyond 10 000. */
export function pageFromSearch(search: URLSearchParams): number {
  return Math.min(Math.max(1, Math.floor(Number(search.get("page")) || 1)), 10_000);
}
