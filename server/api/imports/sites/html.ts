// A small, forgiving reader for saved or fetched listing pages. It does not build a DOM: one pass
// over the text collects what the parsers need (script blocks, <meta>, <link>, <html lang>, <title>
// and the "saved from url" comment a browser writes into a saved page).
//
// Why not regular expressions over the whole page: a page is hostile input (an owner uploads it).
// Every step here only moves forward, so the work is linear in the page's length whatever it holds
// (unterminated tags, quotes or comments end the pass instead of being searched for again and
// again), and a script's text ends at the first "</script" exactly as a browser ends it, so text
// that merely looks like a tag inside a script or comment is never taken for one.

/** Pages bigger than this are read only this far: real listing pages are a few MB at most. */
export const MAX_PAGE_CHARS = 12_000_000;
const MAX_BLOCKS = 2_000;
const MAX_ATTRS = 64;
const MAX_ATTR_VALUE = 100_000;

export type Attrs = Map<string, string>;

export interface ScriptBlock {
  attrs: Attrs;
  content: string;
}

export interface PageDoc {
  scripts: ScriptBlock[];
  metas: Attrs[];
  links: Attrs[];
  /** <html lang>, lower-case. */
  lang?: string;
  /** <title> text, entities decoded. */
  title?: string;
  /** The address a browser wrote into the saved page ("saved from url=(0042)https://…"). */
  savedFrom?: string;
}

// Elements whose content is raw text: a "<" inside them starts no tag.
const RAW_TEXT = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "noscript",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "template",
]);

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
}

function isNameChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 58 || c === 95
  );
}

/** Parses the attributes of a start tag from `p` (just after its name). End is the index of ">" or -1 if none. */
function readAttributes(html: string, p: number): { attrs: Attrs; end: number } {
  const attrs: Attrs = new Map();
  const n = html.length;
  while (p < n) {
    let c = html.charCodeAt(p);
    while (p < n && (isSpace(c) || c === 47) /* / */) c = html.charCodeAt(++p);
    if (p >= n) break;
    if (c === 62 /* > */) return { attrs, end: p };
    const nameStart = p;
    while (p < n) {
      c = html.charCodeAt(p);
      if (isSpace(c) || c === 61 /* = */ || c === 62 || c === 47) break;
      p++;
    }
    // A stray "=" where a name should start: step over it so the loop always moves on.
    if (p === nameStart) {
      p++;
      continue;
    }
    const name = html.slice(nameStart, Math.min(p, nameStart + 200)).toLowerCase();
    while (p < n && isSpace(html.charCodeAt(p))) p++;
    let value = "";
    if (p < n && html.charCodeAt(p) === 61) {
      p++;
      while (p < n && isSpace(html.charCodeAt(p))) p++;
      const q = html.charCodeAt(p);
      if (q === 34 || q === 39) {
        const close = html.indexOf(q === 34 ? '"' : "'", p + 1);
        if (close < 0) return { attrs, end: -1 };
        value = html.slice(p + 1, Math.min(close, p + 1 + MAX_ATTR_VALUE));
        p = close + 1;
      } else {
        const start = p;
        while (p < n) {
          c = html.charCodeAt(p);
          if (isSpace(c) || c === 62) break;
          p++;
        }
        value = html.slice(start, Math.min(p, start + MAX_ATTR_VALUE));
      }
    }
    if (name && attrs.size < MAX_ATTRS && !attrs.has(name)) attrs.set(name, decodeEntities(value));
  }
  return { attrs, end: -1 };
}

const SAVED_FROM = /saved from url=\(\d{1,5}\)(\S{1,2048})/i;

