// Inputs for the API's property-based fuzz test (fuzz.test.ts), generated from the calls' own zod 4
// schemas: valid ones (so handlers really run) and invalid ones (so the 400 path is exercised).
// The structure (objects, unions, pipes, optional fields) is read from zod's definitions; the limits
// of a single string or number from its JSON Schema, which zod already normalises (min/max lengths,
// patterns, formats, bounds). zod-fast-check, the usual bridge, stops at zod 3.
import fc from "fast-check";
import { z } from "zod";

/** Real rows of the test database, so that valid ids and slugs often name something that exists. */
export interface Pools {
  ids: number[];
  slugs: string[];
  emails: string[];
  /** A small real photo: uploads are sniffed, so random bytes would never pass. */
  photo: () => File;
}

// zod 4's definitions are typed per class; the generator reads them generically.
type Def = any;
type Schema = z.ZodType;

const def = (s: Schema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Stands for an uploaded file until the request is built (JSON cannot carry one). */
export class FileMark {
  constructor(readonly kind: "photo" | "junk" | "empty") {}
}

/** A few numbers used again and again, so that a code sent to one can be answered (see fuzz.test.ts). */
export const PHONES = ["+966501234567", "+971501234567", "+201001234567"];

const ARABIC = ["شقة", "فيلا للبيع", "الرياض", "مكتب في جدة", "أرض سكنية", "غرفة نوم ٣"];
const WORDS = ["villa", "Apartment", "office", "Dubai Marina", "studio", "land", "New Cairo", "x"];

function leafJson(s: Schema): Record<string, unknown> {
  try {
    return z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The values of a fixed sample that pass `accepts`. */
function acceptedSample<T>(arb: fc.Arbitrary<T>, accepts: (v: T) => boolean, seed: number, tries = 120): T[] {
  return fc.sample(arb, { seed, numRuns: tries }).filter(accepts);
}

const isIdName = (name: string) => /(^|_)(id|ids)$|^userid$|^current_user$/.test(name);

function text(min: number, max: number): fc.Arbitrary<string> {
  const cap = Math.max(min, Math.min(max, min + 24));
  return fc.oneof(
    { arbitrary: fc.string({ unit: "grapheme-ascii", minLength: min, maxLength: cap }), weight: 4 },
    { arbitrary: fc.string({ unit: "grapheme", minLength: min, maxLength: cap }), weight: 1 },
    { arbitrary: fc.constantFrom(...WORDS, ...ARABIC), weight: 3 },
    // As long as the schema allows, in one, two and four bytes a character: columns narrower than
    // the schema, or code that counts bytes, break here.
    {
      arbitrary: fc
        .constantFrom("x", "ش", "😀")
        .map((c) => c.repeat(Math.max(1, Math.floor(Math.min(max, 20_000) / c.length)))),
      weight: 1,
    },
  );
}

/** A coordinate as map links write it: decimals always, never 0 (0, 0 is read as no position). */
const coordinate = (max: number) =>
  fc
    .tuple(fc.boolean(), fc.double({ min: 0.5, max, noNaN: true }))
    .map(([negative, x]) => (negative ? -x : x).toFixed(5));

/** Map links as the services write them, each with its position in the link itself (maps/map-links.ts). */
const MAP_LINKS: ((lat: string, lng: string) => string)[] = [
  (lat, lng) => `https://www.google.com/maps/@${lat},${lng},15z`,
  (lat, lng) => `https://www.google.com/maps/place/Marina/@${lat},${lng},17z/data=!3m1!4b1!3d${lat}!4d${lng}`,
  (lat, lng) => `maps.google.com/?q=${lat},${lng}`,
  (lat, lng) => `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`,
  (lat, lng) => `https://maps.apple.com/?ll=${lat},${lng}&q=Pin`,
  (lat, lng) => `https://www.bing.com/maps?cp=${lat}~${lng}&lvl=16`,
  (lat, lng) => `https://share.here.com/l/${lat},${lng},Villa`,
  (lat, lng) => `https://ul.waze.com/ul?ll=${lat},${lng}&navigate=yes`,
];

function stringArb(s: Schema, name: string, pools: Pools): fc.Arbitrary<string> {
  const js = leafJson(s);
  const min = typeof js.minLength === "number" ? js.minLength : 0;
  const max = typeof js.maxLength === "number" ? js.maxLength : 300;
  let arb: fc.Arbitrary<string>;
  if (name === "bbox")
    arb = fc
      .tuple(
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -90, max: 0, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 90, noNaN: true }),
      )
      .map((b) => b.map((x) => x.toFixed(4)).join(","));
  else if (name === "parameter_filters")
    arb = fc
      .tuple(
        fc.constantFrom(...pools.ids),
        fc.constantFrom("min", "max", "eq"),
        fc.integer({ min: 0, max: 10 }),
      )
      .map(([id, op, n]) => `${id}:${op}:${n}`);
  else if (name === "short_url")
    // Long links, which carry their position: a short one is followed over the network, and a
    // link of no map service is refused before the handler.
    arb = fc
      .tuple(coordinate(89), coordinate(179), fc.nat(MAP_LINKS.length - 1))
      .map(([lat, lng, i]) => MAP_LINKS[i]!(lat, lng));
  else if (/(path|link)$/.test(name))
    arb = fc.constantFrom("/", "/properties", "/properties?city=Dubai", "/account/listings", "/ar/projects");
  else if (name === "currency_code") arb = fc.constantFrom("AED", "USD", "SAR", "EGP", "eur");
  else if (typeof js.pattern === "string") arb = fc.stringMatching(new RegExp(js.pattern));
  else if (js.format === "email" || /email/.test(name))
    arb = fc.oneof(
      fc.stringMatching(/^[a-z][a-z0-9.]{0,10}@[a-z]{2,10}\.(com|sa|test)$/),
      fc.emailAddress(),
      fc.constantFrom(...pools.emails),
    );
  else if (js.format === "uri" || js.format === "url" || /(url|uri|link)$/.test(name))
    arb = fc.webUrl({ validSchemes: ["https"] });
  else if (js.format === "uuid") arb = fc.uuid();
  else if (js.format === "date-time")
    arb = fc
      .date({ noInvalidDate: true, min: new Date(2000, 0, 1), max: new Date(2100, 0, 1) })
      .map((d) => d.toISOString());
  else if (js.format === "date")
    arb = fc
      .date({ noInvalidDate: true, min: new Date(2000, 0, 1), max: new Date(2100, 0, 1) })
      .map((d) => d.toISOString().slice(0, 10));
  else if (/slug/.test(name))
    arb = fc.oneof(
      { arbitrary: fc.constantFrom(...pools.slugs), weight: 3 },
      { arbitrary: text(min, max), weight: 1 },
    );
  else if (/mobile|phone|number$/.test(name))
    arb = fc.oneof(fc.constantFrom(...PHONES), fc.stringMatching(/^\+9665\d{8}$/));
  else if (name === "otp") arb = fc.stringMatching(/^\d{6}$/);
  else if (/password/.test(name))
    arb = fc.string({
      unit: "grapheme-ascii",
      minLength: Math.max(min, 6),
      maxLength: Math.max(min, 6) + 10,
    });
  else if (/(^|_)(lat|latitude)$/.test(name)) arb = fc.double({ min: -90, max: 90, noNaN: true }).map(String);
  else if (/(^|_)(lng|lon|longitude)$/.test(name))
    arb = fc.double({ min: -180, max: 180, noNaN: true }).map(String);
  else if (isIdName(name)) arb = fc.oneof(fc.constantFrom(...pools.ids).map(String), text(min, max));
  else arb = text(min, max);
  // Trimming, refinements and patterns the generator does not model: keep to what the schema takes.
  return preferAccepted(arb, s, pools);
}

function numberArb(s: Schema, name: string, pools: Pools): fc.Arbitrary<number> {
  const js = leafJson(s);
  const int = js.type === "integer";
  const lo =
    typeof js.minimum === "number"
      ? js.minimum
      : typeof js.exclusiveMinimum === "number"
        ? js.exclusiveMinimum + (int ? 1 : 1e-6)
        : -1e9;
  const hi =
    typeof js.maximum === "number"
      ? js.maximum
      : typeof js.exclusiveMaximum === "number"
        ? js.exclusiveMaximum - (int ? 1 : 1e-6)
        : 1e9;
  const ranged = int
    ? fc.integer({
        min: Math.max(Math.ceil(lo), Number.MIN_SAFE_INTEGER),
        max: Math.min(Math.floor(hi), Number.MAX_SAFE_INTEGER),
      })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  // Small values are what real requests carry (and what names existing rows).
  const small = int
    ? fc.integer({
        min: Math.max(Math.ceil(lo), 0),
        max: Math.max(Math.min(Math.floor(hi), 60), Math.max(Math.ceil(lo), 0)),
      })
    : ranged;
  const arbs: fc.WeightedArbitrary<number>[] = [
    { arbitrary: ranged, weight: 1 },
    { arbitrary: small, weight: 2 },
    // The bounds themselves: a limit the schema allows but a column or a computation does not.
    { arbitrary: fc.constantFrom(lo, hi, int ? Math.trunc(hi / 2) : hi / 3), weight: 1 },
  ];
  if (isIdName(name) && pools.ids.length) arbs.push({ arbitrary: fc.constantFrom(...pools.ids), weight: 4 });
  return preferAccepted(fc.oneof(...arbs), s, pools);
}

/**
 * Keeps an arbitrary to values the schema accepts where it can: a rejected value is swapped for one
 * of a few accepted ones found up front (bounded, unlike fast-check's filter, which never gives up).
 */
function preferAccepted<T>(arb: fc.Arbitrary<T>, s: Schema, pools: Pools): fc.Arbitrary<T> {
  const accepts = (v: T) => s.safeParse(materialize(v, pools)).success;
  const good = acceptedSample(arb, accepts, 7);
  if (!good.length) return arb;
  return arb.map((v) => (accepts(v) ? v : good[Math.abs(hash(JSON.stringify(v) ?? "")) % good.length]!));
}

export function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

/** The value with every file stand-in replaced by a real file, as the router would see it. */
export function materialize<T>(v: T, pools: Pools): T {
  if (v instanceof FileMark) return (v.kind === "photo" ? pools.photo() : new File([], "")) as T;
  if (Array.isArray(v)) return v.map((x) => materialize(x, pools)) as T;
  if (v && typeof v === "object" && !(v instanceof File) && !(v instanceof Date)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, materialize(x, pools)])) as T;
  }
  return v;
}

