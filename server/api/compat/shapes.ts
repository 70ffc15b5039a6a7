// Our answers in the shapes the eBroker apps parse (decision 025): URL strings where we give image
// objects, 0/1 where their server gave 0/1 and booleans where it gave booleans, the owner's fields
// flat on a listing, the keys their models read (typos included: `gallary_images`, `twiiter_id`).
// Every converter takes JSON as our API answers it and never throws on a missing optional part.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { isJunk, loginTypeCode, offerWord, rentWord } from "./values";
import { PACKAGE_FEATURE_TYPES } from "../packages/contract";

export type Json = any;

/** Where relative addresses of this server are made absolute (an app's image view needs a full URL). */
export interface Place {
  origin: string;
  lang: string;
}

/**
 * Every address an app loads or opens (an image it puts in `<img src>`, a file, a video, a link):
 * our image object's largest file or an address, made absolute; null when there is none, as our API
 * and these shapes say "absent" everywhere. Never "": a browser asks for `src=""` as the page itself,
 * and the apps show their placeholder for null but a broken picture for "".
 */
export function url(v: Json, place: Place): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "object") return url(v.url, place);
  const s = String(v).trim();
  if (!s || isJunk(s)) return null;
  if (s.startsWith("//")) return `https:${s}`;
  if (s.startsWith("/")) return place.origin + s;
  return s;
}

const int01 = (v: unknown) => (v ? 1 : 0);
const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** "3 weeks ago", as their server's diffForHumans wrote it. */
export function ago(iso: string | null | undefined, lang = "en"): string {
  if (!iso) return "";
  const seconds = Math.round((Date.parse(iso) - Date.now()) / 1000);
  if (!Number.isFinite(seconds)) return "";
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["year", 31_536_000],
    ["month", 2_592_000],
    ["week", 604_800],
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
    ["second", 1],
  ];
  const fmt = new Intl.RelativeTimeFormat(lang === "ar" ? "ar" : "en", { numeric: "always" });
  for (const [unit, size] of units)
    if (Math.abs(seconds) >= size || unit === "second") return fmt.format(Math.trunc(seconds / size), unit);
  return "";
}

export function category(c: Json, place: Place): Json {
  if (!c) return null;
  return {
    id: c.id,
    category: c.category ?? c.name ?? "",
    translated_name: c.category ?? c.name ?? "",
    image: url(c.image, place),
    slug_id: c.slug_id ?? "",
    ...(c.properties_count !== undefined ? { properties_count: c.properties_count } : {}),
    ...(c.parameter_types
      ? { parameter_types: c.parameter_types.map((p: Json) => parameterType(p, place)) }
      : {}),
    meta_title: c.category ?? "",
    meta_description: "",
    meta_keywords: "",
    meta_image: url(c.image, place),
  };
}

/** Their admin panel's names of field types. */
const FIELD_TYPE: Record<string, string> = { text: "textbox", radio: "radiobutton" };

export function parameterType(p: Json, place: Place): Json {
  return {
    id: p.id,
    name: p.name,
    translated_name: p.name,
    type_of_parameter: FIELD_TYPE[p.type_of_parameter] ?? p.type_of_parameter,
    type_values: (p.type_values ?? []).map((o: Json) => (typeof o === "object" ? o.value : o)),
    translated_option_value: (p.type_values ?? []).map((o: Json) =>
      typeof o === "object" ? { value: o.value, translated: o.label } : { value: o, translated: o },
    ),
    image: url(p.image, place),
    is_required: p.is_required ? 1 : 0,
    unit: p.unit ?? "",
  };
}

export function facility(f: Json, place: Place): Json {
  return {
    id: f.id,
    name: f.name,
    translated_name: f.name,
    image: url(f.image, place),
    ...(f.count !== undefined ? { count: f.count } : {}),
  };
}

/** The listing's owner, flat on the listing as their server wrote it. */
function owner(c: Json, place: Place, reveal?: { mobile?: string; email?: string }) {
  if (!c) return { customer_name: "", email: "", mobile: "", profile: null };
  return {
    customer_id: c.id,
    customer_name: c.name ?? "",
    customer_slug_id: String(c.id ?? ""),
    // An owner's phone and email go only to them, admins, and a signed-in person who asked (decision 023).
    email: reveal?.email ?? c.email ?? "",
    mobile: reveal?.mobile ?? c.mobile ?? "",
    profile: url(c.profile, place),
    is_verified: Boolean(c.is_verified),
  };
}

