// Moving one row of an ordered list (FAQs, the home page's slides) a place up or down: the list is
// numbered afresh 0…n-1 on every move, so equal or gapped numbers from older data sort out too.

export interface Placed {
  id: number;
  sequence: number;
}

/**
 * The ids in order after moving `id` one place; `moved` is false at either end (the order then
 * unchanged). Null when the id is not in the list.
 */
export function movedOnePlace(rows: readonly Placed[], id: number, direction: "up" | "down") {
  const at = rows.findIndex((r) => r.id === id);
  if (at < 0) return null;
  const to = direction === "up" ? at - 1 : at + 1;
  const ids = rows.map((r) => r.id);
  const moved = to >= 0 && to < ids.length;
  if (moved) [ids[at], ids[to]] = [ids[to]!, ids[at]!];
  return { at, to, ids, moved };
}

/** Gives each row its place in `ids`, writing only the rows whose number changes. */
export async function renumber(
  rows: readonly Placed[],
  ids: readonly number[],
  write: (id: number, sequence: number) => Promise<unknown>,
) {
  for (const [sequence, id] of ids.entries()) {
    if (rows.find((r) => r.id === id)!.sequence !== sequence) await write(id, sequence);
  }
}
