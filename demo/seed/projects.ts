/**
 * Demo projects (developments) by the catalogue's four developers, in English and Arabic.
 *
 * Pure data, no I/O, no clock, no randomness: the same input always gives the same projects.
 * Descriptions are assembled from each project's facts with hand-written sentence templates in
 * both languages, plus one hand-written highlight per project.
 */
import { demoCatalog, type DemoCity, type I18nText, type PhotoKind } from "./catalog";
import type { PdfPage } from "./pdf";

export type ProjectType = "under_construction" | "upcoming";

export interface DemoProjectPlan {
  title: I18nText;
  file: string;
  page: PdfPage;
}

export interface DemoProjectDocument {
  /** File name, shown as is in both languages. */
  name: string;
  page: PdfPage;
}

export interface DemoProject {
  slug: string;
  title: I18nText;
  description: I18nText;
  /** Demo user key (see `demoUid`) of the developer who posted it. */
  developerKey: string;
  categoryKey: string;
  type: ProjectType;
  /** Index into the catalogue's cities. */
  cityIndex: number;
  /** The formatted address (neighbourhood, city, country) in both languages. */
  location: I18nText;
  latitude: number;
  longitude: number;
  videoLink: string | null;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  cover: { kind: PhotoKind; variant: number };
  gallery: { kind: PhotoKind; variant: number }[];
  plans: DemoProjectPlan[];
  documents: DemoProjectDocument[];
  requestStatus: "approved" | "pending";
  status: "active" | "inactive";
  postedDaysAgo: number;
}

interface Developer {
  key: string;
  en: string;
  ar: string;
}

const DEVELOPERS: Record<string, Developer> = {
  azure: { key: "sales-azurebay", en: "Azure Bay Developments", ar: "أزور باي للتطوير العقاري" },
  corniche: { key: "sales-cornichecrest", en: "Corniche Crest Properties", ar: "كورنيش كرست العقارية" },
  najd: { key: "sales-najdhorizons", en: "Najd Horizons Development", ar: "آفاق نجد للتطوير" },
  nile: { key: "sales-nilegate", en: "Nile Gate Developments", ar: "بوابة النيل للتطوير" },
};

const AMENITIES = {
  pool: { en: "a resort-style pool", ar: "مسبح بتصميم المنتجعات" },
  gym: { en: "a fully equipped gym", ar: "نادٍ رياضي مجهز بالكامل" },
  beach: { en: "private beach access", ar: "وصول خاص إلى الشاطئ" },
  retail: { en: "shops and cafés at street level", ar: "محلات ومقاهٍ في الطابق الأرضي" },
  park: { en: "landscaped parks", ar: "حدائق منسقة" },
  clubhouse: { en: "a residents' clubhouse", ar: "نادٍ اجتماعي للسكان" },
  school: { en: "a school within walking distance", ar: "مدرسة على مسافة قريبة سيراً على الأقدام" },
  security: { en: "round-the-clock security", ar: "حراسة أمنية على مدار الساعة" },
  coworking: { en: "a co-working lounge", ar: "صالة عمل مشتركة" },
  metro: { en: "a short walk to the metro", ar: "موقع قريب من محطة المترو" },
  parking: { en: "covered parking", ar: "مواقف سيارات مغطاة" },
  jogging: { en: "a jogging and cycling track", ar: "مسار للجري وركوب الدراجات" },
  kids: { en: "children's play areas", ar: "مناطق لعب للأطفال" },
  mosque: { en: "a community mosque", ar: "مسجد للمجمع" },
} satisfies Record<string, I18nText>;
type Amenity = keyof typeof AMENITIES;