export interface ListingExtras {
  is_reported?: boolean;
  is_interested?: boolean;
  reveal?: { mobile?: string; email?: string };
  is_blocked_by_me?: boolean;
  is_blocked_by_user?: boolean;
}

/** A property, as their `get_property_details` wrote it: one shape for lists and the detail. */
export function property(p: Json, place: Place, extra: ListingExtras = {}): Json {
  const gallery = (p.gallery ?? []).flatMap((g: Json, i: number) => {
    const address = url(g, place);
    // A photo without an address is nothing to show: left out rather than an empty frame.
    return address ? [{ id: g.id ?? i + 1, image: address.split("/").pop() ?? "", image_url: address }] : [];
  });
  return {
    id: p.id,
    slug_id: p.slug_id,
    title: p.title ?? "",
    translated_title: p.title ?? "",
    description: p.description ?? "",
    translated_description: p.description ?? "",
    price: p.price,
    category: p.category
      ? {
          id: p.category.id,
          category: p.category.category,
          translated_name: p.category.category,
          image: url(p.category.image, place),
          slug_id: p.category.slug_id,
        }
      : null,
    category_id: p.category?.id ?? null,
    property_type: offerWord(p.property_type, p.property_status),
    title_image: url(p.title_image, place),
    title_image_hash: "",
    three_d_image: url(p.three_d_image, place),
    post_created: ago(p.created_at, place.lang),
    created_at: p.created_at ?? null,
    gallery,
    documents: (p.documents ?? []).map((d: Json) => ({
      id: d.id,
      property_id: p.id,
      type:
        String(d.name ?? "")
          .split(".")
          .pop()
          ?.toLowerCase() ?? "",
      file_name: d.name ?? "",
      file: url(d.url, place),
    })),
    total_view: p.total_click ?? 0,
    total_click: p.total_click ?? 0,
    status: p.status === undefined ? 1 : int01(p.status === "active"),
    request_status: p.request_status ?? "approved",
    state: p.state ?? "",
    city: p.city ?? "",
    country: p.country ?? "",
    address: p.address ?? "",
    client_address: p.address ?? "",
    latitude: text(p.latitude),
    longitude: text(p.longitude),
    added_by: p.customer?.id ?? 0,
    video_link: url(p.video_link, place),
    rentduration: rentWord(p.rentduration),
    meta_title: p.meta_title || p.title || "",
    meta_description: p.meta_description || "",
    meta_keywords: p.meta_keywords ?? "",
    meta_image: url(p.meta_image, place) ?? url(p.title_image, place),
    is_premium: Boolean(p.is_premium),
    promoted: Boolean(p.promoted),
    inquiry: false,
    is_favourite: int01(p.is_favourite),
    is_interested: int01(extra.is_interested),
    is_reported: Boolean(extra.is_reported),
    is_blocked_by_me: Boolean(extra.is_blocked_by_me),
    is_blocked_by_user: Boolean(extra.is_blocked_by_user),
    total_favourite_users: p.favourites_count ?? 0,
    favourite_users: [],
    total_interested_users: p.interested_count ?? 0,
    interested_users: [],
    advertisement: [],
    assign_facilities: (p.facilities ?? []).map((f: Json) => ({
      id: f.id,
      property_id: p.id,
      facility_id: f.id,
      distance: f.distance,
      name: f.name,
      translated_name: f.name,
      image: url(f.image, place),
    })),
    parameters: (p.parameters ?? []).map((x: Json) => ({
      id: x.id,
      name: x.name,
      translated_name: x.name,
      type_of_parameter: FIELD_TYPE[x.type_of_parameter] ?? x.type_of_parameter,
      type_values: [],
      image: url(x.image, place),
      is_required: 0,
      // A checkbox answer is a list in their server's answers; a file answer an address.
      value:
        x.type_of_parameter === "checkbox"
          ? String(x.value).split(",").filter(Boolean)
          : x.type_of_parameter === "file"
            ? url(x.value, place)
            : x.value,
    })),
    ...owner(p.customer, place, extra.reveal),
  };
}

