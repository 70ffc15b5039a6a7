// Every call of the eBroker contract that apps built on it make, answered from our calls (decision 025).
// A call here names the methods those apps use, which of our calls answers it, how the app's field
// names and value codes become ours, and how our answer becomes the shape the app parses.
//
// Fields the apps are known to send that carry nothing we keep are listed per call in `ignore`
// (and, for every call, in IGNORED_EVERYWHERE); any other field we do not read is refused, naming it.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PROPERTY_TEXT_FIELDS } from "../listings/property/contract";
import type { CallName } from "../calls";
import { CompatError, expectOk, IGNORED_EVERYWHERE, type Body, type Compat, type Fields } from "./context";
import { listingDetailExtras, reportedAndInterested } from "./lookups";
import { agentProperties, homepage, slider } from "./home";
import { confirmPayment, packages, paymentIntent, paymentSettings } from "./payments";
import * as shape from "./shapes";
import {
  activeState,
  isJunk,
  isOn,
  loginType,
  postedSince,
  propertyType,
  propertyTypeCodes,
  rentDuration,
  saleState,
} from "./values";
import { propertyKindFilter } from "../contract/property-kinds";
import { register, signUp } from "./sign-up";
import { settingsFor } from "./settings";

export type Method = "GET" | "POST" | "DELETE";

export interface CompatCall {
  methods: readonly Method[];
  handle: (c: Compat) => Promise<Body>;
}

interface PassOptions {
  input?: (f: Fields, c: Compat) => Fields | Promise<Fields>;
  ignore?: readonly string[];
  output?: (body: any, c: Compat, input: Fields) => Body | Promise<Body>;
}

/** The feed's preferences as their apps read them: property_type ["0"] (sell) or ["1"] (rent), "" for either. */
const personalised = (d: any) => ({
  user_id: d.user_id,
  category_ids: d.category_ids,
  outdoor_facilitiy_ids: d.outdoor_facilitiy_ids,
  price_range: d.price_range,
  property_type: propertyTypeCodes(d.property_type),
  city: d.city ?? "",
});

/** A call answered by one of ours. */
function pass(name: CallName, methods: readonly Method[], o: PassOptions = {}): CompatCall {
  return {
    methods,
    async handle(c) {
      const input = o.input ? await o.input({ ...c.fields }, c) : { ...c.fields };
      const body = expectOk(
        await c.call(name, input, { ignore: [...IGNORED_EVERYWHERE, ...(o.ignore ?? [])] }),
      );
      if (o.output) return o.output(body, c, input);
      return {
        error: false,
        message: body.message,
        data: body.data ?? null,
        ...(body.total !== undefined ? { total: body.total } : {}),
      };
    },
  };
}

const list = (body: any, map: (x: any) => any, message?: string): Body => ({
  error: false,
  message: message ?? body.message,
  data: (body.data ?? []).map(map),
  total: body.total ?? (body.data ?? []).length,
});

/** Drops the apps' stand-ins for "nothing" ("null", "[object Blob]") from the named fields. */
function withoutJunk(f: Fields, keys: readonly string[]): Fields {
  for (const k of keys) {
    const v = f[k];
    if (Array.isArray(v)) {
      const kept = v.filter((x) => !isJunk(x) && x !== "");
      if (kept.length) f[k] = kept;
      else delete f[k];
    } else if (isJunk(v)) delete f[k];
  }
  return f;
}

/**
 * A filter by kind as the apps send it (a code, a word, or a list of them) → ours: one kind, or no
 * filter at all for both. What is no kind goes on unchanged, for our call to refuse in its words.
 */
function kindFilterInput(f: Fields, key: string): Fields {
  if (f[key] === undefined) return f;
  const read = propertyKindFilter().safeParse(f[key]);
  if (!read.success) return f;
  if (read.data === undefined) delete f[key];
  else f[key] = read.data;
  return f;
}

function rename(f: Fields, from: string, to: string): Fields {
  if (f[from] !== undefined && f[to] === undefined) f[to] = f[from];
  delete f[from];
  return f;
}

/**
 * A parameter's answer as the apps send it: text, a number, a file, a checkbox answer as a JSON
 * object (`{"0":"a","1":"b"}`) or list, and on edit every value JSON-encoded once more ("\"3\"").
 */
function parameterValue(v: unknown): unknown {
  if (typeof v !== "string") return v;
  let value: unknown = v;
  for (let i = 0; i < 2 && typeof value === "string"; i++) {
    const t = value.trim();
    if (!(t.startsWith("{") || t.startsWith("[") || t.startsWith('"'))) break;
    try {
      value = JSON.parse(t);
    } catch {
      break;
    }
  }
  if (Array.isArray(value)) return value.map(String).join(",");
  if (value !== null && typeof value === "object") return Object.values(value).map(String).join(",");
  return value === null || value === undefined ? "" : String(value);
}

