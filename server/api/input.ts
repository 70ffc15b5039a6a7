// How a call's input is read from the request, and which of its fields the call knows.
//
// Query strings and forms use the bracket convention of PHP, Laravel and the `qs` library:
// `a[]=1&a[]=2`, `a[0]=x`, `parameters[0][parameter_id]=3&parameters[0][value]=2`,
// `shipping[address][line1]=…`. Existing apps post listings that way; before, such keys were kept
// as they were, matched no field and vanished while the call said "success" (decision 025).
import qs from "qs";
import type { z } from "zod";
import { ApiError } from "./envelope";

const QS_OPTIONS = {
  // Deep enough for `a[0][b][c]`; deeper nesting is refused rather than folded into one odd key.
  depth: 5,
  strictDepth: true,
  // An index above this becomes an object key, which the call's schema then refuses: a client
  // cannot make us build a sparse array of a billion slots.
  arrayLimit: 1000,
  parameterLimit: 5000,
  // `__proto__[x]` and friends are never written onto objects (they are reported as unknown below).
  allowPrototypes: false,
  duplicates: "combine",
} as const;

/** The name of a field before any bracket: `parameters[0][value]` → `parameters`. */
export function rootOf(key: string): string {
  const i = key.indexOf("[");
  return i > 0 ? key.slice(0, i) : key;
}

export interface RawInput {
  /** The fields, nested by their brackets; empty values dropped (spec §7: "empty values dropped"). */
  fields: Record<string, unknown>;
  /** Every field name as sent (before brackets), so a name the parser could not keep is still reported. */
  names: string[];
}

const isEmpty = (v: unknown) => v === "" || v === undefined;

/** Empty text counts as absent at the top level and inside lists, as it always has. */
function dropEmpty(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (isEmpty(v)) continue;
    if (Array.isArray(v)) {
      const kept = v.filter((x) => !isEmpty(x));
      // `a[]=` alone says "an empty list" only by accident of the form; it is no value.
      if (kept.length) out[k] = kept;
      continue;
    }
    out[k] = v;
  }
  return out;
}

function bracketed(entries: Iterable<[string, unknown]>, keepEmpty = false): RawInput {
  const flat: Record<string, unknown> = Object.create(null);
  const names = new Set<string>();
  let nested = false;
  for (const [name, v] of entries) {
    // conform names a row's field `plans[0].title`; PHP's clients say `plans[0][title]`. Same thing.
    const k = name.replace(/\]\.([A-Za-z_][\w-]*)/g, "][$1]");
    names.add(rootOf(k));
    if (k.includes("[")) nested = true;
    // A repeated name is a list (`a=1&a=2`), as with `a[]`.
    if (Object.prototype.hasOwnProperty.call(flat, k)) flat[k] = ([] as unknown[]).concat(flat[k], v);
    else flat[k] = v;
  }
  let fields: Record<string, unknown>;
  try {
    fields = nested
      ? (qs.parse({ ...flat } as Record<string, string>, QS_OPTIONS) as Record<string, unknown>)
      : { ...flat };
  } catch {
    throw new ApiError(400, "Field names are nested too deeply");
  }
  // Keys ending in [] without brackets elsewhere: `a[]` alone (qs makes it a list too).
  for (const k of Object.keys(fields)) {
    if (k.endsWith("[]")) {
      fields[k.slice(0, -2)] = ([] as unknown[]).concat(fields[k.slice(0, -2)] ?? [], fields[k]);
      delete fields[k];
    }
  }
  return { fields: keepEmpty ? fields : dropEmpty(fields), names: [...names] };
}

/**
 * A value handed over in this process (the web app's own calls), read as the HTTP API would read
 * the same value sent by a client, but without encoding it: the same JSON rules for text, numbers
 * and dates, and files kept as they are, as a multipart form would carry them. `form`: a body with
 * files, whose empty and null values a form could not have sent.
 */
