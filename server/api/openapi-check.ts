// Checks an answer of the API against the OpenAPI document: the status must be one the document lists
// for the call, and the body must match that status's schema, with no field the document does not name.
// Used by every API test through createTestApi().call (tests/support/testing.ts).
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { AnyCall } from "./call";
import { calls } from "./calls";
import { openApiDocument } from "./openapi";
import { templateOf } from "./paths";

type Json = Record<string, unknown>;

/**
 * A copy of the document whose objects name all their fields: the document leaves objects open so
 * that a client keeps working when a field is added, but the tests hold the server to every field
 * it sends being documented.
 */
function closed<T>(node: T): T {
  if (Array.isArray(node)) return node.map(closed) as T;
  if (node === null || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = closed(v);
  if (
    out.type === "object" &&
    out.properties &&
    out.additionalProperties === undefined &&
    out.patternProperties === undefined
  )
    out.additionalProperties = false;
  return out as T;
}

let state: { doc: Json; ajv: Ajv2020; validators: Map<string, ValidateFunction> } | null = null;

function setup() {
  if (state) return state;
  const doc = closed(openApiDocument(Object.values(calls) as AnyCall[])) as unknown as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, "openapi");
  state = { doc, ajv, validators: new Map() };
  return state;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

function validator(ref: string) {
  const s = setup();
  let v = s.validators.get(ref);
  if (!v) s.validators.set(ref, (v = s.ajv.compile({ $ref: `openapi#/${ref}` })));
  return v;
}

function at(value: unknown, path: string): unknown {
  let node = value;
  for (const part of path.split("/").slice(1))
    node = (node as Json | undefined)?.[part.replaceAll("~1", "/").replaceAll("~0", "~")];
  return node;
}

function show(value: unknown, max = 300): string {
  const text = JSON.stringify(value);
  if (text === undefined) return "undefined";
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function describe(errors: ErrorObject[], body: unknown): string {
  const lines = new Set<string>();
  for (const e of errors) {
    const where = e.instancePath ? e.instancePath.slice(1).replaceAll("/", ".") : "(the answer)";
    if (e.keyword === "additionalProperty" || e.keyword === "additionalProperties") {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      lines.add(
        `  ${where}: sends "${extra}", which the document does not name (value: ${show(at(body, `${e.instancePath}/${extra}`), 120)})`,
      );
    } else if (e.keyword === "required") {
      lines.add(
        `  ${where}: lacks "${(e.params as { missingProperty: string }).missingProperty}", which the document requires`,
      );
    } else {
      lines.add(
        `  ${where}: ${e.message}${e.keyword === "anyOf" ? "" : `; got ${show(at(body, e.instancePath), 120)}`}`,
      );
    }
    if (lines.size >= 20) break;
  }
  return [...lines].join("\n");
}

/**
 * Throws, with what differs, when an answer is not one the document describes for this request.
 * `name` is the path under /api (a call's name, or any other address).
 */
export function checkAnswer(name: string, method: string, status: number, body: unknown, headers: Headers) {
  const { doc } = setup();
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const concrete = name.split("?")[0]!;
  // A call with an id in its path is documented under its template (`/user-saved-places/{id}`).
  const pathKey = `/${
    templateOf(
      concrete,
      Object.keys(paths).map((k) => k.slice(1)),
    ) ?? concrete
  }`;
  const item = paths[pathKey];
  const verb = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
  const fail = (why: string) => {
    throw new Error(
      `The answer of ${method} /api/${name} (${status}) is not what the OpenAPI document says:\n${why}\nAnswer: ${show(body, 2000)}`,
    );
  };
  let ref: string;
  if (!item) {
    // Not a call: only the router's 404 can answer it.
    if (status !== 404) fail(`  no such address in the document, yet it answered ${status}`);
    ref = pointer("components", "responses", "NotFound", "content", "application/json", "schema");
  } else if (!item[verb]) {
    if (status !== 405)
      fail(
        `  the document has no ${method} for it (only ${Object.keys(item).join(", ").toUpperCase()}): expected 405`,
      );
    const allow = headers.get("allow") ?? "";
    const takes = Object.keys(item).map((m) => m.toUpperCase());
    if (!takes.every((m) => allow.split(/,\s*/).includes(m)))
      fail(`  405 without Allow: ${takes.join(", ")} (Allow: ${allow || "none"})`);
    ref = pointer("components", "responses", "MethodNotAllowed", "content", "application/json", "schema");
  } else {
    const responses = item[verb].responses as Record<string, Json>;
    const response = responses[String(status)];
    if (!response)
      fail(
        `  status ${status} is not documented for ${method} /api/${name} (documented: ${Object.keys(responses).join(", ")})`,
      );
    const named = typeof response!.$ref === "string" ? (response!.$ref as string).split("/").pop()! : null;
    const base = named
      ? ["components", "responses", named]
      : ["paths", pathKey, verb, "responses", String(status)];
    const content = ((named ? ((doc.components as Json).responses as Json)[named] : response) as Json)
      .content as Json | undefined;
    // Files and streams: the status is what can be checked.
    if (!content?.["application/json"]) return;
    ref = pointer(...base, "content", "application/json", "schema");
  }
  const validate = validator(ref);
  if (!validate(body)) fail(describe(validate.errors ?? [], body));
}