/** One of the owner's own listings (`get-added-properties`): their fields plus the review state. */
export function ownProperty(p: Json, place: Place): Json {
  return { ...property({ ...p, customer: null, parameters: [], facilities: [] }, place), ...ownFlags(p) };
}

/** What only the owner sees of a listing: review, featuring, interest. */
export function ownFlags(p: Json): Json {
  return {
    status: int01(p.status === "active"),
    request_status: p.request_status,
    property_type: offerWord(p.property_type, p.property_status),
    total_view: p.total_click ?? 0,
    reject_reason: p.reject_reason ? { id: p.id, property_id: p.id, reason: p.reject_reason } : null,
    advertisement_status: p.featured === "live" ? 0 : p.featured === "pending" ? 1 : "",
    is_feature_available: p.featured === null && p.request_status === "approved" && p.status === "active",
    is_featured_available: p.featured === null && p.request_status === "approved" && p.status === "active",
    total_interested_users: p.interested_count ?? 0,
  };
}

export function project(p: Json, place: Place): Json {
  const developer = p.developer ?? p.customer ?? null;
  const gallery = (p.gallery_images ?? []).flatMap((g: Json) => {
    const address = url(g, place);
    return address ? [{ id: g.id, name: address, type: "image", project_id: p.id }] : [];
  });
  return {
    id: p.id,
    slug_id: p.slug_id,
    title: p.title ?? "",
    translated_title: p.title ?? "",
    description: p.description ?? "",
    translated_description: p.description ?? "",
    category: p.category
      ? {
          id: p.category.id,
          category: p.category.category,
          translated_name: p.category.category,
          image: url(p.category.image, place),
          slug_id: p.category.slug_id,
        }
      : null,
    category_id: p.category?.id ?? p.category_id ?? null,
    type: p.type,
    city: p.city ?? "",
    state: p.state ?? "",
    country: p.country ?? "",
    location: p.location ?? "",
    latitude: text(p.latitude),
    longitude: text(p.longitude),
    image: url(p.image, place),
    video_link: url(p.video_link, place),
    gallary_images: gallery,
    documents: (p.documents ?? []).map((d: Json) => ({
      id: d.id,
      name: url(d.url, place),
      type: "doc",
      project_id: p.id,
    })),
    plans: (p.plans ?? []).map((x: Json) => ({
      id: x.id,
      title: x.title,
      document: url(x.document, place),
      project_id: p.id,
    })),
    status: p.status === undefined ? 1 : int01(p.status === "active"),
    request_status: p.request_status ?? "approved",
    meta_title: p.meta_title || p.title || "",
    meta_description: p.meta_description ?? "",
    meta_keywords: p.meta_keywords ?? "",
    meta_image: url(p.meta_image, place) ?? url(p.image, place),
    created_at: ago(p.created_at, place.lang),
    updated_at: p.updated_at ?? p.created_at ?? null,
    added_by: developer?.id ?? 0,
    is_promoted: Boolean(p.featured === "live"),
    is_feature_available: p.featured === null && p.request_status === "approved" && p.status === "active",
    customer: developer
      ? {
          id: developer.id,
          name: developer.name ?? "",
          profile: url(developer.profile, place),
          email: developer.email ?? "",
          mobile: developer.mobile ?? "",
          address: developer.city ?? "",
          slug_id: String(developer.id),
          is_user_verified: Boolean(developer.is_verified),
        }
      : null,
  };
}