export function readValue(value: Record<string, unknown>, form = false): RawInput {
  const plain = (v: unknown): unknown => {
    if (typeof v === "string") return wellFormed(v);
    if (typeof v === "number") return Number.isFinite(v) ? v : null;
    if (v instanceof Date) return v.toJSON();
    if (typeof Blob !== "undefined" && v instanceof Blob) return v;
    if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : plain(x)));
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = plain(x);
      return out;
    }
    return v;
  };
  const entries = Object.entries(value).filter(([, v]) => v !== undefined && !(form && v === null));
  const fields = Object.fromEntries(entries.map(([k, v]) => [k, plain(v)]));
  if (Object.keys(fields).some((k) => k.includes("["))) return bracketed(Object.entries(fields), !form);
  return { fields: form ? dropEmpty(fields) : fields, names: Object.keys(fields) };
}

/** A query string (`?a[0][b]=1`) → fields. */
export function readQuery(search: URLSearchParams): RawInput {
  return bracketed(search.entries());
}

/** A multipart or URL-encoded form → fields; files stay File objects wherever they sit. */
export function readForm(form: FormData): RawInput {
  return bracketed(form.entries());
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * JSON may spell half a surrogate pair (`"\ud800"`), which is no text: PostgreSQL's json refuses it
 * (a 500 wherever text lands in a jsonb column). It becomes U+FFFD, as it does in a form or a query.
 */
export function wellFormed(value: unknown): unknown {
  if (typeof value === "string") return value.replace(LONE_SURROGATE, "\ufffd");
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, wellFormed(k) as string, {
        value: wellFormed(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value;
}

/** A JSON body → fields (a JSON client nests with objects and arrays, never with brackets). */
export function readJson(body: unknown): RawInput {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw new ApiError(400, "Request body must be a JSON object");
  const fields = wellFormed(body) as Record<string, unknown>;
  // A JSON client nests with objects; one that spells form names (`a[0][b]`) means the same nesting.
  if (Object.keys(fields).some((k) => k.includes("["))) return bracketed(Object.entries(fields), true);
  return { fields, names: Object.keys(fields) };
}

type Def = {
  type: string;
  shape?: Record<string, unknown>;
  catchall?: { _zod: { def: Def } };
  in?: Schema;
  out?: Schema;
  innerType?: Schema;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
};
type Schema = { _zod: { def: Def } };

/**
 * The top-level field names a schema reads, or null when it takes any (a record, a loose object):
 * looked through preprocessing, optional, default, union and intersection.
 */
export function knownFields(schema: z.ZodType): Set<string> | null {
  const walk = (s: Schema | undefined): Set<string> | null => {
    if (!s) return new Set();
    const def = s._zod.def;
    switch (def.type) {
      case "object":
        if (def.catchall && def.catchall._zod.def.type !== "never") return null;
        return new Set(Object.keys(def.shape ?? {}));
      case "pipe": {
        // A preprocess reads what its output schema reads; a transform after an object reads the object.
        const from = def.in?._zod.def.type === "transform" ? def.out : def.in;
        return walk(from);
      }
      case "optional":
      case "nullable":
      case "default":
      case "prefault":
      case "catch":
      case "readonly":
        return walk(def.innerType);
      case "union": {
        const all = new Set<string>();
        for (const o of def.options ?? []) {
          const k = walk(o);
          if (k === null) return null;
          k.forEach((x) => all.add(x));
        }
        return all;
      }
      case "intersection": {
        const l = walk(def.left);
        const r = walk(def.right);
        return l === null || r === null ? null : new Set([...l, ...r]);
      }
      default:
        return null;
    }
  };
  return walk(schema as unknown as Schema);
}

const cache = new WeakMap<object, Set<string> | null>();

/**
 * The fields a call was sent that it does not read. `names` are the names as sent, so one the
 * bracket parser refused to keep (`__proto__[x]`) is named too; `fields` are after the call's own
 * reshaping (`param_<id>` → `parameters`).
 */
export function unknownFields(
  schema: z.ZodType,
  raw: RawInput,
  prepared: Record<string, unknown>,
  extra: readonly string[] = [],
): string[] {
  if (!cache.has(schema)) cache.set(schema, knownFields(schema));
  const known = cache.get(schema);
  if (!known) return [];
  const out = new Set<string>();
  for (const k of Object.keys(prepared)) if (!known.has(k) && !extra.includes(k)) out.add(k);
  // No call has a field named after an object's own machinery (`__proto__`, `constructor`).
  for (const n of raw.names) if (isPrototypeName(n)) out.add(n);
  return [...out];
}

const isPrototypeName = (n: string) => n === "__proto__" || n in Object.prototype;
