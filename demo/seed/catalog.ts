/**
 * Demo catalogue used to seed development and preview databases.
 *
 * Everything here is pure and deterministic: the same seed and property count
 * always produce exactly the same data (no I/O, no clock, no Math.random).
 * Listing text is assembled from hand-written English and Modern Standard
 * Arabic sentence templates, filled in from the generated attributes so that
 * titles, descriptions and parameters stay consistent with each other.
 */

export type I18nText = { en: string; ar: string };
export type ParameterType = "number" | "text" | "dropdown" | "radio" | "checkbox" | "textarea" | "file";
export interface DemoParameter {
  key: string;
  name: I18nText;
  type: ParameterType;
  options?: I18nText[];
  unit?: string;
  icon: string;
}
export interface DemoCategory {
  key: string;
  slug: string;
  name: I18nText;
  icon: string;
  parameterKeys: string[];
}
export interface DemoFacility {
  key: string;
  name: I18nText;
  icon: string;
}
export interface DemoCity {
  countryCode: string;
  country: I18nText;
  state: I18nText;
  city: I18nText;
  latitude: number;
  longitude: number;
  neighbourhoods: string[];
  priceFactor: number;
}
export interface DemoUser {
  key: string;
  name: string;
  email: string;
  mobile: string;
  type: "agent" | "owner" | "developer";
  about_me: string;
  cityIndex: number;
  address: string;
  facebook_id?: string;
  instagram_id?: string;
}
export type PhotoKind =
  "exterior" | "interior" | "kitchen" | "bedroom" | "bathroom" | "aerial" | "pool" | "office" | "land";
export interface DemoProperty {
  slug: string;
  lang: "en" | "ar";
  title: string;
  description: string;
  categoryKey: string;
  propertyType: "sell" | "rent";
  rentduration: "daily" | "monthly" | "quarterly" | "yearly" | null;
  price: number;
  cityIndex: number;
  address: string;
  latitude: number;
  longitude: number;
  parameters: { key: string; value: string }[];
  facilities: { key: string; distance: number }[];
  ownerIndex: number;
  isPremium: boolean;
  videoLink: string | null;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  photos: PhotoKind[];
  photoVariants: number[];
  postedDaysAgo: number;
  views: number;
  propertyStatus: "available" | "sold" | "rented";
  promoted: boolean;
}
export interface DemoCatalog {
  parameters: DemoParameter[];
  categories: DemoCategory[];
  facilities: DemoFacility[];
  cities: DemoCity[];
  users: DemoUser[];
  properties: DemoProperty[];
}

const DEFAULT_SEED = 20261121;
const DEFAULT_COUNT = 360;
const PHOTO_VARIANTS = 12;

/* ------------------------------------------------------------------------ */
/* Seeded randomness                                                         */
/* ------------------------------------------------------------------------ */

/** A small seeded generator: the same seed gives the same catalogue (the benchmark catalogue uses it too). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`index ${index} out of range (length ${items.length})`);
  return item;
}

class Rng {
  private readonly source: () => number;
  constructor(seed: number) {
    this.source = mulberry32(seed);
  }
  next(): number {
    return this.source();
  }
  float(min: number, max: number): number {
    return min + (max - min) * this.source();
  }
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.source() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.source() < p;
  }
  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.source() * items.length));
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += Math.max(0, w);
    if (total <= 0) return at(items, 0)[0];
    let r = this.source() * total;
    for (const [item, w] of items) {
      r -= Math.max(0, w);
      if (r < 0) return item;
    }
    return at(items, items.length - 1)[0];
  }
  /** Index chosen with probability proportional to weights[i]. */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w > 0 ? w : 0;
    if (total <= 0) return 0;
    let r = this.source() * total;
    for (let i = 0; i < weights.length; i++) {
      const w = at(weights, i);
      r -= w > 0 ? w : 0;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.source() * (i + 1));
      const tmp = at(items, i);
      items[i] = at(items, j);
      items[j] = tmp;
    }
    return items;
  }
  /** n distinct items, keeping their original relative order. */
  sampleOrdered<T>(items: readonly T[], n: number): T[] {
    const idx = this.shuffle(items.map((_, i) => i)).slice(0, Math.min(n, items.length));
    idx.sort((a, b) => a - b);
    return idx.map((i) => at(items, i));
  }
}

/* ------------------------------------------------------------------------ */
/* Small text helpers                                                        */
/* ------------------------------------------------------------------------ */

function fmt(n: number): string {
  const digits = String(Math.round(n));
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ",";
    out += digits.charAt(i);
  }
  return out;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const MULTI_SPACE = /\s{2,}/g;
const SPACE_BEFORE_PUNCT = / ([,.،])/g;

/** Collapse doubled spaces left by empty template slots. */
function tidy(s: string): string {
  return s.replace(MULTI_SPACE, " ").replace(SPACE_BEFORE_PUNCT, "$1").trim();
}