const isTransform = (s: Schema) => def(s).type === "transform";

const PLACES = {
  city: ["Dubai", "Riyadh", "القاهرة"],
  state: ["Dubai", "Riyadh Province"],
  country: ["United Arab Emirates", "Saudi Arabia", "مصر"],
  address: ["1 Marina Walk", "شارع الملك فهد"],
};

/**
 * What one field says about another, which per-field generation cannot know: a password typed twice,
 * a price range, a rent's duration, a location given whole or not at all.
 */
function coherent(v: Record<string, unknown>, shape: Record<string, Schema>): Record<string, unknown> {
  const out = { ...v };
  if ("re_password" in shape && typeof out.password === "string") out.re_password = out.password;
  if (typeof out.min_price === "number" && typeof out.max_price === "number" && out.min_price > out.max_price)
    [out.min_price, out.max_price] = [out.max_price, out.min_price];
  if (out.property_type === "rent" && "rentduration" in shape && out.rentduration === undefined)
    out.rentduration = "monthly";
  // Packages: a paid one has a price, only a free one is once per person, a limited feature has a limit.
  if (
    "is_free" in shape &&
    "price" in shape &&
    out.is_free !== true &&
    !(typeof out.price === "number" && out.price >= 1)
  )
    out.price = 49;
  if ("is_free" in shape && out.once_per_user === true && out.is_free !== true) out.once_per_user = false;
  for (const key of Object.keys(shape)) {
    const limit = `${key}_limit`;
    if (out[key] === "limited" && limit in shape && !(typeof out[limit] === "number" && out[limit] >= 1))
      out[limit] = 5;
  }
  const place = "address" in shape ? "address" : "location";
  if (["city", "state", "country", place].every((k) => k in shape) && "title" in shape) {
    for (const k of ["city", "state", "country", "address"] as const) {
      const key = k === "address" ? place : k;
      if (typeof out[key] !== "string" || !out[key].trim())
        out[key] = PLACES[k][(String(out.title).length + k.length) % PLACES[k].length];
    }
  }
  return out;
}