/** Reads the parts of a page the site parsers use. Never throws; a non-string reads as an empty page. */
export function readPage(input: unknown): PageDoc {
  const doc: PageDoc = { scripts: [], metas: [], links: [] };
  if (typeof input !== "string") return doc;
  const html = input.length > MAX_PAGE_CHARS ? input.slice(0, MAX_PAGE_CHARS) : input;
  const n = html.length;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      if (end < 0) break;
      if (!doc.savedFrom && end - lt < 4_000) {
        const m = SAVED_FROM.exec(html.slice(lt + 4, end));
        if (m) doc.savedFrom = m[1];
      }
      i = end + 3;
      continue;
    }
    let p = lt + 1;
    const closing = html.charCodeAt(p) === 47;
    if (closing) p++;
    const nameStart = p;
    while (p < n && p - nameStart < 32 && isNameChar(html.charCodeAt(p))) p++;
    const first = html.charCodeAt(nameStart);
    const startsWithLetter = (first >= 97 && first <= 122) || (first >= 65 && first <= 90);
    if (p === nameStart || !startsWithLetter) {
      i = lt + 1;
      continue;
    }
    const name = html.slice(nameStart, p).toLowerCase();
    if (closing) {
      const gt = html.indexOf(">", p);
      if (gt < 0) break;
      i = gt + 1;
      continue;
    }
    const { attrs, end } = readAttributes(html, p);
    // No ">" after this tag: no later tag can be complete either, so the pass ends here.
    if (end < 0) break;
    i = end + 1;
    if (RAW_TEXT.has(name)) {
      const closer = new RegExp(`</${name}(?=[\\s/>])`, "gi");
      closer.lastIndex = i;
      const m = closer.exec(html);
      const contentEnd = m ? m.index : n;
      const content = html.slice(i, contentEnd);
      if (name === "script" && doc.scripts.length < MAX_BLOCKS) doc.scripts.push({ attrs, content });
      if (name === "title" && doc.title === undefined)
        doc.title = cleanText(decodeEntities(content.slice(0, 2_000)));
      if (!m) break;
      const gt = html.indexOf(">", contentEnd);
      if (gt < 0) break;
      i = gt + 1;
      continue;
    }
    if (name === "meta" && doc.metas.length < MAX_BLOCKS) doc.metas.push(attrs);
    else if (name === "link" && doc.links.length < MAX_BLOCKS) doc.links.push(attrs);
    else if (name === "html" && doc.lang === undefined) {
      const lang = attrs.get("lang");
      if (lang) doc.lang = lang.toLowerCase().slice(0, 16);
    }
  }
  return doc;
}

/** Content of the first <meta property|name="key">. */
export function metaContent(doc: PageDoc, key: string): string | undefined {
  const k = key.toLowerCase();
  for (const m of doc.metas) {
    const name = (m.get("property") ?? m.get("name") ?? m.get("itemprop"))?.toLowerCase();
    if (name === k) {
      const v = m.get("content");
      if (v !== undefined && v.trim() !== "") return v.trim();
    }
  }
  return undefined;
}

/** href of the first <link rel="canonical">. */
export function canonicalHref(doc: PageDoc): string | undefined {
  for (const l of doc.links) {
    const rel = l.get("rel")?.toLowerCase().split(/\s+/);
    if (rel?.includes("canonical")) {
      const href = l.get("href")?.trim();
      if (href) return href;
    }
  }
  return undefined;
}

/** Scripts that carry JavaScript (no src, no data type), where inline app state lives. */
export function inlineScripts(doc: PageDoc): ScriptBlock[] {
  return doc.scripts.filter((s) => {
    if (s.attrs.has("src")) return false;
    const type = s.attrs.get("type")?.toLowerCase().trim();
    return !type || type === "text/javascript" || type === "application/javascript" || type === "module";
  });
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  bull: "•",
  middot: "·",
  copy: "©",
  reg: "®",
  trade: "™",
  times: "×",
  deg: "°",
  sup2: "²",
  laquo: "«",
  raquo: "»",
  euro: "€",
  pound: "£",
  shy: "",
};

/** Decodes HTML character references (numeric ones and the common named ones). */
export function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(
    /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g,
    (whole, ref: string) => {
      if (ref[0] === "#") {
        const code =
          ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
          return "\ufffd";
        return String.fromCodePoint(code);
      }
      const named = Object.prototype.hasOwnProperty.call(NAMED_ENTITIES, ref)
        ? NAMED_ENTITIES[ref]
        : undefined;
      return named ?? whole;
    },
  );
}

/** One line of text: entities already decoded; whitespace (and control characters) collapsed. */
export function cleanText(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f\u00a0\u200b\u2028\u2029\s]+/g, " ").trim();
}

/**
 * Text that may hold HTML (descriptions) as plain text: line breaks and paragraphs kept (a paragraph
 * is a blank line), tags dropped, entities decoded. Only tag-like "<a…>" text is taken for a tag, so
 * "price < 5 000" survives; "<[^<>]*>" cannot cross another "<", which keeps the pass linear.
 */
export function htmlToText(input: string, maxInput = 200_000): string {
  let s = input.length > maxInput ? input.slice(0, maxInput) : input;
  s = s.replace(/\r\n?/g, "\n");
  if (/<\/?[a-zA-Z][^<>]*>/.test(s)) {
    s = s
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/?(?:p|div|h[1-6]|ul|ol|table|section|article|blockquote)(?:\s[^<>]*)?>/gi, "\n\n")
      .replace(/<li(?:\s[^<>]*)?>/gi, "\n• ")
      .replace(/<\/?[a-zA-Z][^<>]*>/g, "");
  }
  s = decodeEntities(s);
  s = s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b]/g, "").replace(/[\t\u00a0 ]+/g, " ");
  s = s
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
  return s.trim();
}