function slugify(s: string, maxLength = 80): string {
  let slug = s.toLowerCase();

  if (/[^\x00-\x7f]/.test(slug)) slug = slug.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  slug = slug
    .replace(/['’]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length > maxLength) {
    slug = slug.slice(0, maxLength);
    const cut = slug.lastIndexOf("-");
    if (cut > maxLength / 2) slug = slug.slice(0, cut);
  }
  return slug.replace(/-+$/g, "");
}

function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

/** Indefinite article for a number written with digits ("an 8,400", "an 11,500", "a 9,000"). */
function aNum(n: number): string {
  const lead = fmt(n).split(",")[0] ?? "";
  return lead.startsWith("8") || lead === "11" || lead === "18" ? "an" : "a";
}

function placeOf(
  a: { hood: { en: string; ar: string }; city: { city: I18nText } },
  lang: "en" | "ar",
): string {
  const hood = a.hood[lang];
  const city = a.city.city[lang];
  return hood.includes(city) ? hood : lang === "en" ? `${hood}, ${city}` : `${hood}، ${city}`;
}

function listEn(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${at(items, items.length - 1)}`;
}

function listAr(items: readonly string[]): string {
  return items.map((item, i) => (i === 0 ? item : `و${item}`)).join("، ");
}

/** Cut at a word boundary so that the result is at most `max` characters. */
function clip(s: string, max: number, ellipsis = ""): string {
  if (s.length <= max) return s;
  const room = max - ellipsis.length;
  let cut = s.slice(0, room);
  const space = cut.lastIndexOf(" ");
  if (space > room / 2) cut = cut.slice(0, space);
  return cut.replace(/[\s,.،:|–-]+$/u, "") + ellipsis;
}

function roundNice(x: number): number {
  const steps: [number, number][] = [
    [1_000, 10],
    [10_000, 100],
    [100_000, 500],
    [1_000_000, 1_000],
    [10_000_000, 5_000],
  ];
  for (const [limit, step] of steps) if (x < limit) return Math.max(step, Math.round(x / step) * step);
  return Math.round(x / 50_000) * 50_000;
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

/* ------------------------------------------------------------------------ */
/* Reference data: parameters, categories, facilities                        */
/* ------------------------------------------------------------------------ */

const FURNISHED: I18nText[] = [
  { en: "Furnished", ar: "مفروش" },
  { en: "Semi-furnished", ar: "مفروش جزئياً" },
  { en: "Unfurnished", ar: "غير مفروش" },
];
const VIEWS: I18nText[] = [
  { en: "Sea", ar: "البحر" },
  { en: "City", ar: "المدينة" },
  { en: "Garden", ar: "الحديقة" },
  { en: "Community", ar: "المجمع السكني" },
];
const AMENITIES: I18nText[] = [
  { en: "Balcony", ar: "شرفة" },
  { en: "Maid's room", ar: "غرفة خادمة" },
  { en: "Study", ar: "غرفة مكتب" },
  { en: "Built-in wardrobes", ar: "خزائن مدمجة" },
  { en: "Central A/C", ar: "تكييف مركزي" },
  { en: "Private pool", ar: "مسبح خاص" },
  { en: "Private garden", ar: "حديقة خاصة" },
  { en: "Pets allowed", ar: "يسمح بالحيوانات الأليفة" },
];
const ZONING: I18nText[] = [
  { en: "Residential", ar: "سكني" },
  { en: "Commercial", ar: "تجاري" },
  { en: "Mixed use", ar: "متعدد الاستخدامات" },
  { en: "Agricultural", ar: "زراعي" },
];

function buildParameters(): DemoParameter[] {
  const copy = (options: I18nText[]): I18nText[] => options.map((o) => ({ ...o }));
  return [
    { key: "bedrooms", name: { en: "Bedrooms", ar: "غرف النوم" }, type: "number", icon: "🛏️" },
    { key: "bathrooms", name: { en: "Bathrooms", ar: "الحمامات" }, type: "number", icon: "🛁" },
    { key: "area", name: { en: "Area", ar: "المساحة" }, type: "number", unit: "sqft", icon: "📐" },
    { key: "parking", name: { en: "Parking spaces", ar: "مواقف السيارات" }, type: "number", icon: "🚗" },
    {
      key: "furnished",
      name: { en: "Furnishing", ar: "التأثيث" },
      type: "dropdown",
      options: copy(FURNISHED),
      icon: "🛋️",
    },
    { key: "floor", name: { en: "Floor", ar: "الطابق" }, type: "number", icon: "🏢" },
    { key: "year_built", name: { en: "Year built", ar: "سنة البناء" }, type: "number", icon: "📅" },
    { key: "view", name: { en: "View", ar: "الإطلالة" }, type: "radio", options: copy(VIEWS), icon: "🌅" },
    {
      key: "amenities",
      name: { en: "Amenities", ar: "المزايا" },
      type: "checkbox",
      options: copy(AMENITIES),
      icon: "✨",
    },
    {
      key: "plot_area",
      name: { en: "Plot area", ar: "مساحة الأرض" },
      type: "number",
      unit: "sqft",
      icon: "🗺️",
    },
    {
      key: "zoning",
      name: { en: "Zoning", ar: "تصنيف الاستخدام" },
      type: "dropdown",
      options: copy(ZONING),
      icon: "🏷️",
    },
    { key: "notes", name: { en: "Notes", ar: "ملاحظات" }, type: "textarea", icon: "📝" },
  ];
}

type CatKey =
  | "apartment"
  | "villa"
  | "townhouse"
  | "penthouse"
  | "duplex"
  | "studio"
  | "office"
  | "shop"
  | "warehouse"
  | "land";
type Group = "flat" | "house" | "office" | "shop" | "warehouse" | "land";
type Gender = "m" | "f";
type Duration = "daily" | "monthly" | "quarterly" | "yearly";
type CountryCode = "AE" | "SA" | "EG" | "OM";

interface CatDef {
  key: CatKey;
  name: I18nText;
  icon: string;
  params: string[];
  group: Group;
  /** Sale price per sq ft (per plot sq ft for land) in Dubai-level AED. */
  ppsf: number;
  /** Gross yearly rental yield. */
  yld: number;
  sellP: number;
  weight: number;
  nounsEn: string[];
  ar: { i: string; d: string; g: Gender };
  cover: PhotoKind[];
  rest: PhotoKind[];
}

const FLAT_PARAMS = [
  "bedrooms",
  "bathrooms",
  "area",
  "parking",
  "furnished",
  "floor",
  "year_built",
  "view",
  "amenities",
  "notes",
];
const HOUSE_PARAMS = [
  "bedrooms",
  "bathrooms",
  "area",
  "plot_area",
  "parking",
  "furnished",
  "year_built",
  "view",
  "amenities",
  "notes",
];

const CATS: readonly CatDef[] = [
  {
    key: "apartment",
    name: { en: "Apartment", ar: "شقة" },
    icon: "🏢",
    params: FLAT_PARAMS,
    group: "flat",
    ppsf: 1700,
    yld: 0.065,
    sellP: 0.58,
    weight: 30,
    nounsEn: ["apartment", "apartment", "flat", "residence"],
    ar: { i: "شقة", d: "الشقة", g: "f" },
    cover: ["interior"],
    rest: ["kitchen", "bedroom", "bathroom", "exterior", "pool", "aerial"],
  },
  {
    key: "villa",
    name: { en: "Villa", ar: "فيلا" },
    icon: "🏡",
    params: HOUSE_PARAMS,
    group: "house",
    ppsf: 1450,
    yld: 0.05,
    sellP: 0.7,
    weight: 14,
    nounsEn: ["villa", "villa", "independent villa", "standalone villa"],
    ar: { i: "فيلا", d: "الفيلا", g: "f" },
    cover: ["exterior", "aerial"],
    rest: ["interior", "kitchen", "bedroom", "bathroom", "pool", "aerial", "exterior"],
  },
  {
    key: "townhouse",
    name: { en: "Townhouse", ar: "تاون هاوس" },
    icon: "🏘️",
    params: HOUSE_PARAMS,
    group: "house",
    ppsf: 1250,
    yld: 0.055,
    sellP: 0.65,
    weight: 8,
    nounsEn: ["townhouse", "townhouse", "end-unit townhouse"],
    ar: { i: "تاون هاوس", d: "التاون هاوس", g: "m" },
    cover: ["exterior", "aerial"],
    rest: ["interior", "kitchen", "bedroom", "bathroom", "pool", "aerial", "exterior"],
  },
  {
    key: "penthouse",
    name: { en: "Penthouse", ar: "بنتهاوس" },
    icon: "🌆",
    params: FLAT_PARAMS,
    group: "flat",
    ppsf: 3200,
    yld: 0.045,
    sellP: 0.75,
    weight: 5,
    nounsEn: ["penthouse", "penthouse", "sky penthouse"],
    ar: { i: "بنتهاوس", d: "البنتهاوس", g: "m" },
    cover: ["interior"],
    rest: ["bedroom", "kitchen", "bathroom", "pool", "aerial", "exterior"],
  },
  {
    key: "duplex",
    name: { en: "Duplex", ar: "دوبلكس" },
    icon: "🏠",
    params: FLAT_PARAMS,
    group: "flat",
    ppsf: 1650,
    yld: 0.055,
    sellP: 0.65,
    weight: 6,
    nounsEn: ["duplex", "duplex apartment", "duplex"],
    ar: { i: "دوبلكس", d: "الدوبلكس", g: "m" },
    cover: ["interior"],
    rest: ["kitchen", "bedroom", "bathroom", "exterior", "aerial"],
  },
  {
    key: "studio",
    name: { en: "Studio", ar: "استوديو" },
    icon: "🛏️",
    params: ["bathrooms", "area", "furnished", "floor", "year_built", "view", "amenities", "notes"],
    group: "flat",
    ppsf: 1550,
    yld: 0.075,
    sellP: 0.35,
    weight: 10,
    nounsEn: ["studio", "studio apartment", "studio"],
    ar: { i: "استوديو", d: "الاستوديو", g: "m" },
    cover: ["interior"],
    rest: ["kitchen", "bathroom", "bedroom", "exterior", "pool"],
  },
  {
    key: "office",
    name: { en: "Office", ar: "مكتب" },
    icon: "💼",
    params: ["area", "parking", "furnished", "floor", "year_built", "view", "notes"],
    group: "office",
    ppsf: 1500,
    yld: 0.08,
    sellP: 0.45,
    weight: 9,
    nounsEn: ["office", "office space", "office"],
    ar: { i: "مكتب", d: "المكتب", g: "m" },
    cover: ["office"],
    rest: ["interior", "exterior", "kitchen", "bathroom", "aerial"],
  },
  {
    key: "shop",
    name: { en: "Shop", ar: "محل تجاري" },
    icon: "🏪",
    params: ["area", "parking", "floor", "year_built", "notes"],
    group: "shop",
    ppsf: 2300,
    yld: 0.09,
    sellP: 0.4,
    weight: 6,
    nounsEn: ["retail shop", "shop", "retail unit"],
    ar: { i: "محل تجاري", d: "المحل التجاري", g: "m" },
    cover: ["exterior"],
    rest: ["interior", "office", "aerial", "bathroom"],
  },
  {
    key: "warehouse",
    name: { en: "Warehouse", ar: "مستودع" },
    icon: "🏭",
    params: ["area", "plot_area", "parking", "year_built", "zoning", "notes"],
    group: "warehouse",
    ppsf: 420,
    yld: 0.085,
    sellP: 0.45,
    weight: 4,
    nounsEn: ["warehouse", "storage warehouse", "warehouse"],
    ar: { i: "مستودع", d: "المستودع", g: "m" },
    cover: ["exterior", "aerial"],
    rest: ["interior", "office", "aerial", "exterior", "land"],
  },
  {
    key: "land",
    name: { en: "Land", ar: "أرض" },
    icon: "🌍",
    params: ["plot_area", "zoning", "notes"],
    group: "land",
    ppsf: 650,
    yld: 0.05,
    sellP: 1,
    weight: 8,
    nounsEn: ["plot", "land plot", "plot"],
    ar: { i: "أرض", d: "الأرض", g: "f" },
    cover: ["land"],
    rest: ["aerial", "land", "exterior", "aerial", "land"],
  },
];

const CAT_COUNTRY_MULT: Record<CountryCode, Partial<Record<CatKey, number>>> = {
  AE: {},
  SA: { studio: 0.3, villa: 1.4, duplex: 1.6, land: 1.4, penthouse: 0.6 },
  EG: { studio: 0.25, duplex: 1.8, penthouse: 0.8, townhouse: 0.8, villa: 0.9 },
  OM: { studio: 0.4, villa: 1.3, land: 1.3, penthouse: 0.5 },
};

interface FacilityDef {
  key: string;
  name: I18nText;
  icon: string;
  textEn: string;
  min: number;
  max: number;
}

const FACILITIES: readonly FacilityDef[] = [
  {
    key: "metro_station",
    name: { en: "Metro station", ar: "محطة مترو" },
    icon: "🚇",
    textEn: "metro station",
    min: 0.3,
    max: 4,
  },
  {
    key: "bus_stop",
    name: { en: "Bus stop", ar: "موقف حافلات" },
    icon: "🚌",
    textEn: "bus stop",
    min: 0.2,
    max: 1.5,
  },
  { key: "school", name: { en: "School", ar: "مدرسة" }, icon: "🏫", textEn: "school", min: 0.4, max: 5 },
  {
    key: "hospital",
    name: { en: "Hospital", ar: "مستشفى" },
    icon: "🏥",
    textEn: "hospital",
    min: 1,
    max: 10,
  },
  {
    key: "pharmacy",
    name: { en: "Pharmacy", ar: "صيدلية" },
    icon: "💊",
    textEn: "pharmacy",
    min: 0.2,
    max: 2.5,
  },
  {
    key: "supermarket",
    name: { en: "Supermarket", ar: "سوبرماركت" },
    icon: "🛒",
    textEn: "supermarket",
    min: 0.2,
    max: 3,
  },
  {
    key: "mall",
    name: { en: "Mall", ar: "مركز تسوق" },
    icon: "🛍️",
    textEn: "shopping mall",
    min: 0.8,
    max: 9,
  },
  { key: "mosque", name: { en: "Mosque", ar: "مسجد" }, icon: "🕌", textEn: "mosque", min: 0.2, max: 1.5 },
  { key: "park", name: { en: "Park", ar: "حديقة عامة" }, icon: "🌳", textEn: "park", min: 0.3, max: 4 },
  { key: "beach", name: { en: "Beach", ar: "شاطئ" }, icon: "🏖️", textEn: "beach", min: 1.5, max: 9 },
  { key: "gym", name: { en: "Gym", ar: "نادٍ رياضي" }, icon: "🏋️", textEn: "gym", min: 0.2, max: 3 },
  { key: "airport", name: { en: "Airport", ar: "مطار" }, icon: "✈️", textEn: "airport", min: 5, max: 15 },
  {
    key: "restaurant",
    name: { en: "Restaurant", ar: "مطعم" },
    icon: "🍽️",
    textEn: "restaurant",
    min: 0.2,
    max: 2,
  },
  { key: "bank", name: { en: "Bank", ar: "بنك" }, icon: "🏦", textEn: "bank", min: 0.3, max: 4 },
];

const FACILITY_WEIGHTS: Record<Group, Record<string, number>> = {
  flat: {
    metro_station: 3,
    bus_stop: 1,
    school: 2,
    hospital: 1,
    pharmacy: 2,
    supermarket: 3,
    mall: 2,
    mosque: 2,
    park: 2,
    beach: 3,
    gym: 2,
    airport: 0.5,
    restaurant: 1.5,
    bank: 0.5,
  },
  house: {
    metro_station: 1,
    bus_stop: 0.5,
    school: 4,
    hospital: 1.5,
    pharmacy: 1.5,
    supermarket: 2.5,
    mall: 2,
    mosque: 2.5,
    park: 3,
    beach: 2,
    gym: 1,
    airport: 0.5,
    restaurant: 1,
    bank: 0.5,
  },
  office: {
    metro_station: 4,
    bus_stop: 2,
    school: 0.2,
    hospital: 0.5,
    pharmacy: 0.5,
    supermarket: 1,
    mall: 2,
    mosque: 1,
    park: 0.5,
    beach: 0.5,
    gym: 1.5,
    airport: 2,
    restaurant: 3,
    bank: 3,
  },
  shop: {
    metro_station: 3,
    bus_stop: 3,
    school: 1,
    hospital: 0.5,
    pharmacy: 1,
    supermarket: 1,
    mall: 2,
    mosque: 1.5,
    park: 0.5,
    beach: 0.5,
    gym: 0.5,
    airport: 1,
    restaurant: 2,
    bank: 2,
  },
  warehouse: {
    metro_station: 0.5,
    bus_stop: 2,
    school: 0.2,
    hospital: 0.5,
    pharmacy: 0.5,
    supermarket: 1,
    mall: 0.5,
    mosque: 1.5,
    park: 0.2,
    beach: 0.2,
    gym: 0.2,
    airport: 4,
    restaurant: 2,
    bank: 2,
  },
  land: {
    metro_station: 0.5,
    bus_stop: 1,
    school: 3,
    hospital: 2,
    pharmacy: 1,
    supermarket: 1.5,
    mall: 2,
    mosque: 2.5,
    park: 1.5,
    beach: 1.5,
    gym: 0.5,
    airport: 2.5,
    restaurant: 0.5,
    bank: 1,
  },
};

/* ------------------------------------------------------------------------ */
/* Cities and neighbourhoods                                                 */
/* ------------------------------------------------------------------------ */

/** Neighbourhood tags: s = seafront, v = villa community, c = commercial hub, i = industrial. */
interface HoodDef {
  en: string;
  ar: string;
  mult: number;
  tags: string;
}
interface CityDef {
  code: CountryCode;
  state: I18nText;
  city: I18nText;
  lat: number;
  lon: number;
  priceFactor: number;
  weight: number;
  coastal: boolean;
  metro: boolean;
  /** Short-stay demand (0..1) for daily rentals of small units. */
  tourism: number;
  /** High-rise city: allows high floors. */
  towers: boolean;
  hoods: HoodDef[];
}

const COUNTRIES: Record<CountryCode, { name: I18nText; arabicShare: number; dial: string }> = {
  AE: {
    name: { en: "United Arab Emirates", ar: "الإمارات العربية المتحدة" },
    arabicShare: 0.13,
    dial: "+971",
  },
  SA: { name: { en: "Saudi Arabia", ar: "المملكة العربية السعودية" }, arabicShare: 0.45, dial: "+966" },
  EG: { name: { en: "Egypt", ar: "مصر" }, arabicShare: 0.4, dial: "+20" },
  OM: { name: { en: "Oman", ar: "سلطنة عمان" }, arabicShare: 0.35, dial: "+968" },
};

function h(en: string, ar: string, mult: number, tags = ""): HoodDef {
  return { en, ar, mult, tags };
}

const CITIES: readonly CityDef[] = [
  {
    code: "AE",
    state: { en: "Dubai", ar: "دبي" },
    city: { en: "Dubai", ar: "دبي" },
    lat: 25.2048,
    lon: 55.2708,
    priceFactor: 1,
    weight: 22,
    coastal: true,
    metro: true,
    tourism: 1,
    towers: true,
    hoods: [
      h("Dubai Marina", "دبي مارينا", 1.25, "s"),
      h("Downtown Dubai", "وسط مدينة دبي", 1.6, "c"),
      h("Jumeirah Village Circle", "قرية جميرا الدائرية", 0.7),
      h("Palm Jumeirah", "نخلة جميرا", 2.4, "sv"),
      h("Business Bay", "الخليج التجاري", 1.2, "c"),
      h("Al Barsha", "البرشاء", 0.85, "v"),
      h("Arabian Ranches", "المرابع العربية", 1.0, "v"),
      h("Dubai Hills Estate", "دبي هيلز استيت", 1.3, "v"),
      h("Jumeirah Lake Towers", "أبراج بحيرات جميرا", 0.95, "c"),
      h("Deira", "ديرة", 0.7, "c"),
      h("Al Quoz", "القوز", 0.6, "i"),
      h("Dubai Silicon Oasis", "واحة دبي للسيليكون", 0.65, "c"),
      h("Jumeirah", "جميرا", 1.5, "sv"),
      h("Mirdif", "مردف", 0.8, "v"),
      h("Dubai Investments Park", "مجمع دبي للاستثمار", 0.55, "i"),
    ],
  },
  {
    code: "AE",
    state: { en: "Abu Dhabi", ar: "أبوظبي" },
    city: { en: "Abu Dhabi", ar: "أبوظبي" },
    lat: 24.4539,
    lon: 54.3773,
    priceFactor: 0.85,
    weight: 12,
    coastal: true,
    metro: false,
    tourism: 0.35,
    towers: true,
    hoods: [
      h("Al Reem Island", "جزيرة الريم", 1.1, "s"),
      h("Khalifa City", "مدينة خليفة", 0.75, "v"),
      h("Saadiyat Island", "جزيرة السعديات", 1.6, "sv"),
      h("Yas Island", "جزيرة ياس", 1.15, "sv"),
      h("Al Raha Beach", "شاطئ الراحة", 1.05, "s"),
      h("Corniche Area", "منطقة الكورنيش", 1.2, "sc"),
      h("Al Khalidiyah", "الخالدية", 0.95, "c"),
      h("Mohammed Bin Zayed City", "مدينة محمد بن زايد", 0.7, "v"),
      h("Musaffah", "المصفح", 0.5, "i"),
      h("Al Reef", "الريف", 0.65, "v"),
    ],
  },
  {
    code: "AE",
    state: { en: "Sharjah", ar: "الشارقة" },
    city: { en: "Sharjah", ar: "الشارقة" },
    lat: 25.3463,
    lon: 55.4209,
    priceFactor: 0.55,
    weight: 8,
    coastal: true,
    metro: false,
    tourism: 0.1,
    towers: true,
    hoods: [
      h("Al Majaz", "المجاز", 1.05, "sc"),
      h("Al Nahda", "النهدة", 0.95),
      h("Al Khan", "الخان", 1.1, "s"),
      h("Muwaileh", "مويلح", 0.9),
      h("Aljada", "الجادة", 1.15, "v"),
      h("Al Taawun", "التعاون", 1.0, "s"),
      h("Al Qasimia", "القاسمية", 0.85, "c"),
      h("Industrial Area", "المنطقة الصناعية", 0.6, "i"),
    ],
  },
  {
    code: "AE",
    state: { en: "Ajman", ar: "عجمان" },
    city: { en: "Ajman", ar: "عجمان" },
    lat: 25.4052,
    lon: 55.5136,
    priceFactor: 0.45,
    weight: 4,
    coastal: true,
    metro: false,
    tourism: 0.15,
    towers: true,
    hoods: [
      h("Al Nuaimiya", "النعيمية", 0.95, "c"),
      h("Al Rashidiya", "الراشدية", 0.95, "s"),
      h("Ajman Corniche", "كورنيش عجمان", 1.15, "s"),
      h("Al Jurf", "الجرف", 0.7, "i"),
      h("Emirates City", "مدينة الإمارات", 0.8),
      h("Al Zorah", "الزوراء", 1.3, "sv"),
      h("Al Rawda", "الروضة", 0.85, "v"),
    ],
  },
  {
    code: "AE",
    state: { en: "Ras Al Khaimah", ar: "رأس الخيمة" },
    city: { en: "Ras Al Khaimah", ar: "رأس الخيمة" },
    lat: 25.8007,
    lon: 55.9762,
    priceFactor: 0.5,
    weight: 5,
    coastal: true,
    metro: false,
    tourism: 0.4,
    towers: false,
    hoods: [
      h("Al Hamra Village", "قرية الحمراء", 1.2, "sv"),
      h("Al Marjan Island", "جزيرة المرجان", 1.5, "s"),
      h("Mina Al Arab", "ميناء العرب", 1.25, "s"),
      h("Al Nakheel", "النخيل", 0.8, "c"),
      h("Khuzam", "خزام", 0.85, "v"),
      h("Al Dhait", "الظيت", 0.8, "v"),
      h("Al Hulaila Industrial Zone", "منطقة الحليلة الصناعية", 0.5, "i"),
    ],
  },
  {
    code: "AE",
    state: { en: "Abu Dhabi", ar: "أبوظبي" },
    city: { en: "Al Ain", ar: "العين" },
    lat: 24.2075,
    lon: 55.7447,
    priceFactor: 0.45,
    weight: 4,
    coastal: false,
    metro: false,
    tourism: 0.05,
    towers: false,
    hoods: [
      h("Al Jimi", "الجيمي", 1.0, "c"),
      h("Al Muwaiji", "المويجعي", 1.05, "v"),
      h("Al Towayya", "الطوية", 0.95, "v"),
      h("Zakher", "زاخر", 0.85, "v"),
      h("Al Khabisi", "الخبيصي", 0.9),
      h("Al Maqam", "المقام", 1.05, "v"),
      h("Hili", "هيلي", 0.85),
      h("Al Sanaiya", "الصناعية", 0.55, "i"),
    ],
  },
  {
    code: "SA",
    state: { en: "Riyadh Province", ar: "منطقة الرياض" },
    city: { en: "Riyadh", ar: "الرياض" },
    lat: 24.7136,
    lon: 46.6753,
    priceFactor: 0.6,
    weight: 9,
    coastal: false,
    metro: true,
    tourism: 0.05,
    towers: true,
    hoods: [
      h("Al Olaya", "العليا", 1.4, "c"),
      h("Al Malqa", "الملقا", 1.3, "v"),
      h("Hittin", "حطين", 1.35, "v"),
      h("Al Yasmin", "الياسمين", 1.1, "v"),
      h("Al Nakheel", "النخيل", 1.15),
      h("Al Sulimaniyah", "السليمانية", 1.2, "c"),
      h("Al Narjis", "النرجس", 1.05, "v"),
      h("Al Sahafa", "الصحافة", 1.0),
      h("Al Sulay", "السلي", 0.55, "i"),
    ],
  },
  {
    code: "SA",
    state: { en: "Makkah Province", ar: "منطقة مكة المكرمة" },
    city: { en: "Jeddah", ar: "جدة" },
    lat: 21.5433,
    lon: 39.1728,
    priceFactor: 0.55,
    weight: 7,
    coastal: true,
    metro: false,
    tourism: 0.2,
    towers: true,
    hoods: [
      h("Al Shati", "الشاطئ", 1.4, "sv"),
      h("Al Rawdah", "الروضة", 1.1, "c"),
      h("Al Zahra", "الزهراء", 1.05, "v"),
      h("Obhur Al Shamaliyah", "أبحر الشمالية", 1.3, "sv"),
      h("Al Hamra", "الحمراء", 1.1, "sc"),
      h("Al Salamah", "السلامة", 1.0),
      h("Al Naeem", "النعيم", 1.0, "v"),
      h("Al Khumrah", "الخمرة", 0.5, "i"),
    ],
  },
  {
    code: "SA",
    state: { en: "Eastern Province", ar: "المنطقة الشرقية" },
    city: { en: "Dammam", ar: "الدمام" },
    lat: 26.4207,
    lon: 50.0888,
    priceFactor: 0.42,
    weight: 4,
    coastal: true,
    metro: false,
    tourism: 0.05,
    towers: false,
    hoods: [
      h("Al Faisaliyah", "الفيصلية", 0.95, "v"),
      h("Al Shati Al Gharbi", "الشاطئ الغربي", 1.2, "s"),
      h("Al Mazruiyah", "المزروعية", 1.0, "c"),
      h("Al Nakheel", "النخيل", 1.05, "v"),
      h("Al Jalawiyah", "الجلوية", 0.95),
      h("Al Hamra", "الحمراء", 1.0),
      h("Ash Shulah", "الشعلة", 0.85, "v"),
      h("Second Industrial City", "المدينة الصناعية الثانية", 0.5, "i"),
    ],
  },
  {
    code: "EG",
    state: { en: "Cairo Governorate", ar: "محافظة القاهرة" },
    city: { en: "Cairo", ar: "القاهرة" },
    lat: 30.0444,
    lon: 31.2357,
    priceFactor: 0.22,
    weight: 6,
    coastal: false,
    metro: true,
    tourism: 0.1,
    towers: false,
    hoods: [
      h("Zamalek", "الزمالك", 1.8, "c"),
      h("Maadi", "المعادي", 1.3, "v"),
      h("Heliopolis", "مصر الجديدة", 1.2, "c"),
      h("Nasr City", "مدينة نصر", 0.9, "c"),
      h("Garden City", "جاردن سيتي", 1.5),
      h("Downtown Cairo", "وسط البلد", 0.85, "c"),
      h("Mokattam", "المقطم", 0.8),
    ],
  },
  {
    code: "EG",
    state: { en: "Cairo Governorate", ar: "محافظة القاهرة" },
    city: { en: "New Cairo", ar: "القاهرة الجديدة" },
    lat: 30.03,
    lon: 31.47,
    priceFactor: 0.27,
    weight: 5,
    coastal: false,
    metro: false,
    tourism: 0,
    towers: false,
    hoods: [
      h("Fifth Settlement", "التجمع الخامس", 1.15, "v"),
      h("First Settlement", "التجمع الأول", 0.9),
      h("Al Rehab", "الرحاب", 1.0, "v"),
      h("Mivida", "ميفيدا", 1.35, "v"),
      h("Golden Square", "المربع الذهبي", 1.25, "c"),
      h("Katameya Heights", "قطامية هايتس", 1.5, "v"),
      h("South 90th Street", "شارع التسعين الجنوبي", 1.3, "c"),
      h("Third Settlement", "التجمع الثالث", 0.8),
    ],
  },
  {
    code: "EG",
    state: { en: "Giza Governorate", ar: "محافظة الجيزة" },
    city: { en: "6th of October", ar: "السادس من أكتوبر" },
    lat: 29.9285,
    lon: 30.9188,
    priceFactor: 0.2,
    weight: 3,
    coastal: false,
    metro: false,
    tourism: 0,
    towers: false,
    hoods: [
      h("Al Hosary", "الحصري", 0.9, "c"),
      h("Beverly Hills", "بيفرلي هيلز", 1.2, "v"),
      h("Dreamland", "دريم لاند", 1.1, "v"),
      h("Palm Hills", "بالم هيلز", 1.4, "v"),
      h("West Somid", "غرب سوميد", 0.85),
      h("Al Motamayez District", "الحي المتميز", 0.95),
      h("Hadayek October", "حدائق أكتوبر", 0.75),
      h("Industrial Zone", "المنطقة الصناعية", 0.6, "i"),
    ],
  },
  {
    code: "EG",
    state: { en: "Alexandria Governorate", ar: "محافظة الإسكندرية" },
    city: { en: "Alexandria", ar: "الإسكندرية" },
    lat: 31.2001,
    lon: 29.9187,
    priceFactor: 0.2,
    weight: 3,
    coastal: true,
    metro: false,
    tourism: 0.25,
    towers: false,
    hoods: [
      h("Smouha", "سموحة", 1.15, "c"),
      h("Stanley", "ستانلي", 1.3, "s"),
      h("Gleem", "جليم", 1.25, "s"),
      h("Sidi Gaber", "سيدي جابر", 1.0, "c"),
      h("Miami", "ميامي", 0.9, "s"),
      h("Roushdy", "رشدي", 1.15),
      h("Louran", "لوران", 1.05, "s"),
      h("Sporting", "سبورتنج", 1.0),
      h("Al Amreya", "العامرية", 0.5, "i"),
    ],
  },
  {
    code: "OM",
    state: { en: "Muscat Governorate", ar: "محافظة مسقط" },
    city: { en: "Muscat", ar: "مسقط" },
    lat: 23.588,
    lon: 58.3829,
    priceFactor: 0.5,
    weight: 8,
    coastal: true,
    metro: false,
    tourism: 0.3,
    towers: false,
    hoods: [
      h("Al Mouj", "الموج", 1.4, "sv"),
      h("Qurum", "القرم", 1.3, "sv"),
      h("Madinat Sultan Qaboos", "مدينة السلطان قابوس", 1.25, "v"),
      h("Al Khuwair", "الخوير", 1.0, "c"),
      h("Bausher", "بوشر", 0.9, "v"),
      h("Al Ghubrah", "الغبرة", 0.95),
      h("Muscat Hills", "مسقط هيلز", 1.15, "v"),
      h("Al Seeb", "السيب", 0.8, "s"),
      h("Ghala", "غلا", 0.6, "i"),
    ],
  },
];

function buildCities(): DemoCity[] {
  return CITIES.map((c) => ({
    countryCode: c.code,
    country: { ...COUNTRIES[c.code].name },
    state: { ...c.state },
    city: { ...c.city },
    latitude: c.lat,
    longitude: c.lon,
    neighbourhoods: c.hoods.map((hd) => hd.en),
    priceFactor: c.priceFactor,
  }));
}

/* ------------------------------------------------------------------------ */
/* Users                                                                     */
/* ------------------------------------------------------------------------ */

interface UserDef {
  local: string;
  name: string;
  type: DemoUser["type"];
  city: number;
  about: string;
  facebook?: string;
  instagram?: string;
}

const USERS: readonly UserDef[] = [
  {
    local: "layla.haddad",
    name: "Layla Haddad",
    type: "agent",
    city: 0,
    about:
      "Waterfront specialist with nine years in Dubai Marina and JBR; I answer every enquiry within the hour.",
    instagram: "layla.haddad.homes",
  },
  {
    local: "omar.almansoori",
    name: "Omar Al Mansoori",
    type: "agent",
    city: 0,
    about:
      "Emirati broker focused on family villas in Arabian Ranches and Dubai Hills Estate. Arabic and English.",
    facebook: "omar.almansoori.realty",
  },
  {
    local: "priya.nair",
    name: "Priya Nair",
    type: "agent",
    city: 0,
    about: "I help first-time buyers and tenants find well-priced homes in JVC, Al Barsha and Silicon Oasis.",
    instagram: "priyanair.property",
  },
  {
    local: "james.whitfield",
    name: "James Whitfield",
    type: "agent",
    city: 0,
    about:
      "Commercial agent covering offices, retail and light-industrial units across Business Bay and Al Quoz.",
  },
  {
    local: "fatima.alsuwaidi",
    name: "Fatima Al Suwaidi",
    type: "owner",
    city: 0,
    about:
      "Owner of a small portfolio of holiday homes in Downtown Dubai and on the Palm. Direct from owner, no commission.",
  },
  {
    local: "sales.azurebay",
    name: "Azure Bay Developments",
    type: "developer",
    city: 0,
    about: "Boutique developer delivering waterfront and community residences in Dubai since 2012.",
    facebook: "azurebaydevelopments",
    instagram: "azurebay.dev",
  },
  {
    local: "rashid.alketbi",
    name: "Rashid Al Ketbi",
    type: "agent",
    city: 1,
    about: "Abu Dhabi specialist for Al Reem, Saadiyat and Yas Island, from off-plan to resale.",
    instagram: "rashid.ketbi.ad",
  },
  {
    local: "anna.kowalski",
    name: "Anna Kowalski",
    type: "agent",
    city: 1,
    about: "Relocation consultant helping expat families settle in Khalifa City and Al Raha Beach.",
  },
  {
    local: "sara.alhammadi",
    name: "Sara Al Hammadi",
    type: "owner",
    city: 1,
    about: "مالكة لعدد من الوحدات السكنية في جزيرة الريم ومدينة خليفة، وأتعامل مباشرة مع المستأجرين.",
  },
  {
    local: "sales.cornichecrest",
    name: "Corniche Crest Properties",
    type: "developer",
    city: 1,
    about: "Abu Dhabi developer of mid-rise residential buildings and townhouse communities.",
    facebook: "cornichecrest",
  },
  {
    local: "karim.nasser",
    name: "Karim Nasser",
    type: "agent",
    city: 2,
    about: "Leasing agent for Sharjah and Ajman, specialising in family apartments near schools and parks.",
  },
  {
    local: "hind.alnuaimi",
    name: "Hind Al Nuaimi",
    type: "owner",
    city: 3,
    about: "مالكة شقق في كورنيش عجمان والنعيمية، أؤجرها مباشرة ودون عمولة.",
  },
  {
    local: "mohammed.alshehhi",
    name: "Mohammed Al Shehhi",
    type: "agent",
    city: 4,
    about: "Ras Al Khaimah agent covering Al Marjan Island, Mina Al Arab and Al Hamra Village.",
    instagram: "alshehhi.rak",
  },
  {
    local: "khalid.aldhaheri",
    name: "Khalid Al Dhaheri",
    type: "owner",
    city: 5,
    about: "أملك فللاً وأراضي في العين، وأبحث عن مستأجرين ومشترين جادين.",
  },
  {
    local: "abdullah.alqahtani",
    name: "Abdullah Al Qahtani",
    type: "agent",
    city: 6,
    about: "وسيط عقاري مرخص في الرياض، متخصص في الفلل والأراضي السكنية شمال المدينة.",
    facebook: "alqahtani.realestate",
  },
  {
    local: "noura.alotaibi",
    name: "Noura Al Otaibi",
    type: "agent",
    city: 6,
    about: "مستشارة عقارية أساعد العائلات في العثور على شقق ودوبلكسات في الملقا وحطين والياسمين.",
    instagram: "noura.homes.ruh",
  },
  {
    local: "sales.najdhorizons",
    name: "Najd Horizons Development",
    type: "developer",
    city: 6,
    about: "Riyadh developer of villa compounds and mixed-use projects in the city’s northern districts.",
  },
  {
    local: "faisal.alharbi",
    name: "Faisal Al Harbi",
    type: "owner",
    city: 7,
    about: "Owner of seafront apartments in Al Shati and Obhur, available for sale and long-term rent.",
  },
  {
    local: "reem.alghamdi",
    name: "Reem Al Ghamdi",
    type: "agent",
    city: 7,
    about: "وكيلة عقارية في جدة، خبرة سبع سنوات في أحياء الروضة والزهراء والحمراء.",
  },
  {
    local: "turki.aldossary",
    name: "Turki Al Dossary",
    type: "agent",
    city: 8,
    about:
      "Dammam and Khobar agent handling villas, offices and warehouses for local and relocating clients.",
  },
  {
    local: "ahmed.mostafa",
    name: "Ahmed Mostafa",
    type: "agent",
    city: 9,
    about: "خبرة تزيد على 12 عاماً في بيع وتأجير الشقق في الزمالك والمعادي ومصر الجديدة.",
    facebook: "ahmedmostafa.realestate",
  },
  {
    local: "mariam.abdelrahman",
    name: "Mariam Abdelrahman",
    type: "agent",
    city: 10,
    about: "New Cairo consultant for compounds in the Fifth Settlement, Mivida and Katameya Heights.",
    instagram: "mariam.newcairo.homes",
  },
  {
    local: "sales.nilegate",
    name: "Nile Gate Developments",
    type: "developer",
    city: 10,
    about:
      "Developer of gated residential compounds in New Cairo and West Cairo with flexible instalment plans.",
    facebook: "nilegatedevelopments",
  },
  {
    local: "youssef.elsayed",
    name: "Youssef El Sayed",
    type: "owner",
    city: 11,
    about: "Engineer and owner of several units in 6th of October; selling and renting directly.",
  },
  {
    local: "nour.hassan",
    name: "Nour Hassan",
    type: "agent",
    city: 12,
    about: "Alexandria agent for sea-view apartments from Stanley to Louran, plus summer rentals.",
  },
  {
    local: "salim.alharthy",
    name: "Salim Al Harthy",
    type: "agent",
    city: 13,
    about: "وكيل عقاري في مسقط متخصص في مشاريع الموج والقرم ومدينة السلطان قابوس.",
    instagram: "alharthy.muscat",
  },
  {
    local: "maryam.albalushi",
    name: "Maryam Al Balushi",
    type: "owner",
    city: 13,
    about: "Owner of villas and apartments in Bausher and Al Seeb, open to long-term family tenants.",
  },
];

function mobileFor(rng: Rng, code: CountryCode): string {
  const digits = (n: number): string => {
    let s = "";
    for (let i = 0; i < n; i++) s += String(rng.int(0, 9));
    return s;
  };
  switch (code) {
    case "AE":
      return `+9715${rng.pick(["0", "2", "4", "5", "6", "8"])}${digits(7)}`;
    case "SA":
      return `+9665${rng.pick(["0", "3", "4", "5", "6", "9"])}${digits(7)}`;
    case "EG":
      return `+201${rng.pick(["0", "1", "2", "5"])}${digits(8)}`;
    case "OM":
      return `+9689${rng.pick(["1", "2", "5", "6", "8", "9"])}${digits(6)}`;
  }
}

function buildUsers(rng: Rng): DemoUser[] {
  return USERS.map((u) => {
    const city = at(CITIES, u.city);
    const hood = rng.pick(city.hoods.filter((hd) => !hd.tags.includes("i")));
    const address =
      u.type === "owner"
        ? `${rng.pick(["Villa", "Apartment"])} ${rng.int(3, 480)}, ${hood.en}, ${city.city.en}`
        : `Office ${rng.int(1, 24)}${String(rng.int(1, 18)).padStart(2, "0")}, ${hood.en}, ${city.city.en}`;
    const user: DemoUser = {
      key: u.local.replace(/\./g, "-"),
      name: u.name,
      email: `${u.local}@demo.souq.test`,
      mobile: mobileFor(rng, city.code),
      type: u.type,
      about_me: u.about,
      cityIndex: u.city,
      address,
    };
    if (u.facebook !== undefined) user.facebook_id = u.facebook;
    if (u.instagram !== undefined) user.instagram_id = u.instagram;
    return user;
  });
}

/* ------------------------------------------------------------------------ */
/* Listing plan (city / category / type / duration)                          */
/* ------------------------------------------------------------------------ */

interface Slot {
  city: number;
  cat: number;
  type: "sell" | "rent";
  duration: Duration | null;
}

const DURATIONS: readonly Duration[] = ["daily", "monthly", "quarterly", "yearly"];

function allocate(rng: Rng, weights: readonly number[], n: number): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / total) * n);
  const counts = exact.map((x) => Math.floor(x));
  let left = n - counts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => [i, x - Math.floor(x)] as const)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  for (const [i] of order) {
    if (left <= 0) break;
    counts[i] = at(counts, i) + 1;
    left--;
  }
  const out: number[] = [];
  counts.forEach((c, i) => {
    for (let k = 0; k < c; k++) out.push(i);
  });
  return rng.shuffle(out);
}

function pickDuration(rng: Rng, cat: CatDef, city: CityDef): Duration {
  if (cat.key === "land") return "yearly";
  const dailyBase: Partial<Record<CatKey, number>> = {
    studio: 0.6,
    apartment: 0.38,
    penthouse: 0.3,
    duplex: 0.12,
    villa: 0.08,
    townhouse: 0.04,
  };
  const daily = (dailyBase[cat.key] ?? 0) * city.tourism;
  if (rng.chance(daily)) return "daily";
  if (cat.group === "office" || cat.group === "shop" || cat.group === "warehouse") {
    return city.code === "EG"
      ? rng.weighted([
          ["monthly", 5],
          ["quarterly", 2],
          ["yearly", 3],
        ] as const)
      : rng.weighted([
          ["monthly", 0.5],
          ["quarterly", 2],
          ["yearly", 7.5],
        ] as const);
  }
  switch (city.code) {
    case "AE":
      return rng.weighted([
        ["monthly", 1.8],
        ["quarterly", 1.2],
        ["yearly", 7],
      ] as const);
    case "SA":
      return rng.weighted([
        ["monthly", 2.5],
        ["quarterly", 1.5],
        ["yearly", 6],
      ] as const);
    case "EG":
      return rng.weighted([
        ["monthly", 7],
        ["quarterly", 1.5],
        ["yearly", 1.5],
      ] as const);
    case "OM":
      return rng.weighted([
        ["monthly", 5],
        ["quarterly", 1],
        ["yearly", 4],
      ] as const);
  }
}

function buildPlan(rng: Rng, n: number): Slot[] {
  const cityPlan = allocate(
    rng,
    CITIES.map((c) => c.weight),
    n,
  );
  const slots: Slot[] = cityPlan.map((cityIndex) => {
    const city = at(CITIES, cityIndex);
    const mult = CAT_COUNTRY_MULT[city.code];
    const cat = rng.weighted(CATS.map((c, i) => [i, c.weight * (mult[c.key] ?? 1)] as const));
    return { city: cityIndex, cat, type: "sell", duration: null };
  });

  // Every category at least once (when there is room for it).
  if (n >= CATS.length) {
    CATS.forEach((_, catIndex) => {
      if (slots.some((s) => s.cat === catIndex)) return;
      const counts = new Map<number, number>();
      for (const s of slots) counts.set(s.cat, (counts.get(s.cat) ?? 0) + 1);
      const donors = slots.filter((s) => (counts.get(s.cat) ?? 0) > 1);
      if (donors.length > 0) rng.pick(donors).cat = catIndex;
    });
  }

  for (const s of slots) {
    const cat = at(CATS, s.cat);
    s.type = rng.chance(cat.sellP) ? "sell" : "rent";
    s.duration = s.type === "rent" ? pickDuration(rng, cat, at(CITIES, s.city)) : null;
  }

  // Both listing types and every rent duration present (when there is room).
  if (n >= 2) {
    for (const type of ["sell", "rent"] as const) {
      if (slots.some((s) => s.type === type)) continue;
      const s = rng.pick(slots.filter((x) => at(CATS, x.cat).key !== "land"));
      s.type = type;
      s.duration = type === "rent" ? pickDuration(rng, at(CATS, s.cat), at(CITIES, s.city)) : null;
    }
  }
  if (n >= 6) {
    for (const d of DURATIONS) {
      if (slots.some((s) => s.duration === d)) continue;
      const fits = (s: Slot): boolean => {
        const key = at(CATS, s.cat).key;
        if (d === "daily") return key === "studio" || key === "apartment";
        return key !== "land";
      };
      const durationCount = (x: Duration | null): number => slots.filter((s) => s.duration === x).length;
      const sellCount = slots.filter((s) => s.type === "sell").length;
      let candidates = slots.filter((s) => s.type === "rent" && durationCount(s.duration) > 1 && fits(s));
      if (candidates.length === 0 && sellCount > 1)
        candidates = slots.filter((s) => s.type === "sell" && fits(s));
      if (d === "daily") {
        const touristy = candidates.filter((s) => at(CITIES, s.city).tourism >= 0.3);
        if (touristy.length > 0) candidates = touristy;
      }
      if (candidates.length === 0) continue;
      const s = rng.pick(candidates);
      s.type = "rent";
      s.duration = d;
    }
  }
  return slots;
}

/* ------------------------------------------------------------------------ */
/* Attribute generation                                                      */
/* ------------------------------------------------------------------------ */

interface AdjDef {
  en: string;
  m: string;
  f: string;
  dm: string;
  df: string;
  ok: (a: Attrs) => boolean;
}

interface Attrs {
  cat: CatDef;
  city: CityDef;
  hood: HoodDef;
  type: "sell" | "rent";
  duration: Duration | null;
  beds: number | null;
  baths: number | null;
  area: number | null;
  plot: number | null;
  parking: number | null;
  furnished: string | null;
  floor: number | null;
  year: number;
  view: string | null;
  amenities: string[];
  zoning: string | null;
}

const isRes = (a: Attrs): boolean => a.cat.group === "flat" || a.cat.group === "house";

const ADJECTIVES: readonly AdjDef[] = [
  {
    en: "spacious",
    m: "واسع",
    f: "واسعة",
    dm: "الواسع",
    df: "الواسعة",
    ok: (a) => (a.area ?? 0) > 900 || a.cat.group === "land" || a.cat.group === "warehouse",
  },
  {
    en: "modern",
    m: "حديث",
    f: "حديثة",
    dm: "الحديث",
    df: "الحديثة",
    ok: (a) => a.cat.group !== "land" && a.year >= 2012,
  },
  { en: "elegant", m: "أنيق", f: "أنيقة", dm: "الأنيق", df: "الأنيقة", ok: isRes },
  {
    en: "luxury",
    m: "فاخر",
    f: "فاخرة",
    dm: "الفاخر",
    df: "الفاخرة",
    ok: (a) =>
      (isRes(a) || a.cat.group === "office") &&
      a.hood.mult * a.city.priceFactor >= 0.25 &&
      a.hood.mult >= 1.1,
  },
  {
    en: "bright",
    m: "مشرق",
    f: "مشرقة",
    dm: "المشرق",
    df: "المشرقة",
    ok: (a) => a.cat.group === "flat" || a.cat.group === "office",
  },
  {
    en: "stylish",
    m: "عصري",
    f: "عصرية",
    dm: "العصري",
    df: "العصرية",
    ok: (a) => isRes(a) && a.year >= 2010,
  },
  {
    en: "renovated",
    m: "مجدد",
    f: "مجددة",
    dm: "المجدد",
    df: "المجددة",
    ok: (a) => a.cat.group !== "land" && a.year < 2014,
  },
  {
    en: "brand-new",
    m: "جديد",
    f: "جديدة",
    dm: "الجديد",
    df: "الجديدة",
    ok: (a) => a.cat.group !== "land" && a.year >= 2024,
  },
  {
    en: "family",
    m: "عائلي",
    f: "عائلية",
    dm: "العائلي",
    df: "العائلية",
    ok: (a) => isRes(a) && (a.beds ?? 0) >= 3,
  },
  {
    en: "cozy",
    m: "مريح",
    f: "مريحة",
    dm: "المريح",
    df: "المريحة",
    ok: (a) => a.cat.key === "studio" || (a.cat.group === "flat" && (a.beds ?? 0) <= 1),
  },
  {
    en: "quiet",
    m: "هادئ",
    f: "هادئة",
    dm: "الهادئ",
    df: "الهادئة",
    ok: (a) => isRes(a) && !a.hood.tags.includes("c"),
  },
  {
    en: "prime",
    m: "مميز",
    f: "مميزة",
    dm: "المميز",
    df: "المميزة",
    ok: (a) => !isRes(a) || a.hood.mult >= 1.2,
  },
  {
    en: "fitted",
    m: "مجهز",
    f: "مجهزة",
    dm: "المجهز",
    df: "المجهزة",
    ok: (a) => a.cat.group === "office" && a.furnished !== "Unfurnished",
  },
  {
    en: "well-kept",
    m: "معتنى به",
    f: "معتنى بها",
    dm: "المعتنى به",
    df: "المعتنى بها",
    ok: (a) => a.cat.group !== "land",
  },
];

function hoodWeight(hd: HoodDef, cat: CatDef): number {
  const t = hd.tags;
  const has = (c: string): boolean => t.includes(c);
  switch (cat.group) {
    case "house":
      return has("v") ? 5 : has("i") ? 0.05 : has("c") ? 0.2 : 0.7;
    case "flat": {
      if (has("i")) return 0.03;
      let w = has("v") && !has("s") ? 0.5 : has("c") ? 1.3 : 1.5;
      if (has("s") && (cat.key === "penthouse" || cat.key === "apartment")) w *= 1.8;
      return w;
    }
    case "office":
      return has("c") ? 5 : has("i") ? 0.2 : has("v") ? 0.02 : 0.8;
    case "shop":
      return has("c") ? 4 : has("i") ? 0.2 : has("v") ? 0.3 : 1;
    case "warehouse":
      return has("i") ? 20 : 0.01;
    case "land":
      return has("v") ? 2 : has("i") ? 1.5 : has("c") ? 0.6 : 1;
  }
}

function weightedCount(rng: Rng, table: readonly (readonly [number, number])[]): number {
  return rng.weighted(table);
}

function areaRound(x: number): number {
  return x >= 10_000 ? Math.round(x / 100) * 100 : Math.round(x / 5) * 5;
}

function genAttrs(
  rng: Rng,
  cat: CatDef,
  city: CityDef,
  hood: HoodDef,
  type: "sell" | "rent",
  duration: Duration | null,
): Attrs {
  const a: Attrs = {
    cat,
    city,
    hood,
    type,
    duration,
    beds: null,
    baths: null,
    area: null,
    plot: null,
    parking: null,
    furnished: null,
    floor: null,
    year: 2015,
    view: null,
    amenities: [],
    zoning: null,
  };
  const egypt = city.code === "EG";

  // Year built: skewed towards recent construction, older stock in established districts.
  const oldest = egypt && city.city.en === "Cairo" ? 1965 : egypt || city.code === "OM" ? 1990 : 1996;
  a.year = Math.min(2026, Math.round(2026 - Math.pow(rng.next(), 1.4) * (2026 - oldest)));
  if (city.city.en === "New Cairo" || city.city.en === "6th of October") a.year = Math.max(a.year, 2003);

  switch (cat.key) {
    case "apartment":
      a.beds = weightedCount(rng, [
        [1, 35],
        [2, 35],
        [3, 22],
        [4, 8],
      ]);
      break;
    case "penthouse":
      a.beds = weightedCount(rng, [
        [3, 35],
        [4, 35],
        [5, 20],
        [6, 10],
      ]);
      break;
    case "duplex":
      a.beds = weightedCount(rng, [
        [2, 25],
        [3, 45],
        [4, 25],
        [5, 5],
      ]);
      break;
    case "townhouse":
      a.beds = weightedCount(rng, [
        [2, 15],
        [3, 45],
        [4, 30],
        [5, 10],
      ]);
      break;
    case "villa":
      a.beds = weightedCount(rng, [
        [3, 15],
        [4, 30],
        [5, 30],
        [6, 15],
        [7, 10],
      ]);
      break;
    default:
      break;
  }
  const beds = a.beds ?? 0;

  // Areas in sq ft.
  switch (cat.key) {
    case "studio":
      a.area = areaRound(rng.float(320, 650));
      break;
    case "apartment": {
      const ranges: Record<number, [number, number]> = {
        1: [650, 1000],
        2: [1000, 1500],
        3: [1450, 2200],
        4: [2200, 3300],
      };
      const [lo, hi] = ranges[beds] ?? [900, 1400];
      a.area = areaRound(rng.float(lo, hi) * (egypt ? 1.15 : 1));
      break;
    }
    case "penthouse":
      a.area = areaRound(rng.float(beds * 900, beds * 1500));
      break;
    case "duplex":
      a.area = areaRound(rng.float(beds * 650, beds * 950));
      break;
    case "townhouse":
      a.area = areaRound(rng.float(beds * 600, beds * 850));
      break;
    case "villa":
      a.area = areaRound(rng.float(beds * 800, beds * 1600));
      break;
    case "office":
      a.area = areaRound(450 + Math.pow(rng.next(), 2.2) * 9500);
      break;
    case "shop":
      a.area = areaRound(300 + Math.pow(rng.next(), 2) * 3700);
      break;
    case "warehouse":
      a.area = areaRound(2500 + Math.pow(rng.next(), 2) * 57500);
      break;
    case "land":
      break;
  }

  // Plot area.
  if (cat.group === "house")
    a.plot = areaRound((a.area ?? 0) * (cat.key === "villa" ? rng.float(1.3, 2.6) : rng.float(1.05, 1.45)));
  if (cat.group === "warehouse") a.plot = areaRound((a.area ?? 0) * rng.float(1.1, 1.7));

  // Zoning.
  if (cat.group === "land") {
    const agriOk =
      hood.mult < 1.2 &&
      (city.code !== "AE" || city.city.en === "Al Ain" || city.city.en === "Ras Al Khaimah");
    a.zoning = rng.weighted([
      ["Residential", hood.tags.includes("v") ? 60 : 35],
      ["Commercial", hood.tags.includes("c") || hood.tags.includes("i") ? 35 : 15],
      ["Mixed use", 18],
      ["Agricultural", agriOk ? (hood.tags.includes("i") ? 5 : 14) : 0],
    ] as const);
    const [lo, hi] =
      a.zoning === "Agricultural"
        ? [20_000, 250_000]
        : a.zoning === "Residential"
          ? [3_000, 25_000]
          : [5_000, 120_000];
    a.plot = areaRound(lo + Math.pow(rng.next(), 2) * (hi - lo));
  }
  if (cat.group === "warehouse") a.zoning = rng.chance(0.7) ? "Commercial" : "Mixed use";

  // Bathrooms.
  if (cat.key === "studio") a.baths = 1;
  else if (beds > 0)
    a.baths = beds + (rng.chance(cat.group === "house" || cat.key === "penthouse" ? 0.6 : 0.4) ? 1 : 0);

  // Parking.
  switch (cat.key) {
    case "apartment":
    case "duplex":
      a.parking = beds >= 3 ? 2 : 1;
      break;
    case "penthouse":
      a.parking = rng.int(2, 4);
      break;
    case "townhouse":
      a.parking = 2;
      break;
    case "villa":
      a.parking = Math.min(6, rng.int(2, 3) + Math.floor(beds / 3));
      break;
    case "office":
      a.parking = Math.max(1, Math.round((a.area ?? 0) / 1000) + rng.int(0, 2));
      break;
    case "shop":
      a.parking = rng.int(0, 3);
      break;
    case "warehouse":
      a.parking = rng.int(2, 10);
      break;
    default:
      break;
  }

  // Furnishing.
  if (cat.params.includes("furnished")) {
    if (duration === "daily") a.furnished = "Furnished";
    else if (cat.group === "office")
      a.furnished = rng.weighted([
        ["Furnished", 3],
        ["Semi-furnished", 3],
        ["Unfurnished", 4],
      ] as const);
    else if (duration === "monthly")
      a.furnished = rng.weighted([
        ["Furnished", 6],
        ["Semi-furnished", 2],
        ["Unfurnished", 2],
      ] as const);
    else
      a.furnished = rng.weighted([
        ["Furnished", 2.5],
        ["Semi-furnished", 1.5],
        ["Unfurnished", 6],
      ] as const);
  }

  // Floor.
  if (cat.params.includes("floor")) {
    const high = city.towers && !hood.tags.includes("v") ? 1 : 0.3;
    switch (cat.key) {
      case "penthouse":
        a.floor = Math.round(rng.float(12, 20 + 55 * high));
        break;
      case "apartment":
      case "studio":
        a.floor = 1 + Math.round(Math.pow(rng.next(), 1.6) * (egypt ? 11 : 8 + 37 * high));
        break;
      case "duplex":
        a.floor = rng.int(1, Math.round(6 + 20 * high));
        break;
      case "office":
        a.floor = 1 + Math.round(Math.pow(rng.next(), 1.3) * (5 + 40 * high));
        break;
      case "shop":
        a.floor = rng.chance(0.8) ? 0 : 1;
        break;
      default:
        break;
    }
  }

  // View.
  if (cat.params.includes("view")) {
    const sea = hood.tags.includes("s");
    if (cat.group === "office")
      a.view = rng.weighted([
        ["Sea", sea ? 3 : 0],
        ["City", 7],
        ["Garden", 0.5],
        ["Community", 1],
      ] as const);
    else if (cat.group === "house")
      a.view = rng.weighted([
        ["Sea", sea ? 3 : 0],
        ["City", 0.5],
        ["Garden", 4],
        ["Community", 4],
      ] as const);
    else
      a.view = rng.weighted([
        ["Sea", sea ? 5 : 0],
        ["City", (a.floor ?? 0) >= 10 ? 5 : 2.5],
        ["Garden", 2],
        ["Community", 3],
      ] as const);
  }

  // Amenities.
  if (cat.params.includes("amenities")) {
    const p: Record<string, number> = {};
    if (cat.group === "house") {
      Object.assign(p, {
        Balcony: 0.5,
        "Maid's room": 0.75,
        Study: 0.4,
        "Built-in wardrobes": 0.8,
        "Central A/C": 0.8,
        "Private pool": cat.key === "villa" ? 0.55 : 0.1,
        "Private garden": cat.key === "villa" ? 0.85 : 0.7,
        "Pets allowed": 0.45,
      });
    } else if (cat.key === "studio") {
      Object.assign(p, { Balcony: 0.4, "Built-in wardrobes": 0.6, "Central A/C": 0.7, "Pets allowed": 0.2 });
    } else {
      Object.assign(p, {
        Balcony: 0.7,
        "Maid's room": beds >= 3 ? 0.55 : 0,
        Study: beds >= 2 ? 0.3 : 0.05,
        "Built-in wardrobes": 0.7,
        "Central A/C": 0.7,
        "Private pool": cat.key === "penthouse" ? 0.45 : cat.key === "duplex" ? 0.08 : 0.02,
        "Private garden": cat.key === "duplex" ? 0.15 : 0,
        "Pets allowed": 0.3,
      });
    }
    a.amenities = AMENITIES.map((o) => o.en)
      .filter((k) => rng.chance(p[k] ?? 0))
      .slice(0, 6);
    if (a.amenities.length === 0) a.amenities = ["Central A/C"];
  }
  return a;
}

function genFacilities(rng: Rng, a: Attrs): { key: string; distance: number }[] {
  const weights = FACILITY_WEIGHTS[a.cat.group];
  const eligible = FACILITIES.filter(
    (f) => (f.key !== "metro_station" || a.city.metro) && (f.key !== "beach" || a.city.coastal),
  );
  const n = rng.int(2, 6);
  // Weighted sampling without replacement (Efraimidis–Spirakis keys).
  const keyed = eligible.map((f) => ({ f, k: Math.pow(rng.next(), 1 / (weights[f.key] ?? 1)) }));
  keyed.sort((x, y) => y.k - x.k);
  return keyed
    .slice(0, n)
    .map((x) => x.f)
    .map((f) => {
      let lo = f.min;
      let hi = f.max;
      if (f.key === "beach" && a.hood.tags.includes("s")) [lo, hi] = [0.2, 1.5];
      const d = round1(lo + Math.pow(rng.next(), 1.3) * (hi - lo));
      return { key: f.key, distance: Math.min(15, Math.max(0.2, d)) };
    })
    .sort((x, y) => x.distance - y.distance);
}

function computePrice(rng: Rng, a: Attrs): number {
  const loc = a.city.priceFactor * a.hood.mult;
  const area = a.area ?? 0;
  const plot = a.plot ?? 0;
  let value: number;
  switch (a.cat.group) {
    case "land": {
      const zm: Record<string, number> = {
        Residential: 1,
        Commercial: 1.5,
        "Mixed use": 1.3,
        Agricultural: 0.12,
      };
      value = plot * a.cat.ppsf * (zm[a.zoning ?? "Residential"] ?? 1) * loc;
      break;
    }
    case "house":
      value = (area + Math.max(0, plot - area) * 0.12) * a.cat.ppsf * loc;
      break;
    default:
      value = area * a.cat.ppsf * loc;
  }
  value *= rng.float(0.88, 1.15);
  if (a.view === "Sea") value *= 1.12;
  if (a.cat.group !== "land") {
    if (a.year >= 2023) value *= 1.05;
    else if (a.year < 2005) value *= 0.85;
  }
  if (a.furnished === "Furnished" && isRes(a)) value *= 1.04;
  if (a.type === "sell") return Math.min(65_000_000, Math.max(90_000, roundNice(value)));

  const yearly = value * a.cat.yld * (a.furnished === "Furnished" ? 1.12 : 1);
  switch (a.duration) {
    case "daily":
      return roundNice(Math.max(120, (yearly / 365) * 1.9));
    case "monthly":
      return roundNice((yearly / 12) * 1.12);
    case "quarterly":
      return roundNice((yearly / 4) * 1.05);
    default:
      return roundNice(yearly);
  }
}

/* ------------------------------------------------------------------------ */
/* Text: titles, descriptions, meta                                          */
/* ------------------------------------------------------------------------ */

interface TextCtx {
  a: Attrs;
  adj: AdjDef;
  nounEn: string;
  bedLabel: string;
  facilities: { key: string; distance: number }[];
  ownerType: DemoUser["type"];
  price: number;
}

const AMENITY_EN: Record<string, string> = {
  Balcony: "a private balcony",
  "Maid's room": "a maid's room",
  Study: "a separate study",
  "Built-in wardrobes": "built-in wardrobes",
  "Central A/C": "central air-conditioning",
  "Private pool": "a private swimming pool",
  "Private garden": "a landscaped private garden",
  "Pets allowed": "a pet-friendly policy",
};
const AMENITY_AR: Record<string, string> = {
  Balcony: "شرفة واسعة",
  "Maid's room": "غرفة للخادمة",
  Study: "غرفة مكتب مستقلة",
  "Built-in wardrobes": "خزائن ملابس مدمجة",
  "Central A/C": "تكييف مركزي",
  "Private pool": "مسبح خاص",
  "Private garden": "حديقة خاصة منسقة",
  "Pets allowed": "إمكانية اصطحاب الحيوانات الأليفة",
};
const VIEW_EN: Record<string, string> = {
  Sea: "uninterrupted sea",
  City: "sweeping city",
  Garden: "leafy garden",
  Community: "peaceful community",
};
const VIEW_AR: Record<string, string> = {
  Sea: "مفتوحة على البحر",
  City: "بانورامية على المدينة",
  Garden: "هادئة على الحديقة",
  Community: "على المجمع السكني",
};
const ZONING_EN_ADJ: Record<string, string> = {
  Residential: "residential",
  Commercial: "commercial",
  "Mixed use": "mixed-use",
  Agricultural: "agricultural",
};
const ZONING_AR_F: Record<string, string> = {
  Residential: "سكنية",
  Commercial: "تجارية",
  "Mixed use": "متعددة الاستخدامات",
  Agricultural: "زراعية",
};
const ZONING_AR_M: Record<string, string> = {
  Residential: "سكني",
  Commercial: "تجاري",
  "Mixed use": "متعدد الاستخدامات",
  Agricultural: "زراعي",
};
const FURNISHED_EN: Record<string, string> = {
  Furnished: "fully furnished",
  "Semi-furnished": "semi-furnished",
  Unfurnished: "unfurnished",
};

function facilityDef(key: string): FacilityDef {
  const f = FACILITIES.find((x) => x.key === key);
  if (!f) throw new Error(`unknown facility ${key}`);
  return f;
}

function arBedrooms(n: number): string {
  if (n === 1) return "غرفة نوم واحدة";
  if (n === 2) return "غرفتي نوم";
  if (n <= 10) return `${n} غرف نوم`;
  return `${n} غرفة نوم`;
}
function arBathroomsAcc(n: number): string {
  if (n === 1) return "حماماً واحداً";
  if (n === 2) return "حمامين";
  if (n <= 10) return `${n} حمامات`;
  return `${n} حماماً`;
}
function arParking(n: number): string {
  if (n === 1) return "موقف واحد للسيارات";
  if (n === 2) return "موقفين للسيارات";
  if (n <= 10) return `${n} مواقف للسيارات`;
  return `${n} موقفاً للسيارات`;
}

function g<T>(gender: Gender, m: T, f: T): T {
  return gender === "f" ? f : m;
}

function purposeEn(a: Attrs): string {
  return a.type === "sell" ? "sale" : "rent";
}
function purposeAr(a: Attrs): string {
  if (a.type === "sell") return "للبيع";
  switch (a.duration) {
    case "daily":
      return "للإيجار اليومي";
    case "monthly":
      return "للإيجار الشهري";
    case "yearly":
      return "للإيجار السنوي";
    default:
      return "للإيجار";
  }
}

function nounPhraseEn(c: TextCtx): string {
  return c.bedLabel ? `${c.bedLabel} ${c.nounEn}` : c.nounEn;
}

function nearMetro(c: TextCtx): boolean {
  return c.facilities.some((f) => f.key === "metro_station" && f.distance <= 1.2);
}

function titleFeaturesEn(c: TextCtx): string[] {
  const a = c.a;
  const out: string[] = [];
  if (a.amenities.includes("Private pool")) out.push("with private pool");
  if (a.amenities.includes("Private garden")) out.push("with private garden");
  if (a.amenities.includes("Balcony") && a.cat.group === "flat") out.push("with balcony");
  if (a.amenities.includes("Maid's room")) out.push("with maid's room");
  if (a.amenities.includes("Study")) out.push("with study");
  if (nearMetro(c)) out.push("near metro");
  return out;
}

function titleFeaturesAr(c: TextCtx): string[] {
  const a = c.a;
  const gender = a.cat.ar.g;
  const out: string[] = [];
  if (a.view === "Sea") out.push("بإطلالة على البحر");
  if (a.view === "Garden") out.push("بإطلالة على الحديقة");
  if (a.amenities.includes("Private pool")) out.push("مع مسبح خاص");
  if (a.amenities.includes("Private garden")) out.push("مع حديقة خاصة");
  if (a.amenities.includes("Balcony") && a.cat.group === "flat") out.push("مع شرفة واسعة");
  if (a.amenities.includes("Maid's room")) out.push("مع غرفة خادمة");
  if (a.amenities.includes("Study")) out.push("مع غرفة مكتب");
  if (a.furnished === "Furnished") out.push(g(gender, "مفروش بالكامل", "مفروشة بالكامل"));
  if (nearMetro(c)) out.push("قرب محطة المترو");
  return out;
}

function titleEn(rng: Rng, c: TextCtx): string {
  const a = c.a;
  const hood = a.hood.en;
  const place = placeOf(a, "en");
  const adj = c.adj.en;
  const areaTxt = `${fmt(a.area ?? 0)} sq ft`;
  let t: string;
  switch (a.cat.group) {
    case "office":
      t = rng.pick([
        () =>
          `${adj} office ${rng.pick([a.parking !== null && a.parking > 1 ? `with ${a.parking} parking spaces` : "with parking", ...(nearMetro(c) ? ["near metro"] : []), ...(a.view === "Sea" ? ["with sea view"] : []), ...((a.floor ?? 0) >= 20 ? ["on a high floor"] : [])])} in ${hood}`,
        () => `${areaTxt} ${a.furnished === "Unfurnished" ? "shell and core" : "fitted"} office in ${place}`,
        () => `Grade A office space for ${purposeEn(a)} in ${hood}`,
      ])();
      break;
    case "shop":
      t = rng.pick([
        () => `${a.floor === 0 ? "ground-floor" : "first-floor"} retail shop in ${hood}`,
        () => `${areaTxt} shop for ${purposeEn(a)} on a busy street in ${hood}`,
        () =>
          `corner showroom with ${(a.parking ?? 0) > 0 ? "customer parking" : "high footfall"} in ${place}`,
      ])();
      break;
    case "warehouse":
      t = rng.pick([
        () => `${areaTxt} warehouse with loading bay in ${hood}`,
        () => `storage warehouse for ${purposeEn(a)} in ${place}`,
        () => `${adj} warehouse on ${aNum(a.plot ?? 0)} ${fmt(a.plot ?? 0)} sq ft plot – ${hood}`,
      ])();
      break;
    case "land": {
      const z = ZONING_EN_ADJ[a.zoning ?? "Residential"] ?? "residential";
      t = rng.pick([
        () => `${z} plot for ${purposeEn(a)} in ${hood}`,
        () => `${fmt(a.plot ?? 0)} sq ft ${z} land in ${place}`,
        () =>
          a.zoning === "Agricultural"
            ? `agricultural farmland with water access in ${hood}`
            : `corner ${z} plot, ready to build, in ${hood}`,
      ])();
      break;
    }
    default: {
      const np = nounPhraseEn(c);
      const feats = titleFeaturesEn(c);
      const feat = feats.length > 0 ? rng.pick(feats) : "";
      const viewAdj =
        a.view === "Sea"
          ? "sea-view"
          : a.view === "Garden"
            ? "garden-view"
            : a.view === "City" && (a.floor ?? 0) >= 15
              ? "skyline-view"
              : null;
      if (a.duration === "daily") {
        t = rng.pick([
          () => `fully furnished ${np} for short stays in ${hood}`,
          () => `holiday home: ${adj} ${np} in ${hood}`,
          () => `${viewAdj ?? adj} ${np} ${feat} – daily rental in ${hood}`,
        ])();
        break;
      }
      const closers =
        a.type === "sell"
          ? [
              "ready to move in",
              "priced to sell",
              "motivated seller",
              "vacant on transfer",
              "great investment",
            ]
          : a.duration === "yearly" && a.city.code === "AE"
            ? ["chiller free", "up to 4 cheques", "available now", "well maintained"]
            : a.duration === "monthly"
              ? ["bills included", "available now", "flexible terms"]
              : ["available now", "well maintained", "flexible payments"];
      t = rng.pick([
        () => `${viewAdj ?? adj} ${np} ${feat} in ${hood}`,
        () => `${adj} ${np} in ${place}`,
        () => `${np} ${feat || `for ${purposeEn(a)}`} | ${hood}`,
        () => `${np} for ${purposeEn(a)} in ${hood} – ${rng.pick(closers)}`,
        () => `${hood}: ${adj} ${np} ${feat}`,
        () => `${a.furnished === "Furnished" ? "fully furnished" : adj} ${np} ${feat} in ${hood}`,
      ])();
    }
  }
  return cap(tidy(t));
}

function titleAr(rng: Rng, c: TextCtx): string {
  const a = c.a;
  const hood = a.hood.ar;
  const place = placeOf(a, "ar");
  const gender = a.cat.ar.g;
  const adj = g(gender, c.adj.m, c.adj.f);
  const purpose = purposeAr(a);
  const areaTxt = `${fmt(a.area ?? 0)} قدم مربع`;
  let t: string;
  switch (a.cat.group) {
    case "office":
      t = rng.pick([
        () => `مكتب ${adj} ${purpose} في ${hood}`,
        () => `مكتب ${a.furnished === "Unfurnished" ? "جاهز للتشطيب" : "مجهز"} بمساحة ${areaTxt} في ${hood}`,
        () => `مساحة مكتبية ${c.adj.f} ${purpose} في ${place}`,
      ])();
      break;
    case "shop":
      t = rng.pick([
        () => `محل تجاري ${purpose} في ${hood}`,
        () => `محل تجاري على شارع رئيسي في ${place}`,
        () => `معرض تجاري بمساحة ${areaTxt} ${purpose} في ${hood}`,
      ])();
      break;
    case "warehouse":
      t = rng.pick([
        () => `مستودع بمساحة ${areaTxt} في ${hood}`,
        () => `مستودع ${purpose} مع منصة تحميل في ${place}`,
        () => `مستودع ${adj} على أرض مساحتها ${fmt(a.plot ?? 0)} قدم مربع في ${hood}`,
      ])();
      break;
    case "land": {
      const z = ZONING_AR_F[a.zoning ?? "Residential"] ?? "سكنية";
      t = rng.pick([
        () => `أرض ${z} ${purpose} في ${hood}`,
        () => `أرض ${z} بمساحة ${fmt(a.plot ?? 0)} قدم مربع في ${place}`,
        () =>
          a.zoning === "Agricultural"
            ? `أرض زراعية واسعة ${purpose} في ${hood}`
            : `أرض ${z} على زاوية وجاهزة للبناء في ${hood}`,
      ])();
      break;
    }
    default: {
      const noun = a.cat.ar.i;
      const beds = a.beds !== null ? `من ${arBedrooms(a.beds)}` : "";
      const feats = titleFeaturesAr(c);
      const feat = feats.length > 0 ? rng.pick(feats) : "";
      if (a.duration === "daily") {
        t = rng.pick([
          () => `${noun} ${g(gender, "مفروش", "مفروشة")} للإيجار اليومي في ${hood}`,
          () => `بيت عطلات: ${noun} ${adj} ${feat} في ${hood}`,
        ])();
        break;
      }
      t = rng.pick([
        () => `${noun} ${adj} ${feat} في ${hood}`,
        () => `${noun} ${beds} ${purpose} في ${place}`,
        () => `${purpose}: ${noun} ${adj} ${beds} في ${hood}`,
        () => `${noun} ${adj} ${beds} ${feat} في ${hood}`,
      ])();
    }
  }
  return tidy(t);
}

/* ----- English description ----- */

function descriptionEn(rng: Rng, c: TextCtx): string {
  const a = c.a;
  const hood = a.hood.en;
  const city = a.city.city.en;
  const place = placeOf(a, "en");
  const res = isRes(a);
  const np =
    a.cat.group === "land" ? `${ZONING_EN_ADJ[a.zoning ?? "Residential"] ?? ""} plot` : nounPhraseEn(c);
  const adj = c.adj.en;
  const area = fmt(a.area ?? 0);
  const plot = fmt(a.plot ?? 0);
  const beds = a.beds ?? 0;
  const baths = a.baths ?? 0;
  const bedsTxt = `${beds} bedroom${beds === 1 ? "" : "s"}`;
  const bathsTxt = `${baths} bathroom${baths === 1 ? "" : "s"}`;

  // Opening (always mentions the neighbourhood).
  const superlatives = res
    ? ["sought-after", "well-connected", "family-friendly", "established"]
    : a.cat.group === "land"
      ? ["fast-growing", "promising"]
      : ["active business", "well-connected"];
  const offers = res
    ? [
        "a rare combination of space and convenience",
        "excellent value for the location",
        "a comfortable, move-in-ready home",
      ]
    : a.cat.group === "land"
      ? ["a rare development opportunity", "a blank canvas in an established area"]
      : ["excellent visibility and easy access", "a ready-to-operate space for a growing business"];
  const opening =
    a.duration === "daily"
      ? `Stay in style in this ${adj} ${np} in ${place}, perfect for short breaks and business trips.`
      : rng.pick([
          () =>
            `This ${adj} ${np} is located in ${hood}, one of ${city}'s most ${rng.pick(superlatives)} neighbourhoods.`,
          () => `Set in the heart of ${place}, this ${np} offers ${rng.pick(offers)}.`,
          () =>
            `${rng.pick(["Discover", "Welcome to"])} this ${adj} ${np} for ${purposeEn(a)} in ${hood}, ${rng.pick(res ? ["a prime address in", "a quiet pocket of", "a vibrant part of"] : ["a prime address in", "a vibrant part of", "a busy commercial district of"])} ${city}.`,
        ])();

  // Space.
  let space: string;
  switch (a.cat.group) {
    case "house":
      space = rng.pick([
        `The home offers ${area} sq ft of built-up area on ${aNum(a.plot ?? 0)} ${plot} sq ft plot, with ${bedsTxt} and ${bathsTxt}.`,
        `Inside you will find ${bedsTxt}, ${bathsTxt} and ${area} sq ft of well-planned living space, set on ${aNum(a.plot ?? 0)} ${plot} sq ft plot.`,
      ]);
      break;
    case "flat":
      space =
        a.cat.key === "studio"
          ? `The ${area} sq ft open-plan layout includes a fitted kitchenette and a separate bathroom.`
          : rng.pick([
              `The layout spans ${area} sq ft with ${bedsTxt} and ${bathsTxt}.`,
              `Inside you will find ${bedsTxt}, ${bathsTxt} and ${area} sq ft of well-planned living space.`,
              `It offers ${area} sq ft across ${bedsTxt} and ${bathsTxt}, with an open living and dining area.`,
            ]);
      break;
    case "office":
      space = `The ${area} sq ft unit on the ${ordinal(a.floor ?? 1)} floor comes ${a.furnished === "Furnished" ? "fully fitted and furnished" : a.furnished === "Semi-furnished" ? "fitted with partitions and a pantry" : "as shell and core"} and includes ${a.parking ?? 1} parking space${a.parking === 1 ? "" : "s"}.`;
      break;
    case "shop":
      space = `The ${area} sq ft unit has a wide glass frontage, ${a.floor === 0 ? "direct street-level access" : "escalator access from the ground floor"}${(a.parking ?? 0) > 0 ? ` and ${a.parking} dedicated parking bay${a.parking === 1 ? "" : "s"}` : ""}.`;
      break;
    case "warehouse":
      space = `It provides ${area} sq ft of covered storage on ${aNum(a.plot ?? 0)} ${plot} sq ft plot, with high ceilings, a loading bay and ${a.parking} parking spaces.`;
      break;
    case "land": {
      const use: Record<string, string> = {
        Residential: "a family villa or a small residential building",
        Commercial: "an office, retail or showroom building",
        "Mixed use": "a scheme combining apartments with ground-floor retail",
        Agricultural: "farming, date palms or a private farm retreat",
      };
      space = `The plot measures ${plot} sq ft and is zoned ${ZONING_EN_ADJ[a.zoning ?? "Residential"]}, ideal for ${use[a.zoning ?? "Residential"]}.`;
      break;
    }
  }

  // Features.
  let features: string | null = null;
  if (res && a.amenities.length > 0) {
    const list = listEn(a.amenities.map((k) => AMENITY_EN[k] ?? k.toLowerCase()));
    const opts = [`Highlights include ${list}.`, `Residents will appreciate ${list}.`];
    if (a.furnished) opts.push(`It comes ${FURNISHED_EN[a.furnished]} and features ${list}.`);
    features = rng.pick(opts);
  } else if (a.cat.group === "office") {
    features = `The building offers 24/7 security, high-speed lifts and ${rng.pick(["covered parking", "valet parking", "a shared meeting lounge"])}.`;
  } else if (a.cat.group === "shop") {
    features = `It suits ${rng.pick(["cafés, pharmacies, salons or convenience retail", "a clinic, showroom or restaurant", "fashion, electronics or a bakery"])}, subject to approvals.`;
  } else if (a.cat.group === "warehouse") {
    features = `Features include ${listEn(rng.sampleOrdered(["a 9 m clear height", "three-phase power", "a mezzanine office", "a fire sprinkler system", "a large truck-turning yard"], rng.int(2, 3)))}.`;
  } else if (a.cat.group === "land") {
    features = `The plot is ${rng.pick(["a corner plot with two road frontages", "on a fully serviced street with utilities at the boundary", "close to the main highway with easy access"])}.`;
  }

  // View.
  let view: string | null = null;
  if (a.view) {
    const vt = VIEW_EN[a.view] ?? "open";
    if (a.cat.group === "office") view = `Floor-to-ceiling windows frame ${vt} views.`;
    else if (a.floor !== null && a.floor > 0)
      view = `From the ${ordinal(a.floor)} floor, ${rng.pick(["residents enjoy", "you can enjoy", "the living room opens to"])} ${vt} views.`;
    else view = `The ${c.nounEn} enjoys ${vt} views and plenty of natural light.`;
  }

  // Location.
  const fac = c.facilities.map((f) => ({ name: facilityDef(f.key).textEn, d: f.distance }));
  const f1 = at(fac, 0);
  const f2 = fac[1];
  const f3 = fac[2];
  const location = rng.pick([
    () =>
      f2
        ? `The nearest ${f1.name} is ${f1.d} km away and the nearest ${f2.name} is ${f2.d} km away.`
        : `The nearest ${f1.name} is ${f1.d} km away.`,
    () =>
      `Everyday essentials are close by: ${listEn(fac.slice(0, 3).map((f) => `${article(f.name)} ${f.name} (${f.d} km)`))}.`,
    () =>
      `${hood} offers quick access to ${city}'s main roads, with ${article(f1.name)} ${f1.name} just ${f1.d} km away${f3 ? ` and ${article(f3.name)} ${f3.name} within ${f3.d} km` : ""}.`,
  ])();

  // Year built.
  let year: string | null = null;
  if (a.cat.group !== "land") {
    const thing = a.cat.group === "house" ? "home" : a.cat.group === "warehouse" ? "facility" : "building";
    if (a.year >= 2024)
      year = `Completed in ${a.year}, it is brand new and ready for its first ${a.type === "sell" ? "owner" : a.duration === "daily" ? "guests" : "tenant"}.`;
    else if (a.year < 2005)
      year = `Built in ${a.year}, the ${thing} has been well maintained and recently refreshed.`;
    else
      year = `The ${thing} was completed in ${a.year} and ${a.cat.group === "house" ? "has been carefully maintained" : "is professionally managed"}.`;
  }

  // Closing.
  let closing: string;
  if (a.type === "sell") {
    const pool = [
      "Viewings can be arranged at short notice.",
      "The asking price is negotiable for serious buyers.",
    ];
    if (a.cat.group === "land")
      pool.push("Suitable for developers and private buyers looking for a long-term investment.");
    else if (!res) pool.push("Ideal for owner-occupiers or as a long-term income-producing investment.");
    else pool.push("An excellent opportunity for end users and investors alike.");
    if (a.city.code !== "EG") pool.push("The title deed is ready for immediate transfer.");
    if (c.ownerType === "developer")
      pool.push(
        "A flexible payment plan is available directly from the developer.",
        "A flexible payment plan is available directly from the developer.",
      );
    closing = rng.pick(pool);
  } else {
    switch (a.duration) {
      case "daily":
        closing =
          "The nightly rate includes utilities, high-speed Wi-Fi and housekeeping, with a two-night minimum stay.";
        break;
      case "monthly":
        closing = "Offered on a flexible monthly basis; utilities can be included on request.";
        break;
      case "quarterly":
        closing = "Rent is payable quarterly, with a refundable security deposit.";
        break;
      default:
        closing =
          a.city.code === "AE"
            ? "Available on a yearly contract, payable in up to four cheques."
            : "Available on a yearly contract with flexible instalments.";
    }
  }

  return assemble(rng, opening, space, features, [view, location, year, closing]);
}

