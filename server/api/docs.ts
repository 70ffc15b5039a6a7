// The API reference at /api/docs, read from the same OpenAPI document as /api/openapi.json.
// The page itself is a plain HTML reference of every call (readable without JavaScript); Scalar's
// renderer, served from our own origin as a hashed asset, then mounts the interactive reference over
// it. No inline script and no eval: the page sends its own Content-Security-Policy, as strict as the
// site's, and its one bit of start-up code is a file of ours.
import type { Hono } from "hono";

/**
 * The renderer's address: Vite copies the file into the hashed client assets at build time (and
 * serves it in development). Imported on first use only, so that scripts run without Vite (tsx)
 * can still load the API.
 */
const scalarBundle = () =>
  import("@scalar/api-reference/browser/standalone.js?url").then((m) => m.default as string);

type Json = Record<string, unknown>;

/**
 * The site's page policy (server/security/headers.ts) less what the reference does not use, without a
 * nonce since nothing inline runs. No report-uri: the renderer's bundled zod tries `new Function`
 * once to see whether it may compile validators, is refused and carries on without; that refusal
 * would be reported on every visit.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

// Scalar's defaults reach its own servers (web fonts, telemetry, an AI agent, a button that sends the
// document to its hosted client): all off, so the page needs nothing but this origin. Requests tried
// from the page go to this API directly.
const START = `// Mounts the interactive reference over the server-rendered one, which stays for visitors without JavaScript.
(function () {
  var target = document.getElementById("api-reference-app");
  if (!target || !window.Scalar) return;
  window.Scalar.createApiReference(target, {
    url: target.getAttribute("data-url"),
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    hideClientButton: true,
    showDeveloperTools: "never",
    documentDownloadType: "json",
  });
  var plain = document.getElementById("api-reference-plain");
  if (plain) plain.hidden = true;
})();
`;

const escape = (text: unknown) =>
  String(text ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** A JSON Schema as a short type: `integer`, `string (email)`, `one of sell, rent`, `array of integer`. */
function typeOf(schema: Json | undefined): string {
  if (!schema) return "any";
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map(String).join(", ")}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options) return options.map(typeOf).join(" or ");
  if (schema.type === "array") return `array of ${typeOf(schema.items as Json | undefined)}`;
  if (typeof schema.type === "string")
    return schema.format ? `${schema.type} (${String(schema.format)})` : schema.type;
  return "any";
}