/** post_property / update_post_property as the apps send them → our payload. */
function listingInput(f: Fields): Fields {
  if (f.property_type !== undefined) f.property_type = propertyType(f.property_type);
  if (f.rentduration !== undefined) f.rentduration = rentDuration(f.rentduration);
  // An old app calls the panorama threeD_image.
  rename(f, "threeD_image", "three_d_image");
  if (f.is_premium !== undefined) f.is_premium = isOn(f.is_premium) ? "1" : "0";
  if (f.remove_three_d_image !== undefined) f.remove_three_d_image = isOn(f.remove_three_d_image) ? "1" : "0";
  if (Array.isArray(f.parameters)) {
    f.parameters = f.parameters
      .filter((p: any) => p && typeof p === "object")
      .map((p: any) => ({ ...p, value: p.value instanceof File ? p.value : parameterValue(p.value) }))
      .filter((p: any) => p.value !== "");
  }
  // On edit the web app puts the photos it already has back into the list as text ("[object Object]").
  withoutJunk(f, [
    "gallery_images",
    "documents",
    "title_image",
    "three_d_image",
    "meta_image",
    "remove_gallery_images",
    "remove_documents",
  ]);
  for (const k of ["gallery_images", "documents"])
    if (Array.isArray(f[k])) f[k] = f[k].filter((x: unknown) => x instanceof File);
  return f;
}

/** What an edit leaves out keeps its value (their server changed only what was sent; ours takes the whole listing). */
const KEPT_ON_EDIT = PROPERTY_TEXT_FIELDS;

async function keepUnsent(f: Fields, c: Compat): Promise<Fields> {
  if (f.id === undefined) return f;
  const one = await c.call("get-own-property", { id: f.id });
  // Not theirs or not there: the edit itself answers that, with its message.
  if (one.body.error) return f;
  const own = one.body.data as any;
  for (const k of KEPT_ON_EDIT)
    if (f[k] === undefined && own[k] !== null && own[k] !== undefined && own[k] !== "") f[k] = String(own[k]);
  if (f.is_premium === undefined) f.is_premium = own.is_premium ? "1" : "0";
  if (f.parameters === undefined)
    f.parameters = own.parameters.map((p: any) => ({ parameter_id: p.parameter_id, value: p.value }));
  if (f.facilities === undefined)
    f.facilities = own.facilities.map((x: any) => ({ facility_id: x.facility_id, distance: x.distance }));
  if (f.property_type === "sell") delete f.rentduration;
  return f;
}

/** Fields of a posted listing the apps send that we do not keep (see the guide). */
const LISTING_EXTRAS = ["slug_id", "package_id", "translations", "userid"] as const;

/**
 * One of the caller's own listings in the apps' shape, whatever its review state (public reads show
 * only live ones): its edit form's data, named with the category's parameters and the facilities.
 */
async function ownListing(c: Compat, id: number, summary?: any): Promise<any | null> {
  const one = await c.call("get-own-property", { id });
  if (one.body.error) return null;
  const own = one.body.data as any;
  const [cats, facs] = await Promise.all([
    c.call("get_categories", { limit: 100 }),
    c.call("get_facilities", { limit: 100 }),
  ]);
  const category = ((cats.body.data as any[]) ?? []).find((x) => x.id === own.category_id);
  const params = new Map<number, any>((category?.parameter_types ?? []).map((p: any) => [p.id, p]));
  const facilityById = new Map<number, any>(((facs.body.data as any[]) ?? []).map((f: any) => [f.id, f]));
  const listing = {
    ...own,
    ...(summary ?? {}),
    category: category
      ? { id: category.id, category: category.category, slug_id: category.slug_id, image: category.image }
      : { id: own.category_id, category: "", slug_id: "", image: null },
    title_image: own.title_image,
    gallery: own.gallery_images,
    parameters: own.parameters.map((p: any) => {
      const def = params.get(p.parameter_id);
      return {
        id: p.parameter_id,
        name: def?.name ?? "",
        type_of_parameter: def?.type_of_parameter ?? "text",
        value: p.value,
        image: def?.image ?? null,
      };
    }),
    facilities: own.facilities.map((f: any) => ({
      id: f.facility_id,
      distance: f.distance,
      name: facilityById.get(f.facility_id)?.name ?? "",
      image: facilityById.get(f.facility_id)?.image ?? null,
    })),
    customer: null,
  };
  return { ...shape.property(listing, c.place), ...(summary ? shape.ownFlags(summary) : {}) };
}