/** A few values a field accepts, found once per field schema and pools (see `repaired`). */
const fillers = new WeakMap<Pools, WeakMap<Schema, unknown[]>>();

function fillerFor(field: Schema, name: string, pools: Pools): unknown[] {
  const known = fillers.get(pools) ?? new WeakMap<Schema, unknown[]>();
  fillers.set(pools, known);
  let found = known.get(field);
  if (!found) {
    const accepts = (v: unknown) => v !== undefined && field.safeParse(materialize(v, pools)).success;
    found = acceptedSample(validArb(field, pools, name), accepts, 11, 40);
    known.set(field, found);
  }
  return found;
}

/**
 * Mends what a rule across fields refuses, a few rounds at most: an optional field it names that was
 * given goes (a price range upside down, two targets where one is wanted); one it names that was not
 * given gets a value (one of two targets, the other half of a position, a choice the rule insists on).
 */
function repaired(
  s: Schema,
  v: Record<string, unknown>,
  shape: Record<string, Schema>,
  pools: Pools,
): Record<string, unknown> {
  let out = v;
  for (let round = 0; round < 4; round++) {
    const r = s.safeParse(materialize(out, pools));
    if (r.success) return out;
    const named = [...new Set(r.error.issues.map((i) => String(i.path[0] ?? "")))];
    const given = (k: string) => out[k] !== undefined;
    const drop = named.filter((k) => given(k) && shape[k]?.safeParse(undefined).success);
    const add = named.flatMap((k) => {
      if (given(k) || !shape[k]) return [];
      const some = fillerFor(shape[k], k, pools);
      return some.length
        ? [[k, some[Math.abs(hash(k + JSON.stringify(out, replacer))) % some.length]] as const]
        : [];
    });
    // Rows a rule names as `plans[1].title`: that row goes.
    const rows = named.flatMap((k) => {
      const m = /^(\w+)\[(\d+)\]/.exec(k);
      return m && Array.isArray(out[m[1]!]) ? [[m[1]!, Number(m[2])] as const] : [];
    });
    if (!drop.length && !add.length && !rows.length) return out;
    out = { ...out };
    for (const k of drop) delete out[k];
    for (const [k, x] of add) out[k] = x;
    for (const [k, i] of rows) out[k] = (out[k] as unknown[]).map((row, j) => (j === i ? undefined : row));
    for (const [k] of rows) out[k] = (out[k] as unknown[]).filter((row) => row !== undefined);
  }
  return out;
}