/** Opening + space (+ features) always; fill up to 3–6 sentences with the rest, keeping order. */
function assemble(
  rng: Rng,
  opening: string,
  space: string,
  features: string | null,
  optional: (string | null)[],
): string {
  const target = rng.int(3, 6);
  const fixed = [opening, space, ...(features ? [features] : [])];
  const extra = optional.filter((s): s is string => s !== null);
  const need = Math.max(0, Math.min(extra.length, target - fixed.length));
  const chosen = rng.sampleOrdered(extra, need);
  const out = [...fixed, ...chosen];
  if (out.length < 3 && extra.length > chosen.length)
    out.push(...extra.filter((s) => !chosen.includes(s)).slice(0, 3 - out.length));
  return tidy(out.join(" "));
}

/* ----- Arabic description ----- */

function descriptionAr(rng: Rng, c: TextCtx): string {
  const a = c.a;
  const hood = a.hood.ar;
  const city = a.city.city.ar;
  const place = placeOf(a, "ar");
  const res = isRes(a);
  const gender = a.cat.ar.g;
  const nounI = a.cat.group === "land" ? `أرض ${ZONING_AR_F[a.zoning ?? "Residential"]}` : a.cat.ar.i;
  const nounD = a.cat.ar.d;
  const adjI = g(gender, c.adj.m, c.adj.f);
  const adjD = g(gender, c.adj.dm, c.adj.df);
  const area = fmt(a.area ?? 0);
  const plot = fmt(a.plot ?? 0);

  const audience = res
    ? (a.beds ?? 1) >= 3
      ? "للعائلات"
      : "للأزواج والمهنيين"
    : a.cat.group === "land"
      ? "للمطورين والمستثمرين"
      : "للشركات ورواد الأعمال";
  const opening =
    a.duration === "daily"
      ? `استمتع بإقامة مريحة في ${nounI} ${adjI} في ${place}، ${g(gender, "مثالي", "مثالية")} للعطلات القصيرة ورحلات العمل.`
      : rng.pick([
          () =>
            `${g(gender, "يقع هذا", "تقع هذه")} ${nounD} ${adjD} في ${hood}، أحد أكثر أحياء ${city} ${rng.pick(["طلباً", "حيوية", "تميزاً"])}.`,
          () =>
            `${nounI} ${adjI} ${purposeAr(a)} في ${hood.includes(city) ? hood : `${hood} بمدينة ${city}`}، ${g(gender, "يقع", "تقع")} في موقع يجمع بين ${res ? rng.pick(["الهدوء وسهولة الوصول", "الخصوصية وقرب الخدمات"]) : "الحيوية وسهولة الوصول"}.`,
          () =>
            `في قلب ${hood}، ${g(gender, "يتوفر", "تتوفر")} ${nounI} ${adjI} ${purposeAr(a)}، ${g(gender, "مثالي", "مثالية")} ${audience}.`,
        ])();

  let space: string;
  switch (a.cat.group) {
    case "house":
      space = `${g(gender, "يمتد", "تمتد")} ${nounD} على مساحة بناء ${area} قدم مربع فوق قطعة أرض مساحتها ${plot} قدم مربع، ${g(gender, "ويضم", "وتضم")} ${arBedrooms(a.beds ?? 1)} و${arBathroomsAcc(a.baths ?? 1)}.`;
      break;
    case "flat":
      space =
        a.cat.key === "studio"
          ? `يمتد الاستوديو على مساحة ${area} قدم مربع بتصميم مفتوح يضم مطبخاً صغيراً مجهزاً وحماماً مستقلاً.`
          : rng.pick([
              `تبلغ مساحة الوحدة ${area} قدم مربع، وتضم ${arBedrooms(a.beds ?? 1)} و${arBathroomsAcc(a.baths ?? 1)}.`,
              `${g(gender, "يضم", "تضم")} ${nounD} ${arBedrooms(a.beds ?? 1)} و${arBathroomsAcc(a.baths ?? 1)} على مساحة ${area} قدم مربع، مع صالة معيشة وطعام مفتوحة.`,
            ]);
      break;
    case "office": {
      const fit =
        a.furnished === "Furnished"
          ? "ويُسلَّم مجهزاً ومفروشاً بالكامل"
          : a.furnished === "Semi-furnished"
            ? "ويُسلَّم بقواطع ومطبخ صغير"
            : "ويُسلَّم جاهزاً للتشطيب حسب الرغبة";
      space = `تبلغ مساحة المكتب ${area} قدم مربع في الطابق ${a.floor ?? 1}، ${fit}، مع ${arParking(a.parking ?? 1)}.`;
      break;
    }
    case "shop":
      space = `يمتد المحل على مساحة ${area} قدم مربع بواجهة زجاجية واسعة ${a.floor === 0 ? "في الطابق الأرضي مع مدخل مباشر من الشارع" : "في الطابق الأول مع سلالم متحركة من المدخل الرئيسي"}${(a.parking ?? 0) > 0 ? `، إضافة إلى ${arParking(a.parking ?? 1)}` : ""}.`;
      break;
    case "warehouse":
      space = `يوفر المستودع مساحة تخزين مغطاة تبلغ ${area} قدم مربع على أرض مساحتها ${plot} قدم مربع، مع سقف مرتفع ومنصة تحميل و${arParking(a.parking ?? 2)}.`;
      break;
    case "land": {
      const use: Record<string, string> = {
        Residential: "لبناء فيلا عائلية أو مبنى سكني صغير",
        Commercial: "لإقامة مبنى تجاري أو مكاتب أو صالة عرض",
        "Mixed use": "لمشروع يجمع بين الشقق السكنية ومحلات التجزئة",
        Agricultural: "للزراعة أو إنشاء مزرعة خاصة",
      };
      space = `تبلغ مساحة الأرض ${plot} قدم مربع بتصنيف ${ZONING_AR_M[a.zoning ?? "Residential"]}، وهي مناسبة ${use[a.zoning ?? "Residential"]}.`;
      break;
    }
  }

  let features: string | null = null;
  if (res && a.amenities.length > 0) {
    const items = a.amenities.map((k) => AMENITY_AR[k] ?? k);
    const subjF = a.cat.group === "flat";
    const opts = [`من أبرز المزايا: ${listAr(items)}.`];
    if (items.length >= 2)
      opts.push(`يتميز العقار بوجود ${at(items, 0)}، إضافة إلى ${listAr(items.slice(1))}.`);
    if (a.furnished) {
      const furn = subjF
        ? { Furnished: "مفروشة بالكامل", "Semi-furnished": "مفروشة جزئياً", Unfurnished: "غير مفروشة" }[
            a.furnished
          ]
        : { Furnished: "مفروشاً بالكامل", "Semi-furnished": "مفروشاً جزئياً", Unfurnished: "غير مفروش" }[
            a.furnished
          ];
      opts.push(
        `${subjF ? "تُسلَّم الوحدة" : "يُسلَّم العقار"} ${furn}، ${subjF ? "وتتميز" : "ويتميز"} بوجود ${listAr(items)}.`,
      );
    }
    features = rng.pick(opts);
  } else if (a.cat.group === "office") {
    features = `يوفر المبنى حراسة أمنية على مدار الساعة ومصاعد سريعة و${rng.pick(["مواقف مغطاة", "خدمة صف السيارات", "قاعة اجتماعات مشتركة"])}.`;
  } else if (a.cat.group === "shop") {
    features = `${rng.pick(["يناسب المقاهي والصيدليات وصالونات التجميل ومتاجر التجزئة", "يصلح لعيادة أو صالة عرض أو مطعم", "مناسب لمحلات الأزياء أو الإلكترونيات أو المخابز"])}، وفقاً للتراخيص المعتمدة.`;
  } else if (a.cat.group === "warehouse") {
    features = `من المزايا: ${listAr(rng.sampleOrdered(["ارتفاع صافٍ يبلغ 9 أمتار", "كهرباء ثلاثية الطور", "مكتب على طابق الميزانين", "نظام رشاشات لإطفاء الحريق", "ساحة واسعة لمناورة الشاحنات"], rng.int(2, 3)))}.`;
  } else if (a.cat.group === "land") {
    features = `${rng.pick(["تقع الأرض على زاوية بواجهتين على الشارع", "تقع الأرض على شارع مخدوم بالكامل مع توفر المرافق عند حدودها", "تقع الأرض بالقرب من الطريق السريع الرئيسي مع سهولة في الوصول"])}.`;
  }

  let view: string | null = null;
  if (a.view) {
    const vt = VIEW_AR[a.view] ?? "";
    if (a.cat.group === "office") view = `توفر النوافذ الممتدة من الأرض حتى السقف إطلالة ${vt}.`;
    else if (a.floor !== null && a.floor > 0) view = `تتمتع الوحدة بإطلالة ${vt} من الطابق ${a.floor}.`;
    else view = `${g(gender, "يتمتع", "تتمتع")} ${nounD} بإطلالة ${vt} وإضاءة طبيعية وفيرة.`;
  }

  const fac = c.facilities.map((f) => ({ name: facilityDef(f.key).name.ar, d: f.distance }));
  const f1 = at(fac, 0);
  const f2 = fac[1];
  const location = rng.pick([
    () =>
      f2
        ? `يقع العقار على بعد ${f1.d} كم من أقرب ${f1.name} و${f2.d} كم من أقرب ${f2.name}.`
        : `يقع العقار على بعد ${f1.d} كم من أقرب ${f1.name}.`,
    () => `من الخدمات القريبة: ${listAr(fac.slice(0, 3).map((f) => `${f.name} (${f.d} كم)`))}.`,
    () =>
      `يتميز الموقع في ${hood} بسهولة الوصول إلى الطرق الرئيسية في ${city}، ولا تتجاوز المسافة إلى أقرب ${f1.name} ${f1.d} كم.`,
  ])();

  let year: string | null = null;
  if (a.cat.group !== "land") {
    if (a.year >= 2024) year = `العقار حديث البناء وتم تسليمه عام ${a.year}، ولم يُستخدم من قبل.`;
    else if (a.year < 2005) year = `تم بناء العقار عام ${a.year} وخضع لصيانة دورية وتجديدات حديثة.`;
    else year = `اكتمل بناء العقار عام ${a.year}، وتتولى إدارته شركة متخصصة.`;
  }

  let closing: string;
  if (a.type === "sell") {
    const pool = ["يمكن ترتيب المعاينة في وقت قصير.", "السعر قابل للتفاوض للمشترين الجادين."];
    if (a.cat.group === "land") pool.push("فرصة مناسبة للمطورين والمستثمرين الباحثين عن استثمار طويل الأمد.");
    else if (!res) pool.push("خيار مثالي للاستخدام الشخصي أو كاستثمار يدر دخلاً ثابتاً على المدى الطويل.");
    else pool.push("فرصة ممتازة للسكن أو الاستثمار.");
    if (a.city.code !== "EG") pool.push("سند الملكية جاهز للنقل الفوري.");
    if (c.ownerType === "developer")
      pool.push("تتوفر خطة سداد مرنة مباشرة من المطور.", "تتوفر خطة سداد مرنة مباشرة من المطور.");
    closing = rng.pick(pool);
  } else {
    switch (a.duration) {
      case "daily":
        closing =
          "يشمل السعر اليومي الكهرباء والإنترنت عالي السرعة وخدمة التنظيف، والحد الأدنى للإقامة ليلتان.";
        break;
      case "monthly":
        closing = "الإيجار شهري ومرن، ويمكن تضمين الفواتير عند الطلب.";
        break;
      case "quarterly":
        closing = "يُدفع الإيجار كل ثلاثة أشهر مع تأمين قابل للاسترداد.";
        break;
      default:
        closing = "العقار متاح بعقد سنوي مع إمكانية السداد على عدة دفعات.";
    }
  }

  return assemble(rng, opening, space, features, [view, location, year, closing]);
}