async function savedListing(c: Compat, body: any): Promise<Body> {
  // The apps read data[0] of the answer: the listing as a list would show it.
  const one = await ownListing(c, body.data.id);
  return {
    error: false,
    message: body.message,
    data: [one ?? { id: body.data.id, slug_id: body.data.slug_id }],
    warnings: body.data.warnings ?? {},
  };
}

/** Whether the caller reported or is interested in these listings (their server put both on every listing). */
async function listingExtras(c: Compat, ids: number[]): Promise<Map<number, shape.ListingExtras>> {
  if (!c.token || !ids.length) return new Map();
  return reportedAndInterested(c, ids);
}

async function propertyList(c: Compat, body: any, message?: string): Promise<Body> {
  const extras = await listingExtras(
    c,
    (body.data ?? []).map((p: any) => p.id),
  );
  return list(body, (p) => shape.property(p, c.place, extras.get(p.id)), message);
}

/** get_property and get-property-list filters as the apps send them → ours. */
function searchInput(f: Fields): Fields {
  if (f.posted_since !== undefined) f.posted_since = postedSince(f.posted_since);
  // 2 (sold) and 3 (rented) are states, not kinds: public searches are not filtered by them.
  if (f.property_type !== undefined && ["2", "3"].includes(String(f.property_type))) delete f.property_type;
  kindFilterInput(f, "property_type");
  if (isOn(f.most_viewed)) f.sort = "most_viewed";
  delete f.most_viewed;
  // get-property-list calls facility ids parameter_id.
  rename(f, "parameter_id", "facility_ids");
  for (const k of ["promoted", "top_rated", "most_liked", "users_promoted", "get_simiilar"])
    if (f[k] !== undefined) f[k] = isOn(f[k]) ? "1" : "0";
  return f;
}

const SEARCH_EXTRAS = [
  "latitude",
  "longitude",
  "radius",
  "place_id",
  "get_all_premium_properties",
  "is_admin",
] as const;