/** JSON text of a generated value (file stand-ins and bigints have none of their own). */
export const replacer = (_k: string, v: unknown) =>
  v instanceof FileMark ? `${v.kind}.jpg` : typeof v === "bigint" ? String(v) : v;

/** Values the schema accepts (mostly: refinements across fields are left to the caller's check). */
export function validArb(s: Schema, pools: Pools, name = ""): fc.Arbitrary<unknown> {
  const d = def(s);
  switch (d.type) {
    case "object": {
      const shape = d.shape as Record<string, Schema>;
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [key, child] of Object.entries(shape)) {
        fields[key] = preferAccepted(validArb(child, pools, key), child, pools);
        if (!child.safeParse(undefined).success) required.push(key);
      }
      return fc
        .record(fields, { requiredKeys: required })
        .map((v) => repaired(s, coherent(v, shape), shape, pools));
    }
    case "string":
      return stringArb(s, name, pools);
    case "number":
    case "int":
      return numberArb(s, name, pools);
    case "bigint":
      return fc.bigInt({ min: 0n, max: 1000n });
    case "boolean":
      return fc.boolean();
    case "date":
      return fc.date({ noInvalidDate: true, min: new Date(2000, 0, 1), max: new Date(2100, 0, 1) });
    case "enum":
      return fc.constantFrom(...(Object.values(d.entries) as unknown[]));
    case "literal":
      return fc.constantFrom(...(d.values as unknown[]));
    case "null":
      return fc.constant(null);
    case "undefined":
    case "void":
      return fc.constant(undefined);
    case "array": {
      const min = (d.checks ?? []).find((c: Def) => c._zod.def.check === "min_length")?._zod.def.minimum ?? 0;
      const max = (d.checks ?? []).find((c: Def) => c._zod.def.check === "max_length")?._zod.def.maximum ?? 4;
      const element = validArb(d.element, pools, name);
      const some = fc.array(element, { minLength: min, maxLength: Math.max(min, Math.min(max, 4)) });
      // A list of rows keyed by an enum may have to name every key once (an order of sections, say).
      const keyed =
        def(d.element).type === "object"
          ? Object.entries(def(d.element).shape as Record<string, Schema>).find(
              ([, f]) => def(f).type === "enum",
            )
          : undefined;
      if (!keyed) return some;
      const keys = Object.values(def(keyed[1]).entries) as unknown[];
      const everyKey = fc
        .shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length })
        .chain((order) =>
          fc.tuple(...order.map((k) => element.map((row) => ({ ...(row as object), [keyed[0]]: k })))),
        );
      return preferAccepted(fc.oneof(some, everyKey), s, pools);
    }
    case "tuple":
      return fc.tuple(...(d.items as Schema[]).map((i) => validArb(i, pools, name)));
    case "record":
      return fc.dictionary(fc.stringMatching(/^[a-z_]{1,12}$/), validArb(d.valueType, pools, name), {
        maxKeys: 3,
      });
    case "union":
      return fc.oneof(...(d.options as Schema[]).map((o) => validArb(o, pools, name)));
    case "intersection":
      return fc
        .tuple(validArb(d.left, pools, name), validArb(d.right, pools, name))
        .map(([a, b]) => (typeof a === "object" && typeof b === "object" ? { ...a, ...b } : a));
    case "optional":
      return fc.oneof(
        { arbitrary: validArb(d.innerType, pools, name), weight: 3 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      );
    case "nullable":
      return fc.oneof(
        { arbitrary: validArb(d.innerType, pools, name), weight: 4 },
        { arbitrary: fc.constant(null), weight: 1 },
      );
    case "default":
    case "prefault":
      return fc.oneof(
        { arbitrary: validArb(d.innerType, pools, name), weight: 2 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      );
    case "readonly":
    case "catch":
    case "nonoptional":
      return validArb(d.innerType, pools, name);
    case "lazy":
      return validArb(d.getter(), pools, name);
    case "pipe":
      // z.preprocess(fn, schema) is a pipe from a transform: generate what the inner schema takes.
      return preferAccepted(
        isTransform(d.in) ? validArb(d.out, pools, name) : validArb(d.in, pools, name),
        s,
        pools,
      );
    case "file":
      return fc.constant(new FileMark("photo"));
    case "custom":
      // The only custom input schemas are "is a File" checks.
      return s.safeParse(pools.photo()).success ? fc.constant(new FileMark("photo")) : fc.constant(undefined);
    default:
      // any, unknown, transform and the rest: something plain.
      return fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 100 }));
  }
}