/* ----- Notes (textarea parameter) ----- */

function notesFor(rng: Rng, a: Attrs, ownerType: DemoUser["type"], lang: "en" | "ar"): string {
  const pool: [string, string][] = [
    ["Viewing by appointment only.", "المعاينة بموعد مسبق فقط."],
    ["Please mention this listing when you call.", "يرجى ذكر هذا الإعلان عند الاتصال."],
  ];
  if (a.type === "sell") {
    if (isRes(a)) {
      pool.push(["Vacant on transfer.", "العقار شاغر عند نقل الملكية."]);
      pool.push([
        "Currently tenanted; ideal for investors looking for immediate rental income.",
        "العقار مؤجر حالياً، وهو مثالي للمستثمرين الباحثين عن دخل فوري.",
      ]);
      if (a.city.code === "AE") {
        const sc = rng.int(12, 28);
        pool.push([
          `Service charges are approximately AED ${sc} per sq ft per year.`,
          `رسوم الخدمة حوالي ${sc} درهماً للقدم المربع سنوياً.`,
        ]);
      }
    }
    if (ownerType === "developer")
      pool.push([
        "Developer payment plan: 10% down payment, balance over 5 years.",
        "خطة سداد من المطور: دفعة أولى 10% والباقي على 5 سنوات.",
      ]);
    if (a.cat.group === "land")
      pool.push([
        "Building permit approvals available for ground plus four floors.",
        "موافقات البناء متاحة لطابق أرضي وأربعة طوابق.",
      ]);
  } else {
    if (a.duration === "daily")
      pool.push([
        "Minimum stay two nights; no parties or events.",
        "الحد الأدنى للإقامة ليلتان، ولا يُسمح بالحفلات أو المناسبات.",
      ]);
    if (a.duration === "monthly")
      pool.push(["Utilities and internet included in the rent.", "الإيجار يشمل الفواتير والإنترنت."]);
    if (a.duration === "yearly" && a.city.code === "AE")
      pool.push(["Security deposit: 5% of the annual rent.", "مبلغ التأمين: 5% من الإيجار السنوي."]);
    if (a.cat.group === "shop")
      pool.push([
        "Suitable for medical, retail or food and beverage use, subject to approval.",
        "يصلح للاستخدام الطبي أو التجاري أو المطاعم بعد الحصول على الموافقات.",
      ]);
  }
  if (a.cat.group === "warehouse")
    pool.push(["24-hour access with a dedicated loading bay.", "دخول على مدار الساعة مع منصة تحميل مخصصة."]);
  if ((a.parking ?? 0) >= 1 && a.cat.group === "flat")
    pool.push(["Price includes one covered parking space.", "السعر يشمل موقفاً مغطى واحداً."]);
  const [en, ar] = rng.pick(pool);
  return lang === "en" ? en : ar;
}