/** What a project's units are called, and the floor plans a developer publishes for them. */
const UNITS: Record<string, { en: string; ar: string; plans: I18nText[]; rooms: string[][] }> = {
  apartment: {
    en: "apartments",
    ar: "شقة سكنية",
    plans: [
      { en: "1-bedroom apartment", ar: "شقة بغرفة نوم واحدة" },
      { en: "2-bedroom apartment", ar: "شقة بغرفتي نوم" },
      { en: "3-bedroom apartment", ar: "شقة بثلاث غرف نوم" },
    ],
    rooms: [
      ["Living", "Bedroom", "Kitchen", "Bath", "Balcony"],
      ["Living", "Bedroom 1", "Bedroom 2", "Kitchen", "Bath", "Balcony"],
      ["Living", "Bedroom 1", "Bedroom 2", "Bedroom 3", "Kitchen", "Bath", "Balcony"],
    ],
  },
  villa: {
    en: "villas",
    ar: "فيلا",
    plans: [
      { en: "4-bedroom villa", ar: "فيلا بأربع غرف نوم" },
      { en: "5-bedroom villa", ar: "فيلا بخمس غرف نوم" },
    ],
    rooms: [
      ["Majlis", "Living", "Kitchen", "Bedroom 1", "Bedroom 2", "Bedroom 3", "Bedroom 4", "Garden"],
      [
        "Majlis",
        "Living",
        "Kitchen",
        "Bedroom 1",
        "Bedroom 2",
        "Bedroom 3",
        "Bedroom 4",
        "Bedroom 5",
        "Garden",
      ],
    ],
  },
  townhouse: {
    en: "townhouses",
    ar: "تاون هاوس",
    plans: [
      { en: "3-bedroom townhouse", ar: "تاون هاوس بثلاث غرف نوم" },
      { en: "4-bedroom townhouse", ar: "تاون هاوس بأربع غرف نوم" },
    ],
    rooms: [
      ["Living", "Kitchen", "Bedroom 1", "Bedroom 2", "Bedroom 3", "Yard"],
      ["Living", "Kitchen", "Bedroom 1", "Bedroom 2", "Bedroom 3", "Bedroom 4", "Yard"],
    ],
  },
  duplex: {
    en: "duplexes",
    ar: "وحدة دوبلكس",
    plans: [
      { en: "2-bedroom duplex", ar: "دوبلكس بغرفتي نوم" },
      { en: "3-bedroom duplex", ar: "دوبلكس بثلاث غرف نوم" },
    ],
    rooms: [
      ["Living", "Kitchen", "Stairs", "Bedroom 1", "Bedroom 2", "Terrace"],
      ["Living", "Kitchen", "Stairs", "Bedroom 1", "Bedroom 2", "Bedroom 3", "Terrace"],
    ],
  },
  office: {
    en: "office units",
    ar: "وحدة مكتبية",
    plans: [
      { en: "Typical office floor", ar: "طابق مكاتب نموذجي" },
      { en: "Half-floor office", ar: "مكتب بنصف طابق" },
    ],
    rooms: [
      ["Open office", "Meeting", "Pantry", "Lifts", "Office 1", "Office 2"],
      ["Open office", "Meeting", "Pantry", "Reception"],
    ],
  },
};

interface ProjectDef {
  slug: string;
  title: I18nText;
  dev: keyof typeof DEVELOPERS;
  city: number;
  hood: I18nText;
  cat: keyof typeof UNITS;
  type: ProjectType;
  units: number;
  floors?: number;
  /** Handover: a quarter and year while building, a year when upcoming. */
  quarter?: 1 | 2 | 3 | 4;
  year: number;
  amenities: Amenity[];
  highlight: I18nText;
  /** Payment plan: down payment in percent and years for the balance. */
  plan: [number, number];
  requestStatus?: "pending";
  status?: "inactive";
  daysAgo: number;
  video?: boolean;
}

