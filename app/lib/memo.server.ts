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

/**
 * Drops the entries whose key starts with `prefix`, so the next request loads afresh: an admin's
 * change shows at once in this process (other processes catch up within their entry's time).
 */
export function forget(prefix: string) {
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}