/* ----- Meta ----- */

function metaFor(
  c: TextCtx,
  lang: "en" | "ar",
  title: string,
): { metaTitle: string; metaDescription: string; metaKeywords: string } {
  const a = c.a;
  const perEn: Record<Duration, string> = {
    daily: " per night",
    monthly: " per month",
    quarterly: " per quarter",
    yearly: " per year",
  };
  const perAr: Record<Duration, string> = {
    daily: " لليلة",
    monthly: " شهرياً",
    quarterly: " كل ثلاثة أشهر",
    yearly: " سنوياً",
  };
  const size = a.cat.group === "land" ? (a.plot ?? 0) : (a.area ?? 0);
  let metaTitle: string;
  let metaDescription: string;
  let keywords: string[];
  if (lang === "en") {
    const purpose = a.type === "sell" ? "Sale" : "Rent";
    const catName = a.cat.name.en;
    const np =
      a.cat.group === "flat" || a.cat.group === "house"
        ? c.bedLabel
          ? `${c.bedLabel} ${catName}`
          : catName
        : catName;
    const candidates = [
      `${np} for ${purpose} in ${a.hood.en}`,
      `${catName} for ${purpose} in ${a.hood.en}`,
      `${catName} for ${purpose} in ${a.city.city.en}`,
    ];
    metaTitle = candidates.find((t) => t.length <= 60) ?? clip(at(candidates, 2), 60);
    const who = c.ownerType === "agent" ? "agent" : c.ownerType === "developer" ? "developer" : "owner";
    metaDescription = `${title}. AED ${fmt(c.price)}${a.duration ? perEn[a.duration] : ""}, ${fmt(size)} sq ft in ${a.hood.en}, ${a.city.city.en}. Contact the ${who} today.`;
    keywords = [
      catName.toLowerCase(),
      `${catName.toLowerCase()} for ${purpose.toLowerCase()}`,
      a.hood.en.toLowerCase(),
      a.city.city.en.toLowerCase(),
      COUNTRIES[a.city.code].name.en.toLowerCase(),
      ...(a.beds !== null ? [`${a.beds} bedroom`] : []),
      ...(a.furnished === "Furnished" ? ["furnished"] : []),
      ...(a.view === "Sea" ? ["sea view"] : []),
      ...(a.duration === "daily" ? ["holiday home"] : []),
      ...(a.zoning
        ? [`${(ZONING_EN_ADJ[a.zoning] ?? "").toLowerCase()} ${a.cat.group === "land" ? "land" : "zoning"}`]
        : []),
      `${a.city.city.en.toLowerCase()} real estate`,
    ];
  } else {
    const purpose = purposeAr(a);
    const catName = a.cat.name.ar;
    const candidates = [
      `${catName} ${purpose} في ${a.hood.ar}، ${a.city.city.ar}`,
      `${catName} ${purpose} في ${a.hood.ar}`,
      `${catName} ${purpose} في ${a.city.city.ar}`,
    ];
    metaTitle = candidates.find((t) => t.length <= 60) ?? clip(at(candidates, 2), 60);
    metaDescription = `${title}. السعر: ${fmt(c.price)} درهم${a.duration ? perAr[a.duration] : ""}. المساحة: ${fmt(size)} قدم مربع في ${a.hood.ar}، ${a.city.city.ar}. تواصل مع المعلن الآن.`;
    keywords = [
      catName,
      `${catName} ${purpose}`,
      a.hood.ar,
      a.city.city.ar,
      COUNTRIES[a.city.code].name.ar,
      ...(a.beds !== null ? [arBedrooms(a.beds)] : []),
      ...(a.furnished === "Furnished" ? ["مفروش"] : []),
      ...(a.view === "Sea" ? ["إطلالة بحرية"] : []),
      ...(a.zoning
        ? [
            a.cat.group === "land"
              ? `أرض ${ZONING_AR_F[a.zoning] ?? ""}`
              : `تصنيف ${ZONING_AR_M[a.zoning] ?? ""}`,
          ]
        : []),
      `عقارات ${a.city.city.ar}`,
    ];
  }
  metaDescription = clip(metaDescription, 160, "…");
  if (metaDescription.length < 50)
    metaDescription = `${metaDescription} ${lang === "en" ? "Verified listing with photos and location." : "إعلان موثق مع الصور والموقع."}`;
  const unique = [
    ...new Set(keywords.map((k) => k.replace(/,/g, " ").trim()).filter((k) => k.length > 0)),
  ].slice(0, 10);
  return { metaTitle, metaDescription, metaKeywords: unique.join(", ") };
}