/** Values no field of our schemas should ever take, or that break naive code paths. */
export const NASTY: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -0.5,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    1e308,
    -1e308,
    "",
    " ",
    " \t\n ",
    "0",
    "-1",
    "1e400",
    "NaN",
    "Infinity",
    "0x1F",
    "١٢٣",
    "null",
    "true",
    "[]",
    "{}",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\u202eevil",
    "Z̤͔ͧ̑̓ä͖̭̈̇l͖͎g̞̥͈ͮ͌o",
    "😀👩‍👩‍👧‍👦🏳️‍🌈",
    "'; drop table users; --",
    "%' OR '1'='1",
    "\\",
    "%_%",
    "(a|b)*[",
    "&|!:*()<>",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "2024-02-30",
    "99999-12-31T25:61:61Z",
    "x".repeat(20_000),
    "٣".repeat(3_000),
    "😀".repeat(2_000),
    [],
    [1, 2, 3],
    ["a", null],
    [[[[[]]]]],
    {},
    { $gt: "" },
    { id: 1, nested: { deep: [1] } },
    new FileMark("junk"),
    new FileMark("empty"),
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer(),
  fc.double({ noDefaultInfinity: true, noNaN: true }),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 4 }),
);

/** The fields of an object schema, looking through pipes, optionals and wrappers. */
export function objectShape(s: Schema): Record<string, Schema> | null {
  const d = def(s);
  switch (d.type) {
    case "object":
      return d.shape;
    case "pipe":
      return objectShape(isTransform(d.in) ? d.out : d.in);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return objectShape(d.innerType);
    default:
      return null;
  }
}

