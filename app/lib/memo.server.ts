// A tiny time-based cache for data every page needs and only an admin changes (settings,
// categories): one process keeps it for a while instead of asking the API on every request.
const entries = new Map<string, { at: number; value: Promise<unknown> }>();

export function memo<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { at: Date.now(), value });
  // A failed load is not kept: the next request tries again.
  value.catch(() => entries.delete(key));
  return value;
}