/* ------------------------------------------------------------------------ */
/* Photos                                                                    */
/* ------------------------------------------------------------------------ */

class CoverDecks {
  private readonly decks = new Map<PhotoKind, { order: number[]; pos: number; last: number }>();
  constructor(private readonly rng: Rng) {}
  /** Cycles through all variants of a kind before repeating, never twice in a row. */
  next(kind: PhotoKind): number {
    let deck = this.decks.get(kind);
    if (!deck || deck.pos >= deck.order.length) {
      const last = deck?.last ?? -1;
      const order = this.rng.shuffle(Array.from({ length: PHOTO_VARIANTS }, (_, i) => i));
      if (at(order, 0) === last) order.push(at(order.splice(0, 1), 0));
      deck = { order, pos: 0, last };
      this.decks.set(kind, deck);
    }
    const v = at(deck.order, deck.pos);
    deck.pos++;
    deck.last = v;
    return v;
  }
}

function genPhotos(rng: Rng, decks: CoverDecks, a: Attrs): { photos: PhotoKind[]; variants: number[] } {
  const cover = rng.pick(a.cat.cover);
  let rest = a.cat.rest.filter((k) => k !== cover || a.cat.key === "land");
  if (a.cat.group === "house" && !a.amenities.includes("Private pool"))
    rest = rest.filter((k) => k !== "pool");
  const n = Math.min(rng.int(4, 7), rest.length + 1);
  const photos: PhotoKind[] = [cover, ...rng.sampleOrdered(rest, n - 1)];
  const used = new Map<PhotoKind, Set<number>>();
  const variants = photos.map((kind, i) => {
    const taken = used.get(kind) ?? new Set<number>();
    let v = i === 0 ? decks.next(kind) : rng.int(0, PHOTO_VARIANTS - 1);
    while (taken.has(v)) v = (v + 1) % PHOTO_VARIANTS;
    taken.add(v);
    used.set(kind, taken);
    return v;
  });
  return { photos, variants };
}