const DEFS: readonly ProjectDef[] = [
  {
    slug: "azure-marina-residences",
    title: { en: "Azure Marina Residences", ar: "أزور مارينا ريزيدنس" },
    dev: "azure",
    city: 0,
    hood: { en: "Dubai Marina", ar: "دبي مارينا" },
    cat: "apartment",
    type: "under_construction",
    units: 320,
    floors: 38,
    quarter: 4,
    year: 2027,
    amenities: ["pool", "gym", "beach", "retail"],
    plan: [10, 5],
    daysAgo: 3,
    video: true,
    highlight: {
      en: "Every apartment has a balcony facing the marina or the sea.",
      ar: "لكل شقة شرفة تطل على المارينا أو على البحر.",
    },
  },
  {
    slug: "hills-edge-villas",
    title: { en: "Hills Edge Villas", ar: "فلل هيلز إيدج" },
    dev: "azure",
    city: 0,
    hood: { en: "Dubai Hills Estate", ar: "دبي هيلز استيت" },
    cat: "villa",
    type: "upcoming",
    units: 86,
    year: 2028,
    amenities: ["park", "clubhouse", "school", "security"],
    plan: [20, 4],
    daysAgo: 12,
    highlight: {
      en: "The villas back onto a green corridor that links the community's parks.",
      ar: "تطل الفلل من الخلف على ممر أخضر يربط حدائق المجمع ببعضها.",
    },
  },
  {
    slug: "creekside-lofts-business-bay",
    title: { en: "Creekside Lofts", ar: "لوفتات كريك سايد" },
    dev: "azure",
    city: 0,
    hood: { en: "Business Bay", ar: "الخليج التجاري" },
    cat: "duplex",
    type: "under_construction",
    units: 140,
    floors: 22,
    quarter: 2,
    year: 2026,
    amenities: ["gym", "coworking", "metro", "parking"],
    plan: [15, 3],
    daysAgo: 40,
    highlight: {
      en: "Double-height living rooms look across the Dubai Water Canal.",
      ar: "تطل غرف المعيشة ذات الارتفاع المزدوج على قناة دبي المائية.",
    },
  },
  {
    slug: "al-majaz-waterfront-towers",
    title: { en: "Al Majaz Waterfront Towers", ar: "أبراج واجهة المجاز البحرية" },
    dev: "azure",
    city: 2,
    hood: { en: "Al Majaz", ar: "المجاز" },
    cat: "apartment",
    type: "under_construction",
    units: 410,
    floors: 30,
    quarter: 1,
    year: 2027,
    amenities: ["pool", "jogging", "kids", "parking"],
    plan: [10, 6],
    daysAgo: 22,
    video: true,
    highlight: {
      en: "Two towers share a podium garden above the lagoon promenade.",
      ar: "يتشارك البرجان حديقة على منصة مرتفعة فوق ممشى البحيرة.",
    },
  },
  {
    slug: "marjan-shores",
    title: { en: "Marjan Shores", ar: "شواطئ المرجان" },
    dev: "azure",
    city: 4,
    hood: { en: "Al Marjan Island", ar: "جزيرة المرجان" },
    cat: "apartment",
    type: "upcoming",
    units: 260,
    floors: 18,
    year: 2029,
    amenities: ["beach", "pool", "gym", "retail"],
    plan: [20, 5],
    daysAgo: 8,
    highlight: {
      en: "Holiday homes on the island's quieter northern beach, managed by the developer if you wish.",
      ar: "منازل للعطلات على الشاطئ الشمالي الأهدأ من الجزيرة، مع إدارة من المطوّر لمن يرغب.",
    },
  },
  {
    slug: "zorah-gardens-townhouses",
    title: { en: "Zorah Gardens Townhouses", ar: "تاون هاوس حدائق الزوراء" },
    dev: "azure",
    city: 3,
    hood: { en: "Al Zorah", ar: "الزوراء" },
    cat: "townhouse",
    type: "upcoming",
    units: 64,
    year: 2028,
    amenities: ["park", "kids", "security", "clubhouse"],
    plan: [20, 4],
    daysAgo: 1,
    requestStatus: "pending",
    highlight: {
      en: "Townhouses set among mangroves, a few minutes from the Ajman Corniche.",
      ar: "منازل تاون هاوس بين أشجار القرم، على بعد دقائق من كورنيش عجمان.",
    },
  },
  {
    slug: "reem-bay-residences",
    title: { en: "Reem Bay Residences", ar: "ريم باي ريزيدنس" },
    dev: "corniche",
    city: 1,
    hood: { en: "Al Reem Island", ar: "جزيرة الريم" },
    cat: "apartment",
    type: "under_construction",
    units: 280,
    floors: 26,
    quarter: 3,
    year: 2026,
    amenities: ["pool", "gym", "retail", "parking"],
    plan: [10, 4],
    daysAgo: 15,
    video: true,
    highlight: {
      en: "Floor-to-ceiling windows frame views of the mangroves and the city skyline.",
      ar: "نوافذ من الأرض حتى السقف تطل على أشجار القرم وأفق المدينة.",
    },
  },
  {
    slug: "yas-grove-townhouses",
    title: { en: "Yas Grove Townhouses", ar: "تاون هاوس ياس جروف" },
    dev: "corniche",
    city: 1,
    hood: { en: "Yas Island", ar: "جزيرة ياس" },
    cat: "townhouse",
    type: "under_construction",
    units: 120,
    quarter: 2,
    year: 2027,
    amenities: ["park", "clubhouse", "kids", "jogging"],
    plan: [10, 5],
    daysAgo: 30,
    highlight: {
      en: "Each townhouse has a private yard and a roof terrace.",
      ar: "لكل منزل فناء خاص وتراس على السطح.",
    },
  },
  {
    slug: "saadiyat-cove-villas",
    title: { en: "Saadiyat Cove Villas", ar: "فلل خليج السعديات" },
    dev: "corniche",
    city: 1,
    hood: { en: "Saadiyat Island", ar: "جزيرة السعديات" },
    cat: "villa",
    type: "upcoming",
    units: 48,
    year: 2029,
    amenities: ["beach", "pool", "security", "clubhouse"],
    plan: [20, 3],
    daysAgo: 5,
    highlight: {
      en: "A small collection of villas close to the island's museums and beaches.",
      ar: "مجموعة صغيرة من الفلل بالقرب من متاحف الجزيرة وشواطئها.",
    },
  },
  {
    slug: "al-maqam-family-homes",
    title: { en: "Al Maqam Family Homes", ar: "منازل المقام العائلية" },
    dev: "corniche",
    city: 5,
    hood: { en: "Al Maqam", ar: "المقام" },
    cat: "villa",
    type: "under_construction",
    units: 96,
    quarter: 4,
    year: 2026,
    amenities: ["mosque", "park", "school", "security"],
    plan: [10, 6],
    daysAgo: 55,
    highlight: {
      en: "Shaded streets and a majlis in every villa, designed for large families.",
      ar: "شوارع مظللة ومجلس في كل فيلا، بتصميم يناسب العائلات الكبيرة.",
    },
  },
  {
    slug: "qurum-heights",
    title: { en: "Qurum Heights", ar: "مرتفعات القرم" },
    dev: "corniche",
    city: 13,
    hood: { en: "Qurum", ar: "القرم" },
    cat: "apartment",
    type: "upcoming",
    units: 150,
    floors: 12,
    year: 2028,
    amenities: ["pool", "gym", "beach", "parking"],
    plan: [15, 5],
    daysAgo: 2,
    requestStatus: "pending",
    highlight: {
      en: "Terraced apartments on the hillside above Qurum Beach.",
      ar: "شقق مدرجة على سفح التل فوق شاطئ القرم.",
    },
  },
  {
    slug: "malqa-gate-villas",
    title: { en: "Malqa Gate Villas", ar: "فلل بوابة الملقا" },
    dev: "najd",
    city: 6,
    hood: { en: "Al Malqa", ar: "الملقا" },
    cat: "villa",
    type: "under_construction",
    units: 132,
    quarter: 1,
    year: 2027,
    amenities: ["mosque", "park", "security", "school"],
    plan: [10, 5],
    daysAgo: 10,
    video: true,
    highlight: {
      en: "Modern Najdi architecture with private courtyards and rooftop majlis.",
      ar: "عمارة نجدية حديثة بأفنية خاصة ومجالس على الأسطح.",
    },
  },
  {
    slug: "hittin-business-park",
    title: { en: "Hittin Business Park", ar: "مجمع حطين للأعمال" },
    dev: "najd",
    city: 6,
    hood: { en: "Hittin", ar: "حطين" },
    cat: "office",
    type: "under_construction",
    units: 60,
    floors: 9,
    quarter: 3,
    year: 2026,
    amenities: ["parking", "coworking", "retail", "metro"],
    plan: [20, 3],
    daysAgo: 26,
    highlight: {
      en: "Offices from 120 square metres, with fibre internet and smart access in every unit.",
      ar: "مكاتب تبدأ من 120 متراً مربعاً، مع إنترنت بالألياف ودخول ذكي في كل وحدة.",
    },
  },
  {
    slug: "yasmin-courtyards",
    title: { en: "Yasmin Courtyards", ar: "ساحات الياسمين" },
    dev: "najd",
    city: 6,
    hood: { en: "Al Yasmin", ar: "الياسمين" },
    cat: "duplex",
    type: "upcoming",
    units: 84,
    year: 2028,
    amenities: ["park", "mosque", "kids", "security"],
    plan: [15, 6],
    daysAgo: 18,
    highlight: {
      en: "Duplexes arranged around shaded courtyards where children can play safely.",
      ar: "وحدات دوبلكس حول ساحات مظللة يلعب فيها الأطفال بأمان.",
    },
  },
  {
    slug: "obhur-bay-residences",
    title: { en: "Obhur Bay Residences", ar: "أبحر باي ريزيدنس" },
    dev: "najd",
    city: 7,
    hood: { en: "Obhur Al Shamaliyah", ar: "أبحر الشمالية" },
    cat: "apartment",
    type: "under_construction",
    units: 210,
    floors: 14,
    quarter: 2,
    year: 2027,
    amenities: ["beach", "pool", "gym", "parking"],
    plan: [10, 5],
    daysAgo: 34,
    highlight: {
      en: "Sea-view apartments with a private marina for residents' boats.",
      ar: "شقق مطلة على البحر مع مرسى خاص لقوارب السكان.",
    },
  },
  {
    slug: "shati-gardens-dammam",
    title: { en: "Shati Gardens", ar: "حدائق الشاطئ" },
    dev: "najd",
    city: 8,
    hood: { en: "Al Shati Al Gharbi", ar: "الشاطئ الغربي" },
    cat: "villa",
    type: "upcoming",
    units: 72,
    year: 2029,
    amenities: ["park", "mosque", "security", "kids"],
    plan: [20, 5],
    daysAgo: 70,
    status: "inactive",
    highlight: {
      en: "Family villas a short drive from the Dammam Corniche.",
      ar: "فلل عائلية على مسافة قصيرة بالسيارة من كورنيش الدمام.",
    },
  },
  {
    slug: "nile-gate-fifth-settlement",
    title: { en: "Nile Gate Fifth Settlement", ar: "بوابة النيل التجمع الخامس" },
    dev: "nile",
    city: 10,
    hood: { en: "Fifth Settlement", ar: "التجمع الخامس" },
    cat: "apartment",
    type: "under_construction",
    units: 540,
    floors: 7,
    quarter: 4,
    year: 2026,
    amenities: ["clubhouse", "pool", "park", "security", "retail"],
    plan: [10, 8],
    daysAgo: 7,
    video: true,
    highlight: {
      en: "A gated compound where 80% of the land is left for gardens and walkways.",
      ar: "كمبوند مسوّر تُخصص 80% من مساحته للحدائق وممرات المشاة.",
    },
  },
  {
    slug: "golden-square-lofts",
    title: { en: "Golden Square Lofts", ar: "لوفتات المربع الذهبي" },
    dev: "nile",
    city: 10,
    hood: { en: "Golden Square", ar: "المربع الذهبي" },
    cat: "duplex",
    type: "upcoming",
    units: 180,
    year: 2028,
    amenities: ["coworking", "gym", "retail", "park"],
    plan: [5, 8],
    daysAgo: 20,
    highlight: {
      en: "Loft duplexes close to the universities and business parks of New Cairo.",
      ar: "وحدات دوبلكس قريبة من جامعات القاهرة الجديدة ومجمعات الأعمال فيها.",
    },
  },
  {
    slug: "october-palms-compound",
    title: { en: "October Palms Compound", ar: "كمبوند نخيل أكتوبر" },
    dev: "nile",
    city: 11,
    hood: { en: "Hadayek October", ar: "حدائق أكتوبر" },
    cat: "townhouse",
    type: "under_construction",
    units: 300,
    quarter: 2,
    year: 2027,
    amenities: ["park", "kids", "mosque", "security"],
    plan: [10, 7],
    daysAgo: 46,
    highlight: {
      en: "Townhouses with gardens, on the road to the Grand Egyptian Museum.",
      ar: "منازل تاون هاوس بحدائق، على الطريق إلى المتحف المصري الكبير.",
    },
  },
  {
    slug: "smouha-sky-residences",
    title: { en: "Smouha Sky Residences", ar: "سموحة سكاي ريزيدنس" },
    dev: "nile",
    city: 12,
    hood: { en: "Smouha", ar: "سموحة" },
    cat: "apartment",
    type: "under_construction",
    units: 190,
    floors: 16,
    quarter: 1,
    year: 2027,
    amenities: ["gym", "retail", "parking", "kids"],
    plan: [10, 6],
    daysAgo: 63,
    highlight: {
      en: "Upper floors look over Smouha's sporting club to the Mediterranean.",
      ar: "تطل الطوابق العليا على نادي سموحة الرياضي وصولاً إلى البحر المتوسط.",
    },
  },
  {
    slug: "maadi-greens",
    title: { en: "Maadi Greens", ar: "المعادي جرينز" },
    dev: "nile",
    city: 9,
    hood: { en: "Maadi", ar: "المعادي" },
    cat: "apartment",
    type: "upcoming",
    units: 120,
    floors: 10,
    year: 2028,
    amenities: ["park", "gym", "security", "parking"],
    plan: [10, 7],
    daysAgo: 14,
    highlight: {
      en: "A quiet mid-rise building on one of Maadi's tree-lined streets.",
      ar: "مبنى متوسط الارتفاع وهادئ في أحد شوارع المعادي المشجرة.",
    },
  },
];

