// Spec §9's slug rule, shared by the pages (agent and developer addresses) and the API (categories,
// articles): one rule, so an address made on either side matches the other.

/** Lowercase; letters (any script), digits and hyphens kept; spaces become hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\p{L}\p{N}-]/gu, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * The first of `base`, `base-2`, `base-3`… that `taken` says is free. A slug made from a name two
 * rows share stays readable instead of failing the save.
 */
export async function freeSlug(base: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  const stem = base.slice(0, 80).replace(/-$/, "");
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? stem : `${stem}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new Error(`No free slug for ${stem}`);
}
