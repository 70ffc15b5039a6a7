// Reading the application state a listing page embeds for its own scripts: Next.js pages carry it
// as JSON in <script id="__NEXT_DATA__" type="application/json">; other pages assign an object
// literal to a global (`window.state = {...};`). Both are parsed with JSON.parse only, never
// evaluated, after checks that keep hostile input cheap: a size cap, a nesting cap (a reviver
// recurses, so very deep JSON would otherwise exhaust the stack), and keys such as "__proto__"
// dropped so nothing downstream can trip over them.

import { inlineScripts, type PageDoc } from "./html";

export const MAX_STATE_CHARS = 8_000_000;
export const MAX_JSON_DEPTH = 200;

const DANGEROUS_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Deepest nesting of [ and { outside strings, or Infinity past `limit` (the scan stops there). */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i += 2;
        else if (d === 34) break;
        else i++;
      }
    } else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return Infinity;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** JSON.parse with a size and depth cap and dangerous keys dropped; undefined instead of throwing. */
export function safeJsonParse(text: string, maxChars = MAX_STATE_CHARS): unknown {
  if (typeof text !== "string" || text.length === 0 || text.length > maxChars) return undefined;
  if (jsonDepth(text) > MAX_JSON_DEPTH) return undefined;
  try {
    return JSON.parse(text, (key, value) => (DANGEROUS_KEYS.has(key) ? undefined : value));
  } catch {
    return undefined;
  }
}

/** A plain object (not an array, not null), for reading fields off parsed JSON. */
export type Obj = Record<string, unknown>;
export function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Follows a path of keys through parsed JSON; undefined at the first gap. */
export function dig(v: unknown, ...path: (string | number)[]): unknown {
  let cur = v;
  for (const key of path) {
    if (typeof key === "number") {
      if (!Array.isArray(cur)) return undefined;
      cur = cur[key];
    } else {
      if (!isObj(cur) || !Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
      cur = cur[key];
    }
  }
  return cur;
}

/** The parsed `<script id="__NEXT_DATA__">` of a Next.js page. */
export function readNextData(doc: PageDoc): unknown {
  for (const s of doc.scripts) {
    if (s.attrs.get("id") === "__NEXT_DATA__") return safeJsonParse(s.content.trim());
  }
  return undefined;
}

function isIdentChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
}

// Bare JavaScript values some serialisers leave in otherwise-JSON state; read as null.
const BARE_WORDS = ["undefined", "NaN", "Infinity"];

/**
 * The text of the object literal starting at `start` (which must be "{"), up to its matching "}".
 * Strings are skipped with their escapes, so braces inside text do not count; bare `undefined`,
 * `NaN` and `Infinity` become `null`. Undefined when the object does not end (unterminated page),
 * nests deeper than the cap, or is not JSON-like (single-quoted strings, a raw line break in a
 * string).
 */
export function scanObjectLiteral(
  src: string,
  start: number,
  maxChars = MAX_STATE_CHARS,
): string | undefined {
  if (src.charCodeAt(start) !== 123) return undefined;
  const n = Math.min(src.length, start + maxChars);
  const parts: string[] = [];
  let segment = start;
  let depth = 0;
  for (let i = start; i < n; i++) {
    const c = src.charCodeAt(i);
    if (c === 34) {
      i++;
      while (i < n) {
        const d = src.charCodeAt(i);
        if (d === 92) i += 2;
        else if (d === 34) break;
        else if (d === 10) return undefined;
        else i++;
      }
      if (i >= n) return undefined;
    } else if (c === 39 || c === 96) {
      return undefined;
    } else if (c === 123 || c === 91) {
      if (++depth > MAX_JSON_DEPTH) return undefined;
    } else if (c === 125 || c === 93) {
      if (--depth === 0) {
        parts.push(src.slice(segment, i + 1));
        return parts.join("");
      }
      if (depth < 0) return undefined;
    } else if ((c === 117 || c === 78 || c === 73) && !isIdentChar(src.charCodeAt(i - 1))) {
      for (const word of BARE_WORDS) {
        if (src.startsWith(word, i) && !isIdentChar(src.charCodeAt(i + word.length))) {
          parts.push(src.slice(segment, i), "null");
          i += word.length - 1;
          segment = i + 1;
          break;
        }
      }
    }
  }
  return undefined;
}

/**
 * The value assigned to a global in an inline script, e.g. `window.state = {...};`, parsed. The
 * name must be followed by "=" (not "==") and an object literal; the object's end is found by
 * scanning (see scanObjectLiteral), not by a greedy pattern that would run to the last "}" on the
 * page or stop at a "};" inside a string.
 */
export function readAssignedState(doc: PageDoc, name: string): unknown {
  for (const s of inlineScripts(doc)) {
    const src = s.content;
    let from = 0;
    for (let tries = 0; tries < 20; tries++) {
      const at = src.indexOf(name, from);
      if (at < 0) break;
      from = at + name.length;
      if (at > 0 && (isIdentChar(src.charCodeAt(at - 1)) || src.charCodeAt(at - 1) === 46)) continue;
      let p = at + name.length;
      while (p < src.length && /\s/.test(src[p]!)) p++;
      if (src[p] !== "=" || src[p + 1] === "=") continue;
      p++;
      while (p < src.length && /\s/.test(src[p]!)) p++;
      const text = scanObjectLiteral(src, p);
      if (text === undefined) continue;
      const value = safeJsonParse(text);
      if (value !== undefined) return value;
    }
  }
  return undefined;
}