/* ------------------------------------------------------------------------ */
/* Assembly                                                                  */
/* ------------------------------------------------------------------------ */

const TOWERS: readonly [string, string][] = [
  ["Marina Heights", "مارينا هايتس"],
  ["Al Noor", "النور"],
  ["Palm View", "بالم فيو"],
  ["Sunrise", "صن رايز"],
  ["Golden Sands", "الرمال الذهبية"],
  ["Crescent", "الهلال"],
  ["Emerald", "الزمرد"],
  ["Pearl", "اللؤلؤة"],
  ["Horizon", "الأفق"],
  ["Oasis", "الواحة"],
  ["Cedar", "الأرز"],
  ["Lotus", "اللوتس"],
  ["Sapphire", "الياقوت"],
  ["Al Safa", "الصفا"],
  ["Al Fajr", "الفجر"],
  ["Silver Palm", "النخلة الفضية"],
];

function addressFor(rng: Rng, a: Attrs, lang: "en" | "ar"): string {
  const [tEn, tAr] = rng.pick(TOWERS);
  const n = rng.int(1, 240);
  const street = rng.int(1, 48);
  const hood = lang === "en" ? a.hood.en : a.hood.ar;
  const city = lang === "en" ? a.city.city.en : a.city.city.ar;
  const plotCode = `${rng.int(1, 9)}${rng.int(10, 99)}-${rng.int(100, 999)}`;
  if (lang === "en") {
    switch (a.cat.group) {
      case "flat":
        return `${tEn} Tower, Street ${street}, ${hood}, ${city}`;
      case "house":
        return `Villa ${n}, Street ${street}, ${hood}, ${city}`;
      case "office":
        return `${tEn} Business Centre, ${hood}, ${city}`;
      case "shop":
        return `Shop ${n}, ${tEn} Building, ${hood}, ${city}`;
      case "warehouse":
        return `Warehouse ${n}, Street ${street}, ${hood}, ${city}`;
      case "land":
        return `Plot ${plotCode}, ${hood}, ${city}`;
    }
  }
  switch (a.cat.group) {
    case "flat":
      return `برج ${tAr}، شارع ${street}، ${hood}، ${city}`;
    case "house":
      return `فيلا رقم ${n}، شارع ${street}، ${hood}، ${city}`;
    case "office":
      return `مركز ${tAr} للأعمال، ${hood}، ${city}`;
    case "shop":
      return `محل رقم ${n}، مبنى ${tAr}، ${hood}، ${city}`;
    case "warehouse":
      return `مستودع رقم ${n}، شارع ${street}، ${hood}، ${city}`;
    case "land":
      return `قطعة أرض رقم ${plotCode}، ${hood}، ${city}`;
  }
}