/** A person as their server serialised its `customers` row. */
export function customer(u: Json, place: Place): Json {
  if (!u) return null;
  return {
    id: u.id,
    name: u.name ?? "",
    slug_id: String(u.id),
    auth_id: u.auth_id ?? u.firebase_id ?? "",
    firebase_id: u.auth_id ?? u.firebase_id ?? "",
    email: u.email ?? "",
    mobile: u.mobile ?? "",
    profile: url(u.profile, place),
    address: u.address ?? "",
    fcm_id: "",
    logintype: loginTypeCode(u.logintype ?? "email"),
    isActive: int01(u.is_active !== false),
    is_active: u.is_active !== false,
    notification: int01(u.notification !== false),
    subscription: 0,
    about_me: u.about_me ?? "",
    facebook_id: u.facebook_id ?? "",
    twiiter_id: u.twiiter_id ?? "",
    twitter_id: u.twiiter_id ?? "",
    instagram_id: u.instagram_id ?? "",
    youtube_id: u.youtube_id ?? "",
    latitude: text(u.latitude),
    longitude: text(u.longitude),
    city: u.city ?? "",
    state: u.state ?? "",
    country: u.country ?? "",
    is_premium: 0,
    is_email_verified: 1,
    type: u.type ?? "user",
    verification_status: u.verification_status ?? "initial",
    isProfileCompleted: Boolean(u.profile_completed),
    created_at: u.created_at ?? null,
    updated_at: u.updated_at ?? null,
  };
}

/** An agent card (`agent-list`). */
export function agent(a: Json, place: Place): Json {
  return {
    id: a.id,
    slug_id: String(a.id),
    name: a.name ?? "",
    profile: url(a.profile, place),
    email: a.email ?? "",
    mobile: a.mobile ?? "",
    city: a.city ?? "",
    country: a.country ?? "",
    about_me: a.about_me ?? "",
    is_verified: Boolean(a.is_verified),
    is_admin: false,
    property_count: a.properties_count ?? 0,
    projects_count: a.projects_count ?? 0,
  };
}