export type Mutation =
  | { kind: "replace"; key: string; value: unknown }
  | { kind: "drop"; key: string }
  | { kind: "extra"; key: string; value: unknown }
  | { kind: "body"; value: unknown };

/** A valid input with one thing broken: a field's type or content, a required field gone, or the whole body. */
export function invalidArb(s: Schema, pools: Pools): fc.Arbitrary<{ base: unknown; mutation: Mutation }> {
  const shape = objectShape(s) ?? {};
  const keys = Object.keys(shape);
  const required = keys.filter((k) => !shape[k]!.safeParse(undefined).success);
  const mutations: fc.WeightedArbitrary<Mutation>[] = [
    { arbitrary: fc.record({ kind: fc.constant("body" as const), value: NASTY }), weight: 1 },
    {
      arbitrary: fc.record({
        kind: fc.constant("extra" as const),
        key: fc.constantFrom("__proto__", "constructor", "zz", "id[]", "a.b"),
        value: NASTY,
      }),
      weight: 1,
    },
  ];
  if (keys.length)
    mutations.push({
      arbitrary: fc.record({
        kind: fc.constant("replace" as const),
        key: fc.constantFrom(...keys),
        value: NASTY,
      }),
      weight: 8,
    });
  if (required.length)
    mutations.push({
      arbitrary: fc.record({ kind: fc.constant("drop" as const), key: fc.constantFrom(...required) }),
      weight: 2,
    });
  return fc.record({ base: validArb(s, pools), mutation: fc.oneof(...mutations) });
}

export function applyMutation(base: unknown, m: Mutation): unknown {
  if (m.kind === "body") return m.value;
  const out: Record<string, unknown> =
    typeof base === "object" && base !== null && !Array.isArray(base) ? { ...base } : {};
  if (m.kind === "drop") delete out[m.key];
  // defineProperty: a key such as __proto__ must become a field, as JSON.parse makes it.
  else
    Object.defineProperty(out, m.key, {
      value: m.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}