function jitter(rng: Rng, lat: number, lon: number): { latitude: number; longitude: number } {
  const r = 7.5 * Math.sqrt(rng.next());
  const theta = rng.float(0, Math.PI * 2);
  const dLat = (r * Math.cos(theta)) / 111.32;
  const dLon = (r * Math.sin(theta)) / (111.32 * Math.cos((lat * Math.PI) / 180));
  return { latitude: Math.round((lat + dLat) * 1e6) / 1e6, longitude: Math.round((lon + dLon) * 1e6) / 1e6 };
}

function youtubeLink(rng: Rng): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let id = "";
  for (let i = 0; i < 11; i++) id += chars.charAt(rng.int(0, chars.length - 1));
  return `https://www.youtube.com/watch?v=${id}`;
}

function pickOwner(rng: Rng, users: readonly DemoUser[], a: Attrs, cityIndex: number): number {
  const newBuild =
    a.type === "sell" && a.year >= 2022 && a.cat.group !== "land" && a.cat.group !== "warehouse";
  const weights = users.map((u) => {
    if (at(CITIES, u.cityIndex).code !== a.city.code) return 0;
    let w = u.cityIndex === cityIndex ? 4 : 1;
    if (u.type === "agent") w *= 3;
    else if (u.type === "owner")
      w *= a.duration === "daily" ? 3 : a.cat.group === "house" || a.cat.group === "flat" ? 1.2 : 0.6;
    else w *= newBuild ? 10 : 0;
    return w;
  });
  return rng.weightedIndex(weights);
}

function buildParamsList(
  a: Attrs,
  notes: string | null,
  includeYear: boolean,
): { key: string; value: string }[] {
  const values: Record<string, string | null> = {
    bedrooms: a.beds !== null ? String(a.beds) : null,
    bathrooms: a.baths !== null ? String(a.baths) : null,
    area: a.area !== null ? String(a.area) : null,
    parking: a.parking !== null ? String(a.parking) : null,
    furnished: a.furnished,
    floor: a.floor !== null ? String(a.floor) : null,
    year_built: includeYear ? String(a.year) : null,
    view: a.view,
    amenities: a.amenities.length > 0 ? a.amenities.join(",") : null,
    plot_area: a.plot !== null ? String(a.plot) : null,
    zoning: a.zoning,
    notes,
  };
  const out: { key: string; value: string }[] = [];
  for (const key of a.cat.params) {
    const v = values[key];
    if (v !== null && v !== undefined && v !== "") out.push({ key, value: v });
  }
  return out;
}

export function demoCatalog(seed: number = DEFAULT_SEED, propertyCount: number = DEFAULT_COUNT): DemoCatalog {
  const rng = new Rng(seed);
  const count = Math.max(0, Math.floor(Number.isFinite(propertyCount) ? propertyCount : DEFAULT_COUNT));

  const parameters = buildParameters();
  const categories: DemoCategory[] = CATS.map((c) => ({
    key: c.key,
    slug: c.key,
    name: { ...c.name },
    icon: c.icon,
    parameterKeys: [...c.params],
  }));
  const facilities: DemoFacility[] = FACILITIES.map((f) => ({
    key: f.key,
    name: { ...f.name },
    icon: f.icon,
  }));
  const cities = buildCities();
  const users = buildUsers(rng);

  const plan = buildPlan(rng, count);
  const decks = new CoverDecks(rng);
  const slugs = new Set<string>();
  const properties: DemoProperty[] = [];

  plan.forEach((slot, i) => {
    const cat = at(CATS, slot.cat);
    const city = at(CITIES, slot.city);
    const hood = at(city.hoods, rng.weightedIndex(city.hoods.map((hd) => hoodWeight(hd, cat))));
    const lang: "en" | "ar" = rng.chance(COUNTRIES[city.code].arabicShare) ? "ar" : "en";
    const a = genAttrs(rng, cat, city, hood, slot.type, slot.duration);
    const facilityList = genFacilities(rng, a);
    const ownerIndex = pickOwner(rng, users, a, slot.city);
    const ownerType = at(users, ownerIndex).type;
    const price = computePrice(rng, a);

    const adjChoices = ADJECTIVES.filter((x) => x.ok(a));
    const adj = adjChoices.length > 0 ? rng.pick(adjChoices) : at(ADJECTIVES, ADJECTIVES.length - 1);
    const bedStyle = rng.int(0, 2);
    const bedLabel =
      a.beds === null
        ? ""
        : bedStyle === 0
          ? `${a.beds}BR`
          : bedStyle === 1
            ? `${a.beds}-bedroom`
            : `${a.beds}-bed`;
    const ctx: TextCtx = {
      a,
      adj,
      nounEn: rng.pick(cat.nounsEn),
      bedLabel,
      facilities: facilityList,
      ownerType,
      price,
    };

    const title = lang === "en" ? titleEn(rng, ctx) : titleAr(rng, ctx);
    const description = lang === "en" ? descriptionEn(rng, ctx) : descriptionAr(rng, ctx);
    const notes = rng.chance(0.45) ? notesFor(rng, a, ownerType, lang) : null;
    const parametersList = buildParamsList(a, notes, a.cat.group === "land" || rng.chance(0.88));

    let slug = lang === "en" ? slugify(title) : `${cat.key}-${slugify(city.city.en)}-${i + 1}`;
    if (slug.length === 0 || slugs.has(slug)) slug = `${slug || cat.key}-${i + 1}`;
    while (slugs.has(slug)) slug = `${slug}-x`;
    slugs.add(slug);

    const { photos, variants } = genPhotos(rng, decks, a);
    const meta = metaFor(ctx, lang, title);
    const postedDaysAgo = Math.min(400, Math.floor(Math.pow(rng.next(), 1.5) * 401));
    const isPremium = rng.chance(0.1);
    const promoted = rng.chance(0.08);
    const age = 0.25 + (Math.min(postedDaysAgo, 240) / 240) * 0.75;
    const views =
      Math.floor(2 + Math.pow(rng.next(), 4.5) * 12000 * age * (isPremium ? 1.6 : 1) * (promoted ? 1.8 : 1)) +
      rng.int(0, 40);
    const closedP = 0.05 + (postedDaysAgo > 120 ? 0.07 : 0);
    const propertyStatus: DemoProperty["propertyStatus"] = rng.chance(closedP)
      ? slot.type === "sell"
        ? "sold"
        : "rented"
      : "available";
    const videoLink = rng.chance(0.2) ? youtubeLink(rng) : null;
    const { latitude, longitude } = jitter(rng, city.lat, city.lon);

    properties.push({
      slug,
      lang,
      title,
      description,
      categoryKey: cat.key,
      propertyType: slot.type,
      rentduration: slot.type === "rent" ? (slot.duration ?? "yearly") : null,
      price,
      cityIndex: slot.city,
      address: addressFor(rng, a, lang),
      latitude,
      longitude,
      parameters: parametersList,
      facilities: facilityList,
      ownerIndex,
      isPremium,
      videoLink,
      metaTitle: meta.metaTitle,
      metaDescription: meta.metaDescription,
      metaKeywords: meta.metaKeywords,
      photos,
      photoVariants: variants,
      postedDaysAgo,
      views,
      propertyStatus,
      promoted,
    });
  });

  balanceOwners(rng, users, properties);

  return { parameters, categories, facilities, cities, users, properties };
}

/** Give every demo user at least one listing when the data allows it, without touching developer listings. */
function balanceOwners(rng: Rng, users: readonly DemoUser[], properties: DemoProperty[]): void {
  const counts = users.map(() => 0);
  for (const p of properties) counts[p.ownerIndex] = at(counts, p.ownerIndex) + 1;
  users.forEach((u, ui) => {
    if (at(counts, ui) > 0) return;
    const country = at(CITIES, u.cityIndex).code;
    const eligible = properties.filter((p) => {
      const owner = at(users, p.ownerIndex);
      if (owner.type === "developer" || at(counts, p.ownerIndex) < 2) return false;
      if (at(CITIES, p.cityIndex).code !== country) return false;
      if (u.type === "developer") return p.propertyType === "sell" && p.categoryKey !== "land";
      return true;
    });
    const sameCity = eligible.filter((p) => p.cityIndex === u.cityIndex);
    const pool = sameCity.length > 0 ? sameCity : eligible;
    if (pool.length === 0) return;
    const p = rng.pick(pool);
    counts[p.ownerIndex] = at(counts, p.ownerIndex) - 1;
    p.ownerIndex = ui;
    counts[ui] = 1;
  });
}
