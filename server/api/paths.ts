// Where a call lives under /api. Most calls are at their name (`/api/get_property`); a few of the
// spec's calls share one address across methods (`personalised-fields`: GET, POST, DELETE) or carry
// an id in the path (`user-saved-places/customer/{id}`). Such a call has its own unique `name` (its
// operationId and the typed client's key) and a `path` template; `{x}` segments are fields of its input.

export interface Addressed {
  name: string;
  path?: string;
  method: string;
}

/** The call's path template under /api, without the leading slash. */
export const pathOf = (call: Addressed) => call.path ?? call.name;

/** Names of the `{x}` segments of a template. */
export const pathParams = (template: string) =>
  [...template.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);

/** The template in the router's notation (`{id}` → `:id`). */
export const routerPath = (template: string) => template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ":$1");

/** A pattern matching concrete paths of a template (each segment one path segment). */
export function pathPattern(template: string): RegExp {
  const escaped = template
    .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
    .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")));
  return new RegExp(`^${escaped.join("")}$`);
}

/**
 * The concrete path for an input: `{x}` filled from the input (URL-encoded), and the rest of the input
 * (what still travels in the query or body).
 */
export function fillPath(
  template: string,
  input: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const path = template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === "")
      throw new Error(`The path of this call needs ${name}`);
    return encodeURIComponent(String(value));
  });
  return { path, rest };
}

/** Reads take their input from the query string, like GET; the rest from the body. */
export const readsQuery = (method: string) => method === "GET" || method === "HEAD" || method === "DELETE";

/** Finds the template (among those given) that a concrete path under /api belongs to. */
export function templateOf(path: string, templates: Iterable<string>): string | undefined {
  for (const t of templates) if (t === path || (t.includes("{") && pathPattern(t).test(path))) return t;
  return undefined;
}