export const compatCalls: Record<string, CompatCall> = {
  /* ------------------------------------------------------------------ settings and languages */
  "web-settings": { methods: ["GET", "POST"], handle: settingsFor },
  get_system_settings: { methods: ["GET", "POST"], handle: settingsFor },
  "app-settings": { methods: ["GET", "POST"], handle: settingsFor },
  get_app_settings: { methods: ["GET", "POST"], handle: settingsFor },
  get_languages: pass("get_languages", ["GET", "POST"], {
    output: (b) => {
      const d = b.data;
      if (Array.isArray(d))
        return {
          error: false,
          message: b.message,
          data: d.map((l: any) => ({ id: l.id, code: l.code, name: l.name, rtl: l.rtl ? 1 : 0 })),
        };
      return {
        error: false,
        message: b.message,
        data: { id: d.id, code: d.code, name: d.name, rtl: d.rtl ? 1 : 0, file_name: d.file_name ?? {} },
      };
    },
  }),
  get_seo_settings: {
    methods: ["GET"],
    async handle(c) {
      const s = expectOk(await c.call("web-settings", {})).data as any;
      const page = typeof c.fields.page === "string" ? c.fields.page : "homepage";
      return {
        error: false,
        message: "Data Fetch Successfully",
        data: [
          {
            id: 1,
            page,
            meta_title: s.company_name,
            meta_description: s.company_name,
            meta_keywords: "",
            meta_image: shape.url(s.web_logo, c.place),
            image: shape.url(s.web_logo, c.place),
          },
        ],
      };
    },
  },

  /* ------------------------------------------------------------------ people */
  user_signup: { methods: ["POST"], handle: signUp },
  "user-register": { methods: ["POST"], handle: register },
  "get-otp": pass("get-otp", ["GET"], { ignore: ["password"] }),
  // POST too: a code in the body stays out of access logs (the apps send GET, as the spec says).
  "verify-otp": pass("verify-otp", ["GET", "POST"], {
    ignore: ["auth_id"],
    output: (b) => ({
      error: false,
      message: b.message,
      data: b.data ?? null,
      ...(b.data?.auth_id ? { auth_id: b.data.auth_id } : {}),
    }),
  }),
  "forgot-password": pass("forgot-password", ["GET", "POST"]),
  update_profile: pass("update_profile", ["POST"], {
    input: (f, c) => {
      // Their `type` and `logintype` are sign-in methods (0 Google …); ours `type` is a role.
      const lt = loginType(f.logintype ?? f.type);
      delete f.type;
      if (lt) f.logintype = lt;
      else delete f.logintype;
      if (f.notification !== undefined) f.notification = isOn(f.notification) ? "1" : "0";
      if (typeof f.profile === "string" && (isJunk(f.profile) || f.profile.startsWith(c.place.origin)))
        delete f.profile;
      return withoutJunk(f, [
        "latitude",
        "longitude",
        "about_me",
        "facebook_id",
        "twiiter_id",
        "instagram_id",
        "youtube_id",
        "city",
        "state",
        "country",
        "address",
        "fcm_id",
        "firebase_id",
      ]);
    },
    ignore: ["firebase_id", "auth_id", "pintrest_id"],
    output: (b, c) => ({ error: false, message: b.message, data: shape.customer(b.data, c.place) }),
  }),
  "get-user-data": pass("get-profile", ["GET"], {
    output: (b, c) => ({ error: false, message: b.message, data: shape.customer(b.data, c.place) }),
  }),
  get_user_by_id: pass("get-profile", ["GET", "POST"], {
    ignore: ["id"],
    output: (b, c) => ({ error: false, message: b.message, data: shape.customer(b.data, c.place) }),
  }),
  delete_user: pass("delete_user", ["POST", "DELETE"]),
  "before-logout": pass("before-logout", ["POST"]),
  "block-user": pass("block-user", ["POST"], { input: (f) => withoutJunk(f, ["reason", "to_user_id"]) }),
  "unblock-user": pass("unblock-user", ["POST"], {
    input: (f) => withoutJunk(f, ["to_user_id"]),
    ignore: ["reason"],
  }),
  contct_us: pass("contct_us", ["POST"]),

  /* ------------------------------------------------------------------ catalogue */
  get_categories: pass("get_categories", ["GET", "POST"], {
    input: (f) => {
      // Asked for one category (by id or slug): the list, then that one.
      if (f.id !== undefined || f.slug_id !== undefined) f.limit = "100";
      return f;
    },
    ignore: ["id", "slug_id"],
    output: (b, c) => {
      const { id, slug_id } = c.fields;
      const rows = (b.data ?? []).filter(
        (x: any) =>
          (id === undefined || String(x.id) === String(id)) &&
          (slug_id === undefined || x.slug_id === slug_id),
      );
      return {
        error: false,
        message: b.message,
        data: rows.map((x: any) => shape.category(x, c.place)),
        total: id !== undefined || slug_id !== undefined ? rows.length : b.total,
      };
    },
  }),
  get_facilities: pass("get_facilities", ["GET", "POST"], {
    output: (b, c) => list(b, (f) => shape.facility(f, c.place)),
  }),
  "get-facilities-for-filter": pass("get-facilities-for-filter", ["GET"], {
    output: (b, c) => list(b, (f) => shape.facility(f, c.place)),
  }),
  get_report_reasons: pass("get_report_reasons", ["GET", "POST"]),
  faqs: pass("faqs", ["GET"]),
  get_articles: pass("get_articles", ["GET", "POST"], {
    ignore: ["get_simiilar"],
    async output(b, c, input) {
      const body = list(b, (a) => shape.article(a, c.place));
      if ((input.slug_id || input.id) && b.data?.[0]) {
        const cat = b.data[0].category?.id;
        const more = await c.call("get_articles", { limit: 5, ...(cat ? { category_id: cat } : {}) });
        body.similar_articles = ((more.body.data as any[]) ?? [])
          .filter((a: any) => a.id !== b.data[0].id)
          .slice(0, 4)
          .map((a: any) => shape.article(a, c.place));
      }
      return body;
    },
  }),
  "get-cities-data": pass("get-cities-data", ["GET"], {
    ignore: ["offset"],
    output: (b) =>
      // We keep no picture of a city.
      list(b, (x) => ({ City: x.city, Count: x.count, image: null, state: x.state, country: x.country })),
  }),
  get_count_by_cities_categoris: pass("get-cities-data", ["GET", "POST"], {
    output: (b) => ({
      error: false,
      message: b.message,
      data: {
        city_data: (b.data ?? []).map((x: any) => ({ City: x.city, Count: x.count, image: null })),
        category_data: [],
      },
    }),
  }),
  "homepage-data": { methods: ["GET"], handle: homepage },
  get_slider: { methods: ["GET", "POST"], handle: slider },
  "get-slider": { methods: ["GET"], handle: slider },
  "agent-list": pass("agent-list", ["GET"], { output: (b, c) => list(b, (a) => shape.agent(a, c.place)) }),
  "agent-properties": { methods: ["GET"], handle: agentProperties },
  "mortgage-calculator": pass("mortgage-calculator", ["GET"], {
    output: (b, c) => ({
      error: false,
      message: b.message,
      data: shape.mortgage(b.data, Number(c.fields.down_payment) || 0),
    }),
  }),

  /* ------------------------------------------------------------------ listings */
  get_property: {
    methods: ["GET", "POST"],
    async handle(c) {
      const f = searchInput({ ...c.fields });
      const one = f.id !== undefined || f.slug_id !== undefined;
      const body = expectOk(
        await c.call("get_property", f, { ignore: [...IGNORED_EVERYWHERE, ...SEARCH_EXTRAS] }),
      );
      if (!one || !body.data?.[0] || isOn(f.get_simiilar)) return propertyList(c, body);
      const p = (body.data as any[])[0];
      const extras = await listingDetailExtras(c, p);
      const similar = await c.call("get_property", { id: p.id, get_simiilar: "1", limit: 6 });
      return {
        error: false,
        message: body.message,
        data: [shape.property(p, c.place, extras)],
        total: 1,
        similar_properties: ((similar.body.data as any[]) ?? []).map((x: any) => shape.property(x, c.place)),
      };
    },
  },
  "get-property-list": {
    methods: ["GET"],
    async handle(c) {
      const body = expectOk(
        await c.call("get-property-list", searchInput({ ...c.fields }), {
          ignore: [...IGNORED_EVERYWHERE, ...SEARCH_EXTRAS],
        }),
      );
      return propertyList(c, body);
    },
  },
  // The personal feed: one address, three methods. Their web app sends the lists comma-joined,
  // price_range as "min,max" and property_type as "", "0" or "1".
  "personalised-fields": {
    methods: ["GET", "POST", "DELETE"],
    async handle(c) {
      const method = c.request.method;
      if (method === "DELETE") {
        const body = expectOk(
          await c.call("delete-personalised-fields", {}, { ignore: [...IGNORED_EVERYWHERE, "user_id"] }),
        );
        return { error: false, message: body.message, data: [] };
      }
      if (method === "POST") {
        const f = withoutJunk({ ...c.fields }, [
          "category_ids",
          "outdoor_facilitiy_ids",
          "price_range",
          "property_type",
          "city",
        ]);
        // Both kinds is "either": no kind saved.
        kindFilterInput(f, "property_type");
        const body = expectOk(
          await c.call("save-personalised-fields", f, { ignore: [...IGNORED_EVERYWHERE, "user_id"] }),
        );
        return { error: false, message: body.message, data: personalised(body.data) };
      }
      const body = expectOk(
        await c.call("personalised-fields", {}, { ignore: [...IGNORED_EVERYWHERE, "user_id"] }),
      );
      return { error: false, message: body.message, data: personalised(body.data) };
    },
  },
  get_user_recommendation: pass("get_user_recommendation", ["GET"], { output: (b, c) => propertyList(c, b) }),
  "get-all-similar-properties": {
    methods: ["GET"],
    async handle(c) {
      const f = kindFilterInput({ ...c.fields }, "property_type");
      rename(f, "property_id", "id");
      const body = expectOk(
        await c.call(
          "get_property",
          { ...f, get_simiilar: "1" },
          { ignore: [...IGNORED_EVERYWHERE, "search"] },
        ),
      );
      return propertyList(c, body);
    },
  },
  get_nearby_properties: pass("get_nearby_properties", ["GET"], {
    input: (f) => kindFilterInput(f, "type"),
    ignore: [...SEARCH_EXTRAS],
    output: (b, c) => propertyList(c, b),
  }),
  set_property_total_click: {
    methods: ["POST"],
    async handle(c) {
      const f = { ...c.fields };
      rename(f, "property_slug_id", "slug_id");
      if (f.project_slug_id !== undefined && f.slug_id === undefined && f.property_id === undefined) {
        // We count a project's views where its page is opened; there is no separate counter to add to.
        throw new CompatError("Views are counted for properties only");
      }
      delete f.project_slug_id;
      const body = expectOk(await c.call("set_property_total_click", f, { ignore: IGNORED_EVERYWHERE }));
      return { error: false, message: "Update Successfully", data: body.data };
    },
  },
  add_favourite: pass("add_favourite", ["POST"]),
  get_favourite_property: pass("get_favourite_property", ["GET"], { output: (b, c) => propertyList(c, b) }),
  interested_users: pass("interested_users", ["POST"]),
  get_interested_users: {
    methods: ["GET"],
    async handle(c) {
      const f = { ...c.fields };
      if (f.property_id === undefined && f.slug_id !== undefined) {
        const mine = expectOk(await c.call("get-added-properties", { slug_id: f.slug_id, limit: 1 }));
        if (!mine.data?.[0]) throw new CompatError("No data found!");
        f.property_id = (mine.data as any[])[0].id;
      }
      delete f.slug_id;
      // The web app sends the listing's id as the offset by mistake; an offset past the list is harmless.
      const body = expectOk(await c.call("get_interested_users", f, { ignore: IGNORED_EVERYWHERE }));
      return list(body, (u) => ({
        id: u.id,
        name: u.name,
        email: u.email ?? "",
        mobile: u.mobile ?? "",
        profile: shape.url(u.profile, c.place),
        customertotalpost: 0,
      }));
    },
  },
  add_reports: pass("add_reports", ["POST"], {
    input: (f) => {
      withoutJunk(f, ["reason_id", "other_message", "property_id", "to_user_id", "to_admin"]);
      // 0 (or "null") is their "other" reason: the text is the report.
      if (String(f.reason_id) === "0") delete f.reason_id;
      if (f.reason_id === undefined && f.other_message !== undefined) f.reason_id = "other";
      return f;
    },
  }),
  "get-added-properties": {
    methods: ["GET"],
    async handle(c) {
      const f = { ...c.fields };
      // Their tabs: 0 sell, 1 rent (or both), and the states 2 sold and 3 rented.
      const code = f.property_type === undefined ? undefined : String(f.property_type);
      if (code === "2" || code === "3") {
        f.property_status = code === "2" ? "sold" : "rented";
        delete f.property_type;
      } else kindFilterInput(f, "property_type");
      const promoted = isOn(f.is_promoted);
      delete f.is_promoted;
      const body = expectOk(
        await c.call("get-added-properties", f, { ignore: [...IGNORED_EVERYWHERE, "is_admin"] }),
      );
      const rows = (body.data as any[]).filter((p) => !promoted || p.featured !== null);
      if (f.id !== undefined || f.slug_id !== undefined) {
        // One of their own: everything the edit form needs (parameters, facilities, gallery).
        const one = rows[0] ? await ownListing(c, rows[0].id, rows[0]) : null;
        const data = one ? [one] : [];
        return { error: false, message: body.message, data, total: data.length, similiar_properties: [] };
      }
      const views = rows.reduce((n, p) => n + (p.total_click ?? 0), 0);
      return {
        error: false,
        message: body.message,
        data: rows.map((p) => shape.ownProperty(p, c.place)),
        total: promoted ? rows.length : body.total,
        total_views: views,
      };
    },
  },
  post_property: pass("post_property", ["POST"], {
    input: listingInput,
    ignore: LISTING_EXTRAS,
    output: (b, c) => savedListing(c, b),
  }),
  update_post_property: pass("update_post_property", ["POST"], {
    input: (f, c) => keepUnsent(listingInput(f), c),
    ignore: LISTING_EXTRAS,
    output: (b, c) => savedListing(c, b),
  }),
  delete_property: pass("delete_property", ["POST", "DELETE"]),
  update_property_status: pass("update_property_status", ["POST"], {
    input: (f) => {
      rename(f, "property_id", "id");
      if (f.status !== undefined) f.status = saleState(f.status);
      return f;
    },
  }),
  "change-property-status": pass("change-property-status", ["POST"], {
    input: (f) => {
      rename(f, "property_id", "id");
      if (f.status !== undefined) f.status = activeState(f.status);
      return f;
    },
  }),

  /* ------------------------------------------------------------------ projects */
  "get-projects": pass("get-projects", ["GET"], {
    ignore: ["get_similar", "get_featured", ...SEARCH_EXTRAS, "posted_since"],
    output: (b, c) => list(b, (p) => shape.project(p, c.place)),
  }),
  get_projects: pass("get-projects", ["GET"], {
    ignore: ["get_featured"],
    output: (b, c) => list(b, (p) => shape.project(p, c.place)),
  }),
  "get-project-detail": pass("get-project-detail", ["GET"], {
    ignore: ["get_similar"],
    output: (b, c) => ({
      error: false,
      message: b.message,
      data: shape.project(b.data, c.place),
      similar_projects: (b.data.similar_projects ?? []).map((p: any) => shape.project(p, c.place)),
    }),
  }),
  "get-added-projects": {
    methods: ["GET"],
    async handle(c) {
      const f = { ...c.fields };
      const body = expectOk(await c.call("get-added-projects", f, { ignore: IGNORED_EVERYWHERE }));
      if (f.id !== undefined || f.slug_id !== undefined) {
        const row = (body.data as any[])[0];
        const own = row ? await c.call("get-own-project", { id: row.id }) : null;
        const data =
          own && !own.body.error
            ? shape.project({ ...(own.body.data as any), featured: row.featured }, c.place)
            : null;
        if (!data) throw new CompatError("No data found!");
        return { error: false, message: body.message, data, total: 1 };
      }
      return { ...list(body, (p) => shape.project(p, c.place)), total_clicks: 0 };
    },
  },
  post_project: pass("post_project", ["POST"], {
    input: (f) => {
      withoutJunk(f, ["gallery_images", "documents", "meta_image", "image"]);
      for (const k of ["gallery_images", "documents"])
        if (Array.isArray(f[k])) f[k] = f[k].filter((x: unknown) => x instanceof File);
      if (typeof f.meta_image === "string") delete f.meta_image; // the address of the one it has
      if (Array.isArray(f.plans))
        f.plans = f.plans
          .filter((p: any) => p && typeof p === "object")
          .map((p: any) => withoutJunk({ ...p }, ["id", "document"]));
      return f;
    },
    ignore: [...LISTING_EXTRAS, "is_edit"],
    output: (b) => ({ error: false, message: b.message, data: b.data }),
  }),
  delete_project: pass("delete_project", ["POST", "DELETE"]),
  "change-project-status": pass("change-project-status", ["POST"], {
    input: (f) => {
      rename(f, "project_id", "id");
      if (f.status !== undefined) f.status = activeState(f.status);
      return f;
    },
  }),

  /* ------------------------------------------------------------------ advertisements and packages */
  store_advertisement: pass("store_advertisement", ["POST"], {
    input: (f) => {
      // Their older apps feature only properties and do not say so.
      if (f.feature_for === undefined)
        f.feature_for = f.project_id !== undefined && f.property_id === undefined ? "project" : "property";
      return f;
    },
    ignore: ["package_id", "type", "image", "start_date", "end_date"],
  }),
  delete_advertisement: pass("delete-advertisement", ["POST"]),
  "get-featured-data": pass("get-featured-data", ["GET"], {
    output: (b, c) =>
      list(b, (x) =>
        x.slug_id && x.price !== undefined
          ? { ...shape.property(x, c.place), status: "0" }
          : { ...shape.project(x, c.place), status: "0" },
      ),
  }),
  "check-package-limit": pass("check-package-limit", ["GET"], {
    output: (b) => ({
      error: false,
      message: b.data.message ?? b.message,
      data: {
        package_available: b.data.package_available,
        feature_available: b.data.feature_available,
        limit_available: b.data.limit_available,
      },
    }),
  }),
  get_limits: pass("check-package-limit", ["GET", "POST"], {
    input: (f) => {
      const t = String(f.package_type ?? f.type ?? "property");
      delete f.package_type;
      delete f.id;
      f.type =
        { property: "property_list", advertisement: "property_feature", project: "project_list" }[t] ?? t;
      return f;
    },
    output: (b) => {
      if (!b.data.allowed)
        throw new CompatError(b.data.message ?? "Package not found", {
          package_available: b.data.package_available,
        });
      return {
        error: false,
        message: "User able to upload",
        data: b.data,
        package_available: b.data.package_available,
        limit_available: b.data.limit_available,
      };
    },
  }),
  "get-package": { methods: ["GET"], handle: packages },
  get_package: { methods: ["GET", "POST"], handle: packages },
  assign_package: pass("assign_package", ["POST"], { input: inAppRefused }),
  assign_free_package: pass("assign_package", ["POST"], { input: inAppRefused }),
  get_payment_settings: { methods: ["GET"], handle: paymentSettings },
  get_payment_details: pass("get_payment_details", ["GET"], {
    ignore: ["payment_type"],
    output: (b, c) => list(b, (t) => shape.transaction(t, null), c.fields.offset ? undefined : b.message),
  }),
  "create-payment-intent": { methods: ["POST"], handle: paymentIntent },
  createPaymentIntent: { methods: ["POST"], handle: paymentIntent },
  confirmPayment: { methods: ["POST"], handle: confirmPayment },
  app_payment_status: { methods: ["GET", "POST"], handle: confirmPayment },
  "payment-transaction-fail": pass("payment-transaction-fail", ["POST"]),
  flutterwave: pass("flutterwave", ["POST"], {
    output: (b) => ({
      error: false,
      message: b.message,
      data: {
        status: "success",
        data: { link: b.data.redirect_url ?? "" },
        payment_transaction_id: b.data.payment_transaction_id,
      },
    }),
  }),
  paypal: pass("paypal", ["GET"], {
    output: (b) => ({
      error: false,
      message: b.message,
      data: { ...b.data, link: b.data.redirect_url ?? "" },
    }),
  }),

  /* ------------------------------------------------------------------ notifications and chat */
  get_notification_list: pass("get_notification_list", ["GET", "POST"], {
    ignore: ["userid"],
    output: (b, c) => ({
      error: false,
      message: b.message,
      data: (b.data.notifications ?? []).map((n: any) => shape.notification(n, c.place)),
      total: b.total ?? b.data.notifications?.length ?? 0,
      unread: b.data.unread ?? 0,
    }),
  }),
  get_chats: pass("get_chats", ["GET"], {
    input: (f) => pageToOffset(f, 50),
    output: (b, c) => ({
      error: false,
      message: b.message,
      data: (b.data.chats ?? []).map((x: any) => shape.chatListItem(x, c.place)),
      total: b.total ?? b.data.chats?.length ?? 0,
      total_page: 1,
    }),
  }),
  get_messages: pass("get_messages", ["GET"], {
    input: (f) => {
      if (String(f.page) === "0") f.page = "1";
      return f;
    },
    output: (b, c) => {
      const messages = (b.data.messages ?? []).map((m: any) => shape.chatMessage(m, c.place));
      return {
        error: false,
        message: b.message,
        data: { data: messages, current_page: Number(c.fields.page ?? 1) || 1, total: messages.length },
        total_page: messages.length ? Number(c.fields.page ?? 1) + 1 : Number(c.fields.page ?? 1),
        is_blocked_by_me: b.data.blocked_by_me,
        is_blocked_by_user: b.data.blocked_me,
      };
    },
  }),
  send_message: pass("send_message", ["POST"], {
    input: (f) => withoutJunk(f, ["audio", "file", "message"]),
    ignore: ["sender_id", "chat_message_type"],
    // Their web app reads the new message's id as data.id, older apps at the top.
    output: (b) => ({
      error: false,
      message: b.message,
      data: { ...b.data, id: b.data.message_id },
      id: b.data.message_id,
    }),
  }),
  delete_chat_message: pass("delete_chat_message", ["POST"], {
    input: (f) => {
      if (f.message_id === undefined)
        throw new CompatError("Choose a message to delete: whole conversations are not deleted");
      return f;
    },
    ignore: ["sender_id", "receiver_id", "property_id"],
  }),

  /* ------------------------------------------------------------------ maps */
  // Their "separate service" call: each point as text, { latitude, longitude }, { lat, lng } (what a
  // map library hands out) or a Google Routes waypoint, all read by our call's one schema.
  "compute-route": pass("compute-route", ["POST"]),

  /* ------------------------------------------------------------------ agent verification */
  "get-agent-verification-form-fields": pass("get-agent-verification-form-fields", ["GET"], {
    output: (b) =>
      list(b, (q) => ({
        id: q.id,
        name: q.name,
        field_type: q.field_type,
        is_required: q.is_required ? 1 : 0,
        rank: q.rank,
        form_fields_values: (q.options ?? []).map((o: any, i: number) => ({
          id: i + 1,
          verify_customer_form_id: q.id,
          value: o.value,
        })),
      })),
  }),
  "get-agent-verification-form-values": pass("get-agent-verification-form-values", ["GET"], {
    output: (b, c) => ({
      error: false,
      message: b.message,
      data: {
        id: b.data.application_id,
        status: b.data.status,
        reason: b.data.reason,
        created_at: b.data.submitted_at,
        verify_customer_values: (b.data.form_fields ?? []).map((a: any) => ({
          verify_customer_form_id: a.id,
          value: a.file
            ? shape.url(a.file.url, c.place)
            : Array.isArray(a.value)
              ? a.value.join(",")
              : (a.value ?? ""),
          verify_form: { id: a.id, name: a.name, field_type: a.field_type },
        })),
      },
    }),
  }),
  "apply-agent-verification": pass("apply-agent-verification", ["POST"]),
};

/** `page` (1 first; their web app also says 0) and `per_page` → our offset and limit. */
function pageToOffset(f: Fields, max: number): Fields {
  const per = Math.min(max, Math.max(1, Number(f.per_page) || 20));
  const page = Math.max(1, Number(f.page) || 1);
  delete f.page;
  delete f.per_page;
  if (f.offset === undefined) f.offset = String((page - 1) * per);
  if (f.limit === undefined) f.limit = String(per);
  return f;
}

/** A store purchase made in an app cannot be checked here (no App Store or Play receipt check). */
function inAppRefused(f: Fields): Fields {
  if (isOn(f.in_app))
    throw new CompatError("In-app purchases are not accepted here: buy the package on the website");
  delete f.in_app;
  delete f.product_id;
  return f;
}