export function article(a: Json, place: Place): Json {
  return {
    id: a.id,
    slug_id: a.slug_id,
    title: a.title,
    translated_title: a.title,
    description: a.body ?? a.summary ?? "",
    translated_description: a.body ?? a.summary ?? "",
    image: url(a.image, place),
    category: a.category
      ? { id: a.category.id, category: a.category.name, slug_id: a.category.slug_id }
      : null,
    category_id: a.category?.id ?? null,
    view_count: 0,
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

export function notification(n: Json, place: Place): Json {
  return {
    id: n.id,
    title: n.title,
    message: n.body,
    image: null,
    notification_image: null,
    type: n.type,
    send_type: 0,
    customers_id: "",
    propertys_id: "",
    link: url(n.link, place),
    is_read: int01(n.is_read),
    created_at: n.created_at,
    created: ago(n.created_at, place.lang),
  };
}

function messageType(m: Json): string {
  if (m.audio) return "audio";
  if (m.file) return m.message ? "file_and_text" : "file";
  return "text";
}

export function chatMessage(m: Json, place: Place): Json {
  return {
    id: m.message_id,
    sender_id: m.sender_id,
    receiver_id: m.receiver_id,
    property_id: m.property_id,
    message: m.message ?? "",
    file: url(m.file, place),
    audio: url(m.audio, place),
    chat_message_type: messageType(m),
    is_read: int01(m.is_read),
    created_at: m.created_at,
    time_ago: ago(m.created_at, place.lang),
  };
}

export function chatListItem(c: Json, place: Place, titleImage: string | null = null): Json {
  return {
    property_id: c.property_id,
    user_id: c.user_id,
    name: c.name,
    profile: url(c.profile, place),
    title: c.title,
    translated_title: c.title,
    slug_id: c.slug_id,
    title_image: titleImage,
    unread_count: c.unread ?? 0,
    firebase_id: "",
    fcm_id: "",
    is_blocked_by_me: false,
    is_blocked_by_user: false,
    last_message: c.last_message ? chatMessage(c.last_message, place) : null,
    date: c.last_message?.created_at ?? null,
  };
}

/** Their names of package features, in their order (1 = property list …). */
const FEATURES = PACKAGE_FEATURE_TYPES;
const FEATURE_NAMES: Record<string, string> = {
  property_list: "Property List",
  property_feature: "Property Feature List",
  project_list: "Project List",
  project_feature: "Project Feature List",
  mortgage_calculator_detail: "Mortgage Calculator Detail Access",
  premium_properties: "Premium Properties Access",
  project_access: "Project List Access",
};
const featureId = (t: string) => (FEATURES as readonly string[]).indexOf(t) + 1;

export function allFeatures(): Json[] {
  return FEATURES.map((t, i) => ({
    id: i + 1,
    name: FEATURE_NAMES[t],
    translated_name: FEATURE_NAMES[t],
    type: t,
    status: 1,
  }));
}

/** A package on offer, in their 1.2.3 shape (features with limit types) and the older limits beside it. */
export function offeredPackage(p: Json, minorDigits: number): Json {
  const limitOf = (t: string) => p.features?.find((f: Json) => f.type === t);
  const old = (t: string) => {
    const f = limitOf(t);
    return f ? (f.limit === null ? "unlimited" : f.limit) : "not_available";
  };
  return {
    id: p.id,
    name: p.name,
    translated_name: p.name,
    ios_product_id: "",
    package_type: p.is_free ? "free" : "paid",
    price: p.price_minor / 10 ** minorDigits,
    duration: p.validity_days,
    status: 1,
    is_active: 0,
    type: "product_listing",
    property_limit: old("property_list"),
    advertisement_limit: old("property_feature"),
    created_at: new Date(0).toISOString(),
    features: (p.features ?? []).map((f: Json) => ({
      id: featureId(f.type),
      type: f.type,
      name: FEATURE_NAMES[f.type] ?? f.type,
      translated_name: FEATURE_NAMES[f.type] ?? f.type,
      limit_type: f.limit === null ? "unlimited" : "limited",
      limit: f.limit,
    })),
  };
}

export function heldPackage(h: Json): Json {
  const end = Date.parse(h.end_at);
  return {
    id: h.package_id,
    user_package_id: h.id,
    name: h.name,
    translated_name: h.name,
    package_type: "paid",
    price: 0,
    duration: Math.max(0, Math.round((end - Date.parse(h.start_at)) / 86_400_000)),
    start_date: h.start_at,
    end_date: h.end_at,
    created_at: h.start_at,
    valid_until: h.end_at,
    remaining_days: Math.max(0, Math.ceil((end - Date.now()) / 86_400_000)),
    is_active: 1,
    features: (h.features ?? []).map((f: Json) => ({
      id: featureId(f.type),
      type: f.type,
      name: FEATURE_NAMES[f.type] ?? f.type,
      translated_name: FEATURE_NAMES[f.type] ?? f.type,
      limit_type: f.total === null ? "unlimited" : "limited",
      limit: f.total,
      total_limit: f.total,
      used_limit: f.used,
    })),
    used_limit_for_property: h.features?.find((f: Json) => f.type === "property_list")?.used ?? 0,
    used_limit_for_advertisement: h.features?.find((f: Json) => f.type === "property_feature")?.used ?? 0,
  };
}

export function transaction(t: Json, userId: number | null): Json {
  return {
    id: t.id,
    transaction_id: t.order_id,
    order_id: t.order_id,
    package_id: t.package_id,
    user_id: userId ?? 0,
    package: { id: t.package_id, name: t.package_name ?? "", price: Number(t.amount) },
    amount: Number(t.amount),
    currency: t.currency,
    payment_gateway: t.payment_gateway,
    payment_type: t.payment_gateway === "bank_transfer" ? "offline" : "online",
    payment_status: t.status,
    // Their first server: "1" success, "2" failed.
    status: t.status === "success" ? "1" : t.status === "failed" || t.status === "rejected" ? "2" : "0",
    reject_reason: t.reason ?? "",
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

/** The mortgage calculator in their keys, a year at a time (months spread evenly within a year). */
export function mortgage(m: Json, downPayment: number): Json {
  const monthly = (y: Json) =>
    Array.from({ length: 12 }, (_, i) => ({
      month: new Date(2000, i, 1).toLocaleString("en", { month: "long" }),
      principal_amount: round(y.principal_paid / 12),
      payable_interest: round(y.interest_paid / 12),
      remaining_balance: round(y.balance),
    }));
  return {
    main_total: {
      principal_amount: round(m.principal),
      down_payment: round(downPayment),
      payable_interest: round(m.total_interest),
      monthly_emi: round(m.monthly_payment),
      total_amount: round(m.total_payment),
    },
    yearly_totals: (m.amortization ?? []).map((y: Json) => ({
      year: y.year,
      principal_amount: round(y.principal_paid),
      interest_paid: round(y.interest_paid),
      remaining_balance: round(y.balance),
      monthly_totals: monthly(y),
    })),
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