function fieldsTable(schema: Json | undefined, where: "query" | "body"): string {
  const props = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const names = Object.keys(props);
  if (!names.length) return `<p class="none">No ${where === "query" ? "parameters" : "fields"}.</p>`;
  const rows = names
    .map(
      (n) =>
        `<tr><td><code>${escape(n)}</code></td><td>${escape(typeOf(props[n]))}</td><td>${required.has(n) ? "yes" : ""}</td></tr>`,
    )
    .join("");
  return `<table><thead><tr><th>${where === "query" ? "Query parameter" : "Field"}</th><th>Type</th><th>Required</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function who(path: string, op: Json): string {
  if (path.startsWith("/admin/")) return "Admins (a bearer token with the admin claim)";
  const security = (op.security ?? []) as Json[];
  if (!security.length) return "Anyone";
  if (security.some((s) => Object.keys(s).length === 0)) return "Anyone; a signed-in caller may get more";
  return "Signed in (bearer token)";
}

/**
 * What a call's success sends back of its input (spec §7): the fields of its `request` schema, or
 * null for an address that answers something else (a file, a stream).
 */
function echoedFields(doc: Json, op: Json): string[] | null {
  const responses = (op.responses ?? {}) as Record<string, Json>;
  const success = (responses["200"] ?? responses["201"]) as Json | undefined;
  const schema = ((success?.content as Json | undefined)?.["application/json"] as Json | undefined)
    ?.schema as Json | undefined;
  const ref = ((schema?.properties as Json | undefined)?.request as Json | undefined)?.$ref;
  if (typeof ref !== "string") return null;
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  return Object.keys((schemas[ref.split("/").pop()!]?.properties ?? {}) as Json);
}

function echoLine(fields: string[] | null): string {
  if (!fields) return "";
  if (!fields.length) return `<p class="meta">Sends none of its input back.</p>`;
  return `<p class="meta">Sends back, as <code>request</code>: ${fields.map((f) => `<code>${escape(f)}</code>`).join(", ")}.</p>`;
}

/** The server-rendered reference: every operation of the document, grouped by tag. */
export function referenceHtml(doc: Json, bundleUrl: string): string {
  const info = (doc.info ?? {}) as Json;
  const base = ((doc.servers as Json[] | undefined)?.[0]?.url as string | undefined) ?? "";
  const byTag = new Map<string, string[]>();
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [p, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = ((op.tags as string[] | undefined) ?? ["other"])[0]!;
      const params = (op.parameters as Json[] | undefined) ?? [];
      const query = {
        properties: Object.fromEntries(params.filter((x) => x.in === "query").map((x) => [x.name, x.schema])),
        required: params.filter((x) => x.in === "query" && x.required).map((x) => x.name),
      } as Json;
      const body = (
        ((op.requestBody as Json | undefined)?.content as Json | undefined)?.["application/json"] as
          Json | undefined
      )?.schema as Json | undefined;
      const statuses = Object.keys((op.responses ?? {}) as Json).join(", ");
      const id = escape(String(op.operationId ?? `${method}-${p}`).replace(/[^\w-]+/g, "-"));
      const section = `<section class="op" id="${id}">
<h3><span class="method method--${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(base + p)}</code></h3>
<p>${escape(op.summary)}</p>
<p class="meta">Who may call: ${escape(who(p, op))}. Answers: ${escape(statuses)}.</p>
${method === "get" ? fieldsTable(query, "query") : body ? fieldsTable(body, "body") : ""}
${echoLine(echoedFields(doc, op))}
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const toc = tags
    .map((t) => `<li><a href="#tag-${escape(t)}">${escape(t)}</a> (${byTag.get(t)!.length})</li>`)
    .join("");
  const body = tags
    .map((t) => `<h2 id="tag-${escape(t)}">${escape(t)}</h2>\n${byTag.get(t)!.join("\n")}`)
    .join("\n");
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title ?? "API")} reference</title>
<meta name="description" content="Every call of the ${escape(info.title ?? "API")}: what it takes, who may call it and what it answers.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1f2933}
#api-reference-plain{max-width:60rem;margin:0 auto;padding:1rem}
code{font:0.9em ui-monospace,monospace}
.op{border-top:1px solid #d9e2ec;padding:0.5rem 0}
.op h3{font-size:1rem;margin:0.5rem 0}
.method{display:inline-block;min-width:3.5rem;padding:0 0.25rem;border-radius:0.25rem;background:#e3f8ff;text-align:center}
.method--post{background:#fff3c4}
.meta,.none{color:#52606d;font-size:0.9rem}
table{border-collapse:collapse;font-size:0.9rem}
td,th{border:1px solid #d9e2ec;padding:0.2rem 0.5rem;text-align:left;vertical-align:top}
</style>
</head>
<body>
<div id="api-reference-app" data-url="${escape(base)}/openapi.json"></div>
<main id="api-reference-plain">
<h1>${escape(info.title ?? "API")} reference</h1>
<p>${escape(info.description)}</p>
<p>The machine-readable document: <a href="${escape(base)}/openapi.json"><code>${escape(base)}/openapi.json</code></a> (OpenAPI ${escape(doc.openapi)}).</p>
<nav aria-label="Groups"><ul>${toc}</ul></nav>
${body}
</main>
<script src="${escape(bundleUrl)}"></script>
<script src="${escape(base)}/docs/start.js"></script>
</body>
</html>`;
}

export function mountDocs(app: Hono, document: () => Json) {
  let page: string | null = null;
  app.get("/docs", async (c) => {
    page ??= referenceHtml(document(), await scalarBundle());
    c.header("Content-Security-Policy", DOCS_CSP);
    c.header("Cache-Control", "public, max-age=300");
    return c.html(page);
  });
  app.get("/docs/start.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=300");
    return c.body(START);
  });
}