const QUARTERS_AR = ["الربع الأول", "الربع الثاني", "الربع الثالث", "الربع الرابع"];

function listEn(items: string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** "أ، وب، وت": Arabic repeats the conjunction before every item after the first. */
function listAr(items: string[]): string {
  return items.join("، و");
}

/** FNV-1a: stable small numbers from a slug (coordinates, photo variants, video ids). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function describe(d: ProjectDef, city: I18nText): I18nText {
  const dev = DEVELOPERS[d.dev]!;
  const unit = UNITS[d.cat]!;
  const floorsEn = d.floors ? ` across ${d.floors} floors` : "";
  const floorsAr = d.floors ? ` موزعة على ${d.floors} ${d.floors <= 10 ? "طوابق" : "طابقاً"}` : "";
  const amenEn = listEn(d.amenities.map((a) => AMENITIES[a].en));
  const amenAr = listAr(d.amenities.map((a) => AMENITIES[a].ar));
  const [down, years] = d.plan;
  const en = [
    d.type === "under_construction"
      ? `${d.title.en} is a development by ${dev.en} in ${d.hood.en}, ${city.en}, now under construction, with ${d.units} ${unit.en}${floorsEn}.`
      : `${d.title.en} is an upcoming development by ${dev.en} in ${d.hood.en}, ${city.en}, with ${d.units} ${unit.en}${floorsEn}.`,
    `${d.highlight.en} The project offers ${amenEn}.`,
    d.type === "under_construction"
      ? `Construction is under way and handover is planned for Q${d.quarter} ${d.year}.`
      : `Sales launch soon and handover is expected in ${d.year}. Register your interest to receive the brochure and prices first.`,
    `A payment plan is available directly from the developer: ${down}% down payment and the balance over ${years} years.`,
  ];
  const ar = [
    d.type === "under_construction"
      ? `${d.title.ar} مشروع قيد الإنشاء من تطوير ${dev.ar} في ${d.hood.ar}، ${city.ar}، ويضم ${d.units} ${unit.ar}${floorsAr}.`
      : `${d.title.ar} مشروع مرتقب من تطوير ${dev.ar} في ${d.hood.ar}، ${city.ar}، ويضم ${d.units} ${unit.ar}${floorsAr}.`,
    `${d.highlight.ar} ومن مرافق المشروع ${amenAr}.`,
    d.type === "under_construction"
      ? `الأعمال الإنشائية جارية، ومن المخطط تسليم الوحدات في ${QUARTERS_AR[(d.quarter ?? 1) - 1]} من عام ${d.year}.`
      : `يبدأ البيع قريباً، ومن المتوقع التسليم في عام ${d.year}. سجّل اهتمامك لتحصل على الكتيّب والأسعار أولاً.`,
    `تتوفر خطة سداد مباشرة من المطوّر: دفعة أولى ${down}% والباقي على ${years} ${years <= 10 ? "سنوات" : "سنة"}.`,
  ];
  return { en: en.join("\n\n"), ar: ar.join("\n\n") };
}

/** Rooms laid out in a grid of two rows on the page: a floor plan sketch, not an architect's drawing. */
function roomsFor(labels: string[]) {
  const perRow = Math.ceil(labels.length / 2);
  const w = Math.floor(480 / perRow);
  return labels.map((label, i) => ({
    x: 56 + (i % perRow) * w,
    y: i < perRow ? 420 : 260,
    w,
    h: 160,
    label,
  }));
}

function buildProject(d: ProjectDef, index: number, cities: readonly DemoCity[]): DemoProject {
  const dev = DEVELOPERS[d.dev]!;
  const place = cities[d.city]!;
  const city = place.city;
  const unit = UNITS[d.cat]!;
  const h = hash(d.slug);
  // Within about 5 km of the city centre, fixed per project.
  const latitude = Math.round((place.latitude + ((h & 0xff) / 255 - 0.5) * 0.09) * 1e6) / 1e6;
  const longitude = Math.round((place.longitude + (((h >>> 8) & 0xff) / 255 - 0.5) * 0.09) * 1e6) / 1e6;
  const description = describe(d, city);
  const office = d.cat === "office";
  const kinds: PhotoKind[] = office
    ? ["office", "interior", "aerial"]
    : d.cat === "villa" || d.cat === "townhouse"
      ? ["aerial", "pool", "interior", "kitchen", "bedroom"]
      : ["aerial", "pool", "interior", "kitchen", "bedroom", "bathroom"];
  const v = (k: number) => (index * 5 + k * 7 + (h % 12)) % 12;
  const handover = d.type === "under_construction" ? `Q${d.quarter} ${d.year}` : String(d.year);
  const facts = [
    `Developer: ${dev.en}`,
    `Location: ${d.hood.en}, ${city.en}`,
    `Handover: ${handover}`,
    `Payment plan: ${d.plan[0]}% down, balance over ${d.plan[1]} years`,
  ];
  const videoId = Array.from({ length: 11 }, (_, i) =>
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".charAt(hash(`${d.slug}:${i}`) % 64),
  ).join("");
  return {
    slug: d.slug,
    title: d.title,
    description,
    developerKey: dev.key,
    categoryKey: d.cat,
    type: d.type,
    cityIndex: d.city,
    location: {
      en: `${d.hood.en}, ${city.en}, ${place.country.en}`,
      ar: `${d.hood.ar}، ${city.ar}، ${place.country.ar}`,
    },
    latitude,
    longitude,
    videoLink: d.video ? `https://www.youtube.com/watch?v=${videoId}` : null,
    metaTitle: `${d.title.en} in ${d.hood.en}`.slice(0, 60),
    metaDescription:
      `${d.title.en}: ${d.units} ${unit.en} by ${dev.en} in ${d.hood.en}, ${city.en}. Handover ${handover}; ${d.plan[0]}% down payment.`.slice(
        0,
        160,
      ),
    metaKeywords: [d.title.en, `${d.hood.en} projects`, `off-plan ${city.en}`, unit.en].join(", "),
    cover: { kind: office ? "office" : "exterior", variant: v(0) },
    gallery: kinds.map((kind, k) => ({ kind, variant: v(k + 1) })),
    plans: [
      {
        title: { en: "Master plan", ar: "المخطط العام" },
        file: "master-plan.pdf",
        page: {
          title: `${d.title.en}: master plan`,
          lines: [...facts, `${d.units} ${unit.en}${d.floors ? ` on ${d.floors} floors` : ""}`],
          rooms: roomsFor(
            office
              ? ["Tower", "Parking", "Plaza", "Retail"]
              : ["Residences", "Amenities", "Park", "Parking", "Entrance"],
          ),
        },
      },
      ...unit.plans.map((title, i) => ({
        title,
        file: `plan-${i + 1}.pdf`,
        page: {
          title: `${d.title.en}: ${title.en}`,
          lines: [`Floor plan, for illustration only. Sizes may vary by unit.`, ...facts.slice(0, 2)],
          rooms: roomsFor(unit.rooms[i]!),
        },
      })),
    ],
    documents: [
      {
        name: `${d.slug}-brochure.pdf`,
        page: { title: d.title.en, lines: [...description.en.split("\n\n"), "", ...facts] },
      },
      {
        name: `${d.slug}-payment-plan.pdf`,
        page: {
          title: `${d.title.en}: payment plan`,
          lines: [
            `Down payment: ${d.plan[0]}% on booking`,
            `Balance: ${100 - d.plan[0]}% in equal instalments over ${d.plan[1]} years`,
            `Handover: ${handover}`,
            "Prices and terms are set by the developer and may change.",
          ],
        },
      },
    ],
    requestStatus: d.requestStatus ?? "approved",
    status: d.status ?? "active",
    postedDaysAgo: d.daysAgo,
  };
}

export function demoProjects(): DemoProject[] {
  // The catalogue's cities (no listings needed): the same names and centres as the properties.
  const { cities } = demoCatalog(undefined, 0);
  return DEFS.map((d, i) => buildProject(d, i, cities));
}
