// Database schema (PostgreSQL dialect; runs on PGlite and on a PostgreSQL server).
// Column names follow the product spec's field names (spec §3) so API payloads map 1:1.
import { sql } from "drizzle-orm";
import {
  boolean,
  real,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  check,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  customType,
} from "drizzle-orm/pg-core";
import {
  CONTACT_KINDS,
  LISTING_STATUSES,
  PARAMETER_TYPES,
  PROJECT_TYPES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  REPORT_REASON_FOR,
  REQUEST_STATUSES,
} from "../api/contract/enums";

/** Translations of a row's visible text, keyed by language code then field: `{ ar: { name: "…" } }`. */
export type Translations = Record<string, Record<string, string>>;

export const propertyTypeEnum = pgEnum("property_type", PROPERTY_TYPES);
export const rentDurationEnum = pgEnum("rent_duration", ["daily", "monthly", "quarterly", "yearly"]);
// Spec §4: the admin's decision, the owner's on/off switch and the deal state are separate.
export const requestStatusEnum = pgEnum("request_status", REQUEST_STATUSES);
export const listingStatusEnum = pgEnum("listing_status", LISTING_STATUSES);
export const propertyStatusEnum = pgEnum("property_status", PROPERTY_STATUSES);
export const parameterTypeEnum = pgEnum("parameter_type", PARAMETER_TYPES);
export const verificationStatusEnum = pgEnum("verification_status", [
  "initial",
  "pending",
  "success",
  "failed",
]);
export const advertisementStatusEnum = pgEnum("advertisement_status", [
  "pending",
  "approved",
  "rejected",
  "expired",
]);

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    firebase_id: text("firebase_id").notNull(),
    name: text("name").notNull(),
    email: text("email"),
    mobile: text("mobile"),
    profile: text("profile"),
    address: text("address"),
    logintype: text("logintype").notNull().default("email"),
    type: text("type").notNull().default("user"),
    fcm_id: text("fcm_id"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    about_me: text("about_me"),
    facebook_id: text("facebook_id"),
    twiiter_id: text("twiiter_id"),
    instagram_id: text("instagram_id"),
    youtube_id: text("youtube_id"),
    notification: boolean("notification").notNull().default(true),
    city: text("city"),
    state: text("state"),
    country: text("country"),
    is_active: boolean("is_active").notNull().default(true),
    /** Why an admin deactivated the account, and when (cleared on reactivation). */
    deactivated_reason: text("deactivated_reason"),
    deactivated_at: timestamp("deactivated_at", { withTimezone: true }),
    verification_status: verificationStatusEnum("verification_status").notNull().default("initial"),
    /**
     * One of the marketplace's own team: mirrors the identity provider's `admin` claim (kept in step
     * whenever an admin calls the API, and by admin:grant), so listings can say who posted them (`is_admin`).
     */
    is_admin: boolean("is_admin").notNull().default(false),
    /** Given by an admin in the console: may be assigned photo sessions and build their tours. */
    is_photographer: boolean("is_photographer").notNull().default(false),
    /**
     * The person deleted their account (decision 022). The row stays as an empty tombstone so that
     * what others keep (payments for the accounts, messages in their conversations) still points
     * somewhere; every personal field is cleared and the identity account is gone.
     */
    deleted_at: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_firebase_id_idx").on(t.firebase_id),
    uniqueIndex("users_email_idx").on(sql`lower(${t.email})`),
  ],
);

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    category: text("category").notNull(),
    slug_id: text("slug_id").notNull(),
    image: text("image"),
    status: boolean("status").notNull().default(true),
    sequence: integer("sequence").notNull().default(0),
    translations: jsonb("translations").$type<Translations>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex("categories_slug_idx").on(t.slug_id)],
);

export const parameters = pgTable("parameters", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  type_of_parameter: parameterTypeEnum("type_of_parameter").notNull(),
  /** Options for dropdown/radio/checkbox: `[{ value, translations }]`. */
  type_values: jsonb("type_values")
    .$type<{ value: string; translations: Record<string, string> }[]>()
    .notNull()
    .default([]),
  unit: text("unit"),
  image: text("image"),
  translations: jsonb("translations").$type<Translations>().notNull().default({}),
  ...timestamps,
});

export const categoryParameters = pgTable(
  "category_parameters",
  {
    category_id: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    parameter_id: integer("parameter_id")
      .notNull()
      .references(() => parameters.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category_id, t.parameter_id] })],
);

export const facilities = pgTable("facilities", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  image: text("image"),
  translations: jsonb("translations").$type<Translations>().notNull().default({}),
  ...timestamps,
});

export const properties = pgTable(
  "properties",
  {
    id: serial("id").primaryKey(),
    slug_id: text("slug_id").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category_id: integer("category_id")
      .notNull()
      .references(() => categories.id),
    added_by: integer("added_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    property_type: propertyTypeEnum("property_type").notNull(),
    rentduration: rentDurationEnum("rentduration"),
    price: numeric("price", { precision: 14, scale: 2, mode: "number" }).notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    country: text("country").notNull(),
    address: text("address").notNull(),
    client_address: text("client_address"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    video_link: text("video_link"),
    meta_title: text("meta_title"),
    meta_description: text("meta_description"),
    meta_keywords: text("meta_keywords"),
    meta_image: text("meta_image"),
    title_image: text("title_image"),
    three_d_image: text("three_d_image"),
    is_premium: boolean("is_premium").notNull().default(false),
    request_status: requestStatusEnum("request_status").notNull().default("pending"),
    status: listingStatusEnum("status").notNull().default("active"),
    /** Switched off because an admin deactivated its owner; switched back on when they are reactivated. */
    off_with_owner: boolean("off_with_owner").notNull().default(false),
    property_status: propertyStatusEnum("property_status").notNull().default("available"),
    reject_reason: text("reject_reason"),
    total_click: integer("total_click").notNull().default(0),
    /** A published virtual tour: kept on the row (set with the tour) so cards and the filter read no other table. */
    has_tour: boolean("has_tour").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("properties_slug_idx").on(t.slug_id),
    index("properties_listing_idx").on(t.request_status, t.status, t.created_at),
    index("properties_category_idx").on(t.category_id),
    // An owner's listings, newest first (the dashboard's leads table pages through them: decision 023).
    index("properties_owner_created_idx").on(t.added_by, t.created_at, t.id),
    index("properties_price_idx").on(t.price),
    index("properties_city_idx").on(sql`lower(${t.city})`),
    index("properties_geo_idx").on(t.latitude, t.longitude),
    // Public listings only: counts and map boxes read these small indexes instead of wide rows.
    index("properties_public_filter_idx")
      .on(t.property_type, t.category_id, t.price, t.created_at)
      .where(sql`${t.request_status} = 'approved' and ${t.status} = 'active'`),
    // The map's covering index (latitude, longitude) INCLUDE (id, price, property_type,
    // category_id) lives in migration 0008: drizzle's index builder has no INCLUDE.
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The columns of a search row (listing_search, listing_text): what filters and orders read. */
function searchRowColumns() {
  return {
    created_at: timestamp("created_at", { withTimezone: true }).notNull(),
    price: numeric("price", { precision: 14, scale: 2, mode: "number" }).notNull(),
    total_click: integer("total_click").notNull(),
    /** Favourites of the listing (most_liked), counted by a trigger on favourites. */
    likes: integer("likes").notNull().default(0),
    added_by: integer("added_by").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    tags: text("tags").array().notNull(),
    /** Numeric parameter values by parameter id: {"1": 3}. */
    nums: jsonb("nums").$type<Record<string, number>>().notNull().default({}),
    /** Facility distances in km by facility id: {"10": 1.5}. */
    near: jsonb("near").$type<Record<string, number>>().notNull().default({}),
  };
}

/**
 * What the list and the map read: one narrow row per public listing (approved and
 * switched on), kept by triggers on the listing and the tables it draws from (migration 0027:
 * listing_search_refresh), never written by the application. Everything a search filters on
 * exactly is a tag in one GIN-indexed array ('c:<category>', 't:sell', 'rd:monthly',
 * 'ci:dubai', 'st:…', 'co:…', 'f:<facility>', 'p:<parameter>=<value>', 'tour'); numbers it
 * compares are columns or, for parameters and facility distances, small JSON objects. Every
 * sort order has its index. Its words are apart, in listing_text. See decisions 032 and 034.
 */
export const listingSearch = pgTable(
  "listing_search",
  {
    id: integer("id")
      .primaryKey()
      .references(() => properties.id, { onDelete: "cascade" }),
    ...searchRowColumns(),
  },
  (t) => [
    index("listing_search_newest_idx").on(t.created_at.desc(), t.id.desc()),
    index("listing_search_price_asc_idx").on(t.price.asc(), t.created_at.desc(), t.id.desc()),
    index("listing_search_price_desc_idx").on(t.price.desc(), t.created_at.desc(), t.id.desc()),
    index("listing_search_viewed_idx").on(t.total_click.desc(), t.created_at.desc(), t.id.desc()),
    index("listing_search_liked_idx").on(t.likes.desc(), t.created_at.desc(), t.id.desc()),
    index("listing_search_owner_idx").on(t.added_by, t.created_at.desc(), t.id.desc()),
    index("listing_search_geo_idx").on(t.latitude, t.longitude),
    // Tags and the place's grid cells (search_keys, migration 0033) as keys of one index scan.
    index("listing_search_match_idx").using(
      "gin",
      t.tags,
      sql`search_keys(${t.id}, ${t.latitude}, ${t.longitude})`,
    ),
    // A fixed hundredth of the listings per value of id % 100, by place: a map of the whole region
    // clusters a sample of its matches read through here (map.ts), not every one of them.
    index("listing_search_sample_idx").on(sql`(${t.id} % 100)`, t.latitude, t.longitude),
    // The listings inside a small map box, found in two dimensions: the geo btree narrows by
    // latitude only, and a city's band of latitude holds five times the box (map.ts, few in a box).
    index("listing_search_point_idx").using("gist", sql`point(${t.longitude}, ${t.latitude})`),
  ],
);

/** A search row with the listing's words, one per public listing (listing_text) or per hundredth (listing_sample). */
function wordRowColumns() {
  return {
    id: integer("id")
      .primaryKey()
      .references(() => listingSearch.id, { onDelete: "cascade" }),
    ...searchRowColumns(),
    search_vector: tsvector("search_vector").notNull(),
  };
}

/**
 * The same rows with the listing's words (its search_vector), for searches with words. A listing's
 * words are most of its size (a kilobyte of a row of 1.6), so the rows that searches without words
 * read (listing_search) leave them out; a search with words reads these, where one bitmap of the
 * words' index, the tags' and the place's finds the few rows that have them all. Written by the
 * same function as listing_search (listing_search_refresh, migration 0031); decision 034.
 */
export const listingText = pgTable("listing_text", wordRowColumns(), (t) => [
  // Words, tags and grid cells as keys of one index scan, which intersects them key by key
  // (decision 035).
  index("listing_text_match_idx").using(
    "gin",
    t.search_vector,
    t.tags,
    sql`search_keys(${t.id}, ${t.latitude}, ${t.longitude})`,
  ),
  index("listing_text_geo_idx").on(t.latitude, t.longitude),
]);

/**
 * A fixed hundredth of listing_text (ids ending in 00), small enough to stay in the server's
 * memory: a search counts its matches here first, to know whether to count them all or estimate
 * (decision 035). Written by listing_search_refresh; its views and favourites are left as they were
 * when the row was written, since nothing orders the sample.
 */
export const listingSample = pgTable("listing_sample", wordRowColumns(), (t) => [
  index("listing_sample_match_idx").using("gin", t.search_vector, t.tags),
  index("listing_sample_geo_idx").on(t.latitude, t.longitude),
]);

/**
 * Every word the listings are found by, with how many listings had it when it was first seen and
 * since: a misspelt search word is matched to its nearest neighbour here (trigram similarity on
 * tens of thousands of words) instead of against every listing's text.
 */
export const searchWords = pgTable("search_words", {
  word: text("word").primaryKey(),
  ndoc: integer("ndoc").notNull().default(0),
});

export const propertyImages = pgTable(
  "property_images",
  {
    id: serial("id").primaryKey(),
    property_id: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** Storage key prefix; variants live at `${key}-${width}.webp` (and `.avif` when `avif`). */
    key: text("key").notNull(),
    position: integer("position").notNull().default(0),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    widths: jsonb("widths").$type<number[]>().notNull(),
    thumbhash: text("thumbhash"),
    dominant: text("dominant"),
    /** AVIF variants exist too. Photos stored before AVIF was added have only WebP: false keeps them from pointing at missing files. */
    avif: boolean("avif").notNull().default(false),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("property_images_property_idx").on(t.property_id, t.position)],
);

export const propertyDocuments = pgTable("property_documents", {
  id: serial("id").primaryKey(),
  property_id: integer("property_id")
    .notNull()
    .references(() => properties.id, { onDelete: "cascade" }),
  key: text("key").notNull(),
  name: text("name").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const assignParameters = pgTable(
  "assign_parameters",
  {
    property_id: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    parameter_id: integer("parameter_id")
      .notNull()
      .references(() => parameters.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.property_id, t.parameter_id] }),
    index("assign_parameters_param_idx").on(t.parameter_id),
  ],
);

export const assignFacilities = pgTable(
  "assign_facilities",
  {
    property_id: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    facility_id: integer("facility_id")
      .notNull()
      .references(() => facilities.id, { onDelete: "cascade" }),
    distance: numeric("distance", { precision: 8, scale: 2, mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.property_id, t.facility_id] })],
);

export const favourites = pgTable(
  "favourites",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    property_id: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.property_id] }),
    index("favourites_property_idx").on(t.property_id),
  ],
);

/** People who told an owner they are interested in a listing; one row per person and listing. */
export const interestedUsers = pgTable(
  "interested_users",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    property_id: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.property_id] }),
    index("interested_users_property_idx").on(t.property_id, t.created_at),
  ],
);

/** Featured listings. Expiry is computed from end_date at query time (no cron job). */
export const advertisements = pgTable(
  "advertisements",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    feature_for: text("feature_for").notNull().default("property"),
    property_id: integer("property_id").references(() => properties.id, { onDelete: "cascade" }),
    project_id: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    status: advertisementStatusEnum("status").notNull().default("pending"),
    start_date: timestamp("start_date", { withTimezone: true }).notNull().defaultNow(),
    end_date: timestamp("end_date", { withTimezone: true }).notNull(),
    /** Why the admin said no, shown to the owner. */
    reject_reason: text("reject_reason"),
    ...timestamps,
  },
  (t) => [
    index("advertisements_property_idx").on(t.property_id, t.status, t.end_date),
    index("advertisements_project_idx").on(t.project_id, t.status, t.end_date),
    index("advertisements_user_idx").on(t.user_id, t.created_at),
    check(
      "advertisements_target",
      sql`(${t.feature_for} = 'property' and ${t.property_id} is not null and ${t.project_id} is null) or (${t.feature_for} = 'project' and ${t.project_id} is not null and ${t.property_id} is null)`,
    ),
  ],
);

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const languages = pgTable(
  "languages",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    name_in_english: text("name_in_english").notNull(),
    rtl: boolean("rtl").notNull().default(false),
    status: boolean("status").notNull().default(true),
    is_default: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("languages_code_idx").on(t.code)],
);

/** Messages sent through the contact form, kept for the admin (and mailed when SMTP is set). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    first_name: text("first_name").notNull(),
    last_name: text("last_name"),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("new"),
    emailed_at: timestamp("emailed_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_idx").on(t.created_at)],
);

/** Fixed-window counters for rate limits; in the database so every instance shares them. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    window_start: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.window_start] })],
);

export const articleCategories = pgTable(
  "article_categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug_id: text("slug_id").notNull(),
    translations: jsonb("translations").$type<Translations>().notNull().default({}),
    sequence: integer("sequence").notNull().default(0),
  },
  (t) => [uniqueIndex("article_categories_slug_idx").on(t.slug_id)],
);

/** Articles: English text in the columns, other languages in `translations`. */
export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    slug_id: text("slug_id").notNull(),
    category_id: integer("category_id").references(() => articleCategories.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    body: text("body").notNull(),
    /** Storage key prefix of the cover photo; variants at `${image_key}-${width}.webp` (and `.avif` when `image_avif`). */
    image_key: text("image_key"),
    image_widths: jsonb("image_widths").$type<number[]>().notNull().default([]),
    image_width: integer("image_width"),
    image_height: integer("image_height"),
    image_dominant: text("image_dominant"),
    image_avif: boolean("image_avif").notNull().default(false),
    translations: jsonb("translations").$type<Translations>().notNull().default({}),
    status: boolean("status").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("articles_slug_idx").on(t.slug_id),
    index("articles_listing_idx").on(t.status, t.created_at),
  ],
);

export const faqs = pgTable("faqs", {
  id: serial("id").primaryKey(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  sequence: integer("sequence").notNull().default(0),
  translations: jsonb("translations").$type<Translations>().notNull().default({}),
  status: boolean("status").notNull().default(true),
  ...timestamps,
});

// Projects (developments), spec §3. A new project waits for review (spec §4): request_status is the
// admin's decision, status the developer's on/off switch; the public sees approved and active only.
export const projectTypeEnum = pgEnum("project_type", PROJECT_TYPES);

export const projects = pgTable(
  "projects",
  {
    id: serial("id").primaryKey(),
    slug_id: text("slug_id").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category_id: integer("category_id")
      .notNull()
      .references(() => categories.id),
    added_by: integer("added_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: projectTypeEnum("type").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    country: text("country").notNull(),
    /** The formatted address (spec: `location`). */
    location: text("location").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    video_link: text("video_link"),
    /** Storage key prefix of the cover photo (variants at `${image}-${width}.webp`, and `.avif` when `image_avif`), with what a card needs to draw it. */
    image: text("image"),
    image_widths: jsonb("image_widths").$type<number[]>().notNull().default([]),
    image_width: integer("image_width"),
    image_height: integer("image_height"),
    image_thumbhash: text("image_thumbhash"),
    image_dominant: text("image_dominant"),
    image_avif: boolean("image_avif").notNull().default(false),
    meta_title: text("meta_title"),
    meta_description: text("meta_description"),
    meta_keywords: text("meta_keywords"),
    meta_image: text("meta_image"),
    request_status: requestStatusEnum("request_status").notNull().default("pending"),
    status: listingStatusEnum("status").notNull().default("active"),
    reject_reason: text("reject_reason"),
    translations: jsonb("translations").$type<Translations>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("projects_slug_idx").on(t.slug_id),
    index("projects_owner_created_idx").on(t.added_by, t.created_at, t.id),
    index("projects_category_idx").on(t.category_id),
    // Public projects only: the list, its filters and per-developer counts read these small indexes.
    index("projects_public_idx")
      .on(t.created_at, t.id)
      .where(sql`${t.request_status} = 'approved' and ${t.status} = 'active'`),
    index("projects_public_type_idx")
      .on(t.type, t.category_id, t.created_at)
      .where(sql`${t.request_status} = 'approved' and ${t.status} = 'active'`),
    index("projects_public_city_idx")
      .on(sql`lower(${t.city})`)
      .where(sql`${t.request_status} = 'approved' and ${t.status} = 'active'`),
    index("projects_public_owner_idx")
      .on(t.added_by, t.created_at)
      .where(sql`${t.request_status} = 'approved' and ${t.status} = 'active'`),
  ],
);

export const projectImages = pgTable(
  "project_images",
  {
    id: serial("id").primaryKey(),
    project_id: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Storage key prefix; variants live at `${key}-${width}.webp` (and `.avif` when `avif`). */
    key: text("key").notNull(),
    position: integer("position").notNull().default(0),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    widths: jsonb("widths").$type<number[]>().notNull(),
    thumbhash: text("thumbhash"),
    dominant: text("dominant"),
    /** AVIF variants exist too. Photos stored before AVIF was added have only WebP: false keeps them from pointing at missing files. */
    avif: boolean("avif").notNull().default(false),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("project_images_project_idx").on(t.project_id, t.position)],
);

export const projectDocuments = pgTable(
  "project_documents",
  {
    id: serial("id").primaryKey(),
    project_id: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("project_documents_project_idx").on(t.project_id)],
);

/** Floor plans and the like: a title and a document (spec: plans with id, title, document). */
export const projectPlans = pgTable(
  "project_plans",
  {
    id: serial("id").primaryKey(),
    project_id: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Storage key of the file. */
    document: text("document").notNull(),
    position: integer("position").notNull().default(0),
    translations: jsonb("translations").$type<Translations>().notNull().default({}),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("project_plans_project_idx").on(t.project_id, t.position)],
);

/**
 * Names of places (cities, states, countries) in other languages. Listings store the English
 * name, which filters and URLs use; pages show the visitor's language from here.
 */
export const placeNames = pgTable("place_names", {
  /** The English name, as listings store it. */
  name: text("name").primaryKey(),
  translations: jsonb("translations").$type<Record<string, string>>().notNull().default({}),
});

/**
 * The home page's slider: a headline over a photo, leading to a listing or a project. The photo is
 * the slide's own (image_key) or, without one, the linked listing's or project's cover.
 */
export const sliders = pgTable(
  "sliders",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    translations: jsonb("translations").$type<Translations>().notNull().default({}),
    property_id: integer("property_id").references(() => properties.id, { onDelete: "cascade" }),
    project_id: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    image_key: text("image_key"),
    image_widths: jsonb("image_widths").$type<number[]>().notNull().default([]),
    image_width: integer("image_width"),
    image_height: integer("image_height"),
    image_thumbhash: text("image_thumbhash"),
    image_dominant: text("image_dominant"),
    image_avif: boolean("image_avif").notNull().default(false),
    sequence: integer("sequence").notNull().default(0),
    status: boolean("status").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("sliders_order_idx").on(t.status, t.sequence)],
);

/** Package feature types (spec §6). The first four are counted against a limit. */
export const packageFeatureType = pgEnum("package_feature_type", [
  "property_list",
  "property_feature",
  "project_list",
  "project_feature",
  "mortgage_calculator_detail",
  "premium_properties",
  "project_access",
]);

/** What can be bought or granted: a bundle of features, each limited or unlimited, for some days. */
export const packages = pgTable("packages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  translations: jsonb("translations").$type<Translations>().notNull().default({}),
  /** In minor units of the site currency (integers: never a rounding error). */
  price_minor: integer("price_minor").notNull().default(0),
  validity_days: integer("validity_days").notNull(),
  is_free: boolean("is_free").notNull().default(false),
  /** A free package someone may take only once (the starter package). */
  once_per_user: boolean("once_per_user").notNull().default(false),
  status: boolean("status").notNull().default(true),
  ...timestamps,
});

export const packageFeatures = pgTable(
  "package_features",
  {
    id: serial("id").primaryKey(),
    package_id: integer("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    type: packageFeatureType("type").notNull(),
    /** null = unlimited. */
    limit: integer("limit"),
  },
  (t) => [uniqueIndex("package_features_unique").on(t.package_id, t.type)],
);

/** A package someone holds, from start to end. Limits are copied here so editing a package later never changes it. */
export const userPackages = pgTable(
  "user_packages",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    package_id: integer("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "restrict" }),
    start_at: timestamp("start_at", { withTimezone: true }).notNull().defaultNow(),
    end_at: timestamp("end_at", { withTimezone: true }).notNull(),
    /** When its holder was told it ends soon (once per package). */
    expiry_notified_at: timestamp("expiry_notified_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("user_packages_user_idx").on(t.user_id, t.end_at),
    index("user_packages_expiring_idx")
      .on(t.end_at)
      .where(sql`${t.expiry_notified_at} is null`),
  ],
);

export const userPackageFeatures = pgTable(
  "user_package_features",
  {
    id: serial("id").primaryKey(),
    user_package_id: integer("user_package_id")
      .notNull()
      .references(() => userPackages.id, { onDelete: "cascade" }),
    type: packageFeatureType("type").notNull(),
    /** null = unlimited. */
    total: integer("total"),
    used: integer("used").notNull().default(0),
  },
  (t) => [
    uniqueIndex("user_package_features_unique").on(t.user_package_id, t.type),
    check(
      "user_package_features_used",
      sql`${t.used} >= 0 and (${t.total} is null or ${t.used} <= ${t.total})`,
    ),
  ],
);

/** Transaction statuses (issue: success, failed, pending, review, rejected). `review` waits for an admin (bank transfer). */
export const paymentStatusEnum = pgEnum("payment_status", [
  "pending",
  "success",
  "failed",
  "review",
  "rejected",
]);

/**
 * One attempt to pay for a package. Amounts are integers in the currency's minor units. The package
 * is assigned in the same database transaction that moves the row to `success`, and only from
 * `pending` or `review`, so a webhook delivered ten times assigns one package.
 */
export const paymentTransactions = pgTable(
  "payment_transactions",
  {
    id: serial("id").primaryKey(),
    /** Restrict, never cascade: payments are kept for the accounts even when the person leaves (decision 022). */
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    package_id: integer("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "restrict" }),
    amount_minor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    /** stripe, paystack, flutterwave, paypal, bank_transfer or free. */
    payment_gateway: text("payment_gateway").notNull(),
    /** web, android, ios: the spec's platform_type. */
    platform_type: text("platform_type").notNull().default("web"),
    status: paymentStatusEnum("status").notNull().default("pending"),
    /** Our own reference, sent to the gateway (Paystack reference, Flutterwave tx_ref, PayPal custom_id, Stripe metadata). */
    order_id: text("order_id").notNull(),
    /** The gateway's own id for the payment (PaymentIntent id, PayPal order id, Flutterwave transaction id). */
    gateway_reference: text("gateway_reference"),
    /** Bank transfer: the uploaded receipt (private storage key). */
    receipt_key: text("receipt_key"),
    /** The package this payment gave, once it succeeded. */
    user_package_id: integer("user_package_id").references(() => userPackages.id, { onDelete: "set null" }),
    /** Why it failed or was rejected, in words a person can read. */
    reason: text("reason"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payment_transactions_order_idx").on(t.order_id),
    uniqueIndex("payment_transactions_gateway_ref_idx").on(t.payment_gateway, t.gateway_reference),
    index("payment_transactions_user_idx").on(t.user_id, t.created_at),
    check("payment_transactions_amount", sql`${t.amount_minor} >= 0`),
  ],
);

/** Every change of a transaction's status: who or what moved it, and from what. */
export const paymentTransactionEvents = pgTable(
  "payment_transaction_events",
  {
    id: serial("id").primaryKey(),
    transaction_id: integer("transaction_id")
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: "cascade" }),
    from_status: paymentStatusEnum("from_status"),
    to_status: paymentStatusEnum("to_status").notNull(),
    /** api, webhook, verify, admin. */
    source: text("source").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_transaction_events_tx_idx").on(t.transaction_id, t.id)],
);

/** Webhook deliveries already handled, by the gateway's event id: a replay is acknowledged and ignored. */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    gateway: text("gateway").notNull(),
    event_id: text("event_id").notNull(),
    type: text("type").notNull(),
    received_at: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.event_id] })],
);

/** What a reason is about: a listing, or a person (also the team, spec §6 to_admin). */
export const reportReasonForEnum = pgEnum("report_reason_for", REPORT_REASON_FOR);

/** Why a listing or a person may be reported (spec §7 get_report_reasons); "other" is not a row but free text. */
export const reportReasons = pgTable("report_reasons", {
  id: serial("id").primaryKey(),
  reason: text("reason").notNull(),
  translations: jsonb("translations").$type<Translations>().notNull().default({}),
  status: boolean("status").notNull().default(true),
  /** A listing's reasons ("wrong price") make no sense about a person ("harassment"), and the other way round. */
  applies_to: reportReasonForEnum("applies_to").notNull().default("listing"),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const reportStatusEnum = pgEnum("report_status", ["open", "dismissed", "actioned"]);

/**
 * A person's report (spec §3 Report) of a listing (property_id), another person (to_user_id) or the
 * team (to_admin, spec §6): exactly one of them, and one report per reporter and target.
 */
export const userReports = pgTable(
  "user_reports",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    property_id: integer("property_id").references(() => properties.id, { onDelete: "cascade" }),
    to_user_id: integer("to_user_id").references(() => users.id, { onDelete: "cascade" }),
    to_admin: boolean("to_admin").notNull().default(false),
    /** null: the person wrote their own reason (other_message). */
    /** Reasons are retired (status off), never deleted while reports point at them. */
    reason_id: integer("reason_id").references(() => reportReasons.id, { onDelete: "restrict" }),
    other_message: text("other_message"),
    /** open until an admin decides: dismissed (nothing wrong), or actioned (listing or account deactivated). */
    status: reportStatusEnum("status").notNull().default("open"),
    /** What the admin did: dismiss, deactivate_listing, deactivate_owner or deactivate_user. */
    resolution: text("resolution"),
    resolved_by: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolved_at: timestamp("resolved_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_reports_once_idx").on(t.user_id, t.property_id),
    uniqueIndex("user_reports_person_once_idx").on(t.user_id, t.to_user_id),
    uniqueIndex("user_reports_team_once_idx")
      .on(t.user_id)
      .where(sql`${t.to_admin}`),
    index("user_reports_property_idx").on(t.property_id, t.created_at),
    index("user_reports_person_idx").on(t.to_user_id, t.created_at),
    index("user_reports_queue_idx").on(t.status, t.created_at),
    check("user_reports_reason", sql`${t.reason_id} is not null or ${t.other_message} is not null`),
    check(
      "user_reports_target",
      sql`num_nonnulls(${t.property_id}, ${t.to_user_id}) + ${t.to_admin}::int = 1 and ${t.to_user_id} is distinct from ${t.user_id}`,
    ),
  ],
);

/** Someone a person blocked (spec §3 Block: to_user_id or to_admin, reason): no messages either way. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    to_user_id: integer("to_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Blocking the marketplace's admin (its messages and notices) rather than a person. */
    to_admin: boolean("to_admin").notNull().default(false),
    reason: text("reason"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_blocks_user_idx").on(t.user_id, t.to_user_id),
    uniqueIndex("user_blocks_admin_idx")
      .on(t.user_id)
      .where(sql`${t.to_admin}`),
    index("user_blocks_to_user_idx").on(t.to_user_id),
    check(
      "user_blocks_target",
      sql`(${t.to_admin} and ${t.to_user_id} is null) or (not ${t.to_admin} and ${t.to_user_id} is not null and ${t.to_user_id} <> ${t.user_id})`,
    ),
  ],
);

/**
 * In-app notifications (spec §7 get_notification_list), written in the same transaction as the event
 * they tell of. The text is kept in every language at write time, so the list is one query.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** interest, payment_success, payment_failed, message, listing_approved, listing_rejected, verification, package_expiring. */
    type: text("type").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    translations: jsonb("translations").$type<Translations>().notNull().default({}),
    /** Where the notification leads (a path on this site). */
    link: text("link"),
    read_at: timestamp("read_at", { withTimezone: true }),
    /** Set by the one process that claimed the web push for this notification (or decided none is due). */
    pushed_at: timestamp("pushed_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_idx").on(t.user_id, t.created_at),
    index("notifications_unread_idx")
      .on(t.user_id)
      .where(sql`${t.read_at} is null`),
  ],
);

/**
 * A chat message (spec §3 Chat message): between two people about one property. A conversation is
 * the pair and the property. Deleting keeps the row (content cleared) so both sides learn of it.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    sender_id: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiver_id: integer("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    property_id: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    message: text("message"),
    /** An attached file (image or PDF) in private storage, with its name as sent and its type. */
    file_key: text("file_key"),
    file_name: text("file_name"),
    file_type: text("file_type"),
    file_size: integer("file_size"),
    /** A voice message recorded in the browser, in private storage. */
    audio_key: text("audio_key"),
    audio_type: text("audio_type"),
    read_at: timestamp("read_at", { withTimezone: true }),
    deleted_at: timestamp("deleted_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_messages_sender_idx").on(t.sender_id, t.id),
    index("chat_messages_receiver_idx").on(t.receiver_id, t.id),
    index("chat_messages_unread_idx")
      .on(t.receiver_id)
      .where(sql`${t.read_at} is null and ${t.deleted_at} is null`),
    // The owner's dashboard counts the conversations about each listing (decision 023).
    index("chat_messages_property_idx").on(t.property_id, t.sender_id, t.receiver_id),
  ],
);

/**
 * What each person's open chat pages must learn, in order: a message arrived, was deleted, was read.
 * The id is the Server-Sent Events id, so a dropped connection resumes after the last one it saw.
 */
export const chatEvents = pgTable(
  "chat_events",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** message, delete, read. */
    kind: text("kind").notNull(),
    message_id: integer("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_events_user_idx").on(t.user_id, t.id)],
);

export const verificationFieldTypeEnum = pgEnum("verification_field_type", [
  "text",
  "number",
  "radio",
  "checkbox",
  "dropdown",
  "textarea",
  "file",
]);

/** A question of the agent verification form (spec §7 get-agent-verification-form-fields). */
export const verificationFields = pgTable("verification_fields", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  field_type: verificationFieldTypeEnum("field_type").notNull(),
  /** Choices for radio, checkbox and dropdown: `[{ value, translations }]`. */
  options: jsonb("options")
    .$type<{ value: string; translations?: Record<string, string> }[]>()
    .notNull()
    .default([]),
  is_required: boolean("is_required").notNull().default(true),
  rank: integer("rank").notNull().default(0),
  status: boolean("status").notNull().default(true),
  translations: jsonb("translations").$type<Translations>().notNull().default({}),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One application for agent verification; the latest one is the person's current state. */
export const verificationApplications = pgTable(
  "verification_applications",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: verificationStatusEnum("status").notNull().default("pending"),
    /** Why an admin turned it down, shown to the applicant. */
    reason: text("reason"),
    decided_by: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decided_at: timestamp("decided_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("verification_applications_user_idx").on(t.user_id, t.id)],
);

/** An answer of an application: text (a checkbox's choices as a JSON list) or a file in private storage. */
export const verificationValues = pgTable(
  "verification_values",
  {
    id: serial("id").primaryKey(),
    application_id: integer("application_id")
      .notNull()
      .references(() => verificationApplications.id, { onDelete: "cascade" }),
    field_id: integer("field_id")
      .notNull()
      .references(() => verificationFields.id, { onDelete: "restrict" }),
    value: text("value"),
    file_key: text("file_key"),
    file_name: text("file_name"),
  },
  (t) => [uniqueIndex("verification_values_once_idx").on(t.application_id, t.field_id)],
);

/**
 * One-time codes of the spec's own get-otp / verify-otp (email or phone where Firebase is not used).
 * Only a hash of the code is kept; a code is good for a few minutes and a few tries.
 */
export const otpCodes = pgTable(
  "otp_codes",
  {
    id: serial("id").primaryKey(),
    /** The email address (lower case) or phone number (E.164) the code was sent to. */
    target: text("target").notNull(),
    code_hash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumed_at: timestamp("consumed_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("otp_codes_target_idx").on(t.target, t.created_at)],
);

/**
 * What admins did: every admin call writes one row in the transaction of the change it records,
 * with the target's state before and after, so the log can never disagree with the data.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: serial("id").primaryKey(),
    /** The admin's Firebase uid and email at the time (kept if their profile row goes). */
    admin_uid: text("admin_uid").notNull(),
    admin_email: text("admin_email"),
    admin_user_id: integer("admin_user_id").references(() => users.id, { onDelete: "set null" }),
    /** A verb with its object, e.g. property.reject, user.deactivate, package.update, settings.update. */
    action: text("action").notNull(),
    target_type: text("target_type").notNull(),
    target_id: text("target_id"),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    reason: text("reason"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("admin_audit_log_created_idx").on(t.created_at),
    index("admin_audit_log_target_idx").on(t.target_type, t.target_id, t.created_at),
  ],
);

/** What a signed-in person asked to see of a listing's owner: the number, the address, or WhatsApp. */
export const contactKindEnum = pgEnum("contact_kind", CONTACT_KINDS);

/**
 * A lead (decision 023): someone revealed the contact of a listing's owner, or of an agent or
 * developer on their profile (neither listing set). One row per person, target, kind and day, so
 * reloading the page counts once; the owner revealing their own is never written.
 */
export const contactReveals = pgTable(
  "contact_reveals",
  {
    id: serial("id").primaryKey(),
    /** Whose contact was shown: the listing's owner, or the agent or developer of the profile. */
    owner_id: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who asked; kept as a lead (null) if that account is deleted later. */
    viewer_id: integer("viewer_id").references(() => users.id, { onDelete: "set null" }),
    property_id: integer("property_id").references(() => properties.id, { onDelete: "cascade" }),
    project_id: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    kind: contactKindEnum("kind").notNull(),
    /** The day (UTC) it counts for: the unit of the once-per-day rule. */
    day: date("day", { mode: "string" }).notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("contact_reveals_one_target", sql`${t.property_id} is null or ${t.project_id} is null`),
    uniqueIndex("contact_reveals_once_idx").on(
      t.viewer_id,
      t.owner_id,
      t.kind,
      t.day,
      sql`coalesce(${t.property_id}, 0)`,
      sql`coalesce(${t.project_id}, 0)`,
    ),
    // The dashboard: per listing by kind, and the owner's totals, read from these alone.
    index("contact_reveals_property_idx")
      .on(t.property_id, t.kind)
      .where(sql`${t.property_id} is not null`),
    index("contact_reveals_project_idx")
      .on(t.project_id, t.kind)
      .where(sql`${t.project_id} is not null`),
    index("contact_reveals_owner_idx").on(t.owner_id, t.kind, t.property_id, t.project_id),
  ],
);

// ---- Made for one person (personal feed, saved searches, saved places) ------------------------------

/** What a person told us they look for (spec §3 "Personalised feed settings"); one row per person. */
export const personalisedFields = pgTable("personalised_fields", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  category_ids: integer("category_ids")
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** Spelt as the spec spells it. */
  outdoor_facilitiy_ids: integer("outdoor_facilitiy_ids")
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  min_price: numeric("min_price", { precision: 14, scale: 2, mode: "number" }),
  max_price: numeric("max_price", { precision: 14, scale: 2, mode: "number" }),
  property_type: propertyTypeEnum("property_type"),
  city: text("city"),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Listings a signed-in person opened (for their feed): one row per listing, the last time and how often. */
export const listingViews = pgTable(
  "listing_views",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    property_id: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    views: integer("views").notNull().default(1),
    viewed_at: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.property_id] }),
    index("listing_views_recent_idx").on(t.user_id, t.viewed_at),
  ],
);

/** "Not interested": never recommended to this person again. */
export const recommendationDismissals = pgTable(
  "recommendation_dismissals",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    property_id: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.property_id] })],
);

export const alertFrequencyEnum = pgEnum("alert_frequency", ["instant", "daily", "weekly"]);

/**
 * A saved search with its alerts. `query` is the search as the list page reads it (filters, words,
 * map box); the other columns are that query taken apart so that a new listing finds the searches it
 * matches through indexes (server/api/saved-searches/match.ts), never by reading them all.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: jsonb("query").$type<Record<string, unknown>>().notNull(),
    frequency: alertFrequencyEnum("frequency").notNull().default("daily"),
    /** Alerts switched off (the unsubscribe link, or the person) while the search stays saved. */
    alerts_on: boolean("alerts_on").notNull().default(true),
    /**
     * Index keys a listing must share with the search to be worth checking: the search's most
     * selective condition (a city, the map cells of its box, a word's first letters, a category…).
     */
    anchors: text("anchors").array().notNull(),
    category_id: integer("category_id"),
    city: text("city"),
    state: text("state"),
    country: text("country"),
    property_type: propertyTypeEnum("property_type"),
    rentduration: rentDurationEnum("rentduration"),
    min_price: numeric("min_price", { precision: 14, scale: 2, mode: "number" }),
    max_price: numeric("max_price", { precision: 14, scale: 2, mode: "number" }),
    /** The map box (west, south, east, north), or the box around "within N of a place". */
    box_w: doublePrecision("box_w"),
    box_s: doublePrecision("box_s"),
    box_e: doublePrecision("box_e"),
    box_n: doublePrecision("box_n"),
    /** "Within N km of a place": its centre and radius (km). */
    near_lat: doublePrecision("near_lat"),
    near_lng: doublePrecision("near_lng"),
    near_km: real("near_km"),
    /** The words, as the prefix tsquery the list uses. */
    tsquery: text("tsquery"),
    /** Parameter or facility filters: checked with the list's own conditions after the cheap ones. */
    needs_full_check: boolean("needs_full_check").notNull().default(false),
    last_sent_at: timestamp("last_sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("saved_searches_user_idx").on(t.user_id, t.created_at),
    index("saved_searches_anchor_idx").using("gin", t.anchors),
    index("saved_searches_due_idx")
      .on(t.frequency, t.last_sent_at)
      .where(sql`${t.alerts_on}`),
  ],
);

/**
 * A listing a saved search matched: written once (the key), so nobody hears of the same listing
 * twice for one search; `sent_at` is set when it went out (at once, or in the next digest).
 */
export const savedSearchHits = pgTable(
  "saved_search_hits",
  {
    search_id: integer("search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    property_id: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** new (went live) or price_drop. */
    reason: text("reason").notNull().default("new"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.search_id, t.property_id] }),
    index("saved_search_hits_unsent_idx")
      .on(t.search_id)
      .where(sql`${t.sent_at} is null`),
  ],
);

/**
 * Listings that went live or dropped their price, written in the same transaction as the change;
 * the alert worker matches each once against the saved searches and marks it done.
 */
export const listingEvents = pgTable(
  "listing_events",
  {
    id: serial("id").primaryKey(),
    property_id: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** live or price_drop. */
    kind: text("kind").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    done_at: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("listing_events_pending_idx")
      .on(t.id)
      .where(sql`${t.done_at} is null`),
  ],
);

/** A person's places (spec §3 "Saved place"): home, work, school…, for distances and travel times. */
export const userSavedPlaces = pgTable(
  "user_saved_places",
  {
    id: serial("id").primaryKey(),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    details: text("details"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_saved_places_customer_idx").on(t.customer_id, t.id)],
);

/** A stored photo as the pipeline wrote it (server/api/uploads.server.ts StoredPhoto). */
export interface StoredImage {
  key: string;
  width: number;
  height: number;
  widths: number[];
  thumbhash: string;
  dominant: string;
  avif: boolean;
}

/**
 * The background queue (server/queue/): every piece of work done apart from a request (a tour's
 * video, its 3D model, an import, saved-search alerts and digests, web push, housekeeping) is a row,
 * so it outlives a restart and runs once across processes. A worker claims a due row with FOR UPDATE
 * SKIP LOCKED and a lease; a lease that runs out (the process died) lets another take it, up to
 * max_attempts. A recurring kind has one row per period (slot): unique, so claimed once.
 */
export const jobStatusEnum = pgEnum("job_status", ["queued", "processing", "ready", "failed"]);
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    /** One of server/queue/queue.ts's KINDS (tour-video, alerts, push, prune-jobs…). */
    kind: text("kind").notNull(),
    /** The row the job is about (a tour, an import); none for the queue's own kinds. */
    subject_id: integer("subject_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: jobStatusEnum("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    max_attempts: integer("max_attempts").notNull().default(3),
    /** Why it failed, in words for the person who asked. */
    error: text("error"),
    result: jsonb("result").$type<Record<string, unknown>>(),
    run_after: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    /** A recurring kind's period this row stands for (its start); null for other kinds. */
    slot: timestamp("slot", { withTimezone: true }),
    lease_until: timestamp("lease_until", { withTimezone: true }),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    started_at: timestamp("started_at", { withTimezone: true }),
    finished_at: timestamp("finished_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("jobs_due_idx")
      .on(t.run_after, t.id)
      .where(sql`${t.status} in ('queued', 'processing')`),
    index("jobs_subject_idx").on(t.kind, t.subject_id, t.id),
    uniqueIndex("jobs_slot_idx").on(t.kind, t.slot),
  ],
);

export const tourStatusEnum = pgEnum("tour_status", ["draft", "published"]);

/** What the tour's video became: a web-friendly MP4 and its poster. */
export interface TourVideo {
  key: string;
  poster: string;
  duration: number;
  width: number;
  height: number;
  bytes: number;
}

/** The built dollhouse: a GLB and the still shown before (and without) the 3D viewer. */
export interface TourModel {
  key: string;
  still: string;
  bytes: number;
  rooms: number;
  built_at: string;
  /** The tour's revision the model was built from. */
  revision: number;
}

/**
 * A listing's virtual tour (spec §3 "Virtual tour": name, fullRoomData, floorplanImage): one per
 * property or project. Visitors see it once it is published; until then only its editors do.
 */
export const virtualTours = pgTable(
  "virtual_tours",
  {
    id: serial("id").primaryKey(),
    property_id: integer("property_id").references(() => properties.id, { onDelete: "cascade" }),
    project_id: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    status: tourStatusEnum("status").notNull().default("draft"),
    floorplan_image: jsonb("floorplan_image").$type<StoredImage>(),
    /** How many metres the floor plan spans from left to right: the 3D model's scale. */
    plan_width_m: real("plan_width_m").notNull().default(12),
    ceiling_height: real("ceiling_height").notNull().default(2.7),
    start_room_id: integer("start_room_id"),
    /** Bumped by every change the 3D model is built from (rooms, plan, scale): the model is out of date below it. */
    revision: integer("revision").notNull().default(0),
    video: jsonb("video").$type<TourVideo>(),
    model: jsonb("model").$type<TourModel>(),
    published_at: timestamp("published_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("virtual_tours_property_idx")
      .on(t.property_id)
      .where(sql`${t.property_id} is not null`),
    uniqueIndex("virtual_tours_project_idx")
      .on(t.project_id)
      .where(sql`${t.project_id} is not null`),
    check("virtual_tours_one_listing", sql`(${t.property_id} is null) <> (${t.project_id} is null)`),
  ],
);

/** A link from one room to a neighbour, seen in the direction `yaw` (degrees, 0 = the panorama's centre). */
export interface RoomLink {
  to: number;
  yaw: number;
}

/**
 * A room of a tour: a 360° panorama or a flat photo, its rectangle on the floor plan (percent of
 * the plan's width and height, so the plan image can be replaced at any size) and its links.
 */
export const tourRooms = pgTable(
  "tour_rooms",
  {
    id: serial("id").primaryKey(),
    tour_id: integer("tour_id")
      .notNull()
      .references(() => virtualTours.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    name: text("name").notNull(),
    /** panorama (equirectangular 2:1) or photo. */
    kind: text("kind").notNull().default("panorama"),
    image: jsonb("image").$type<StoredImage>(),
    plan_x: real("plan_x").notNull().default(0),
    plan_y: real("plan_y").notNull().default(0),
    plan_w: real("plan_w").notNull().default(20),
    plan_h: real("plan_h").notNull().default(20),
    links: jsonb("links").$type<RoomLink[]>().notNull().default([]),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tour_rooms_tour_idx").on(t.tour_id, t.position)],
);

/**
 * A photo shoot an owner asked for: an admin assigns a photographer, who builds the listing's tour
 * and marks it done; the owner approves (the tour is published) or asks for changes, and rates.
 */
export const photoSessionStatusEnum = pgEnum("photo_session_status", [
  "requested",
  "assigned",
  "submitted",
  "changes_requested",
  "approved",
  "cancelled",
]);
export const photoSessions = pgTable(
  "photo_sessions",
  {
    id: serial("id").primaryKey(),
    property_id: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    owner_id: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    photographer_id: integer("photographer_id").references(() => users.id, { onDelete: "set null" }),
    tour_id: integer("tour_id").references(() => virtualTours.id, { onDelete: "set null" }),
    status: photoSessionStatusEnum("status").notNull().default("requested"),
    request_note: text("request_note"),
    photographer_note: text("photographer_note"),
    review_note: text("review_note"),
    rating: integer("rating"),
    assigned_at: timestamp("assigned_at", { withTimezone: true }),
    submitted_at: timestamp("submitted_at", { withTimezone: true }),
    reviewed_at: timestamp("reviewed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("photo_sessions_photographer_idx").on(t.photographer_id, t.status, t.id),
    index("photo_sessions_owner_idx").on(t.owner_id, t.id),
    // One open shoot per listing at a time.
    uniqueIndex("photo_sessions_open_idx")
      .on(t.property_id)
      .where(sql`${t.status} not in ('approved', 'cancelled')`),
    check("photo_sessions_rating", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

/**
 * A listing brought in from another portal: the parsed page (draft) waits for its owner to review
 * it in the post-property form; nothing is published until they submit (property_id is set then).
 * The same source listing imported again by the same person leads to this row, not a copy.
 */
export const importStatusEnum = pgEnum("import_status", ["queued", "processing", "ready", "failed"]);
export const listingImports = pgTable(
  "listing_imports",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who asked (an admin may import for someone). */
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    /** propertyfinder, bayut or dubizzle. */
    site: text("site").notNull(),
    source_url: text("source_url"),
    /** The site's own id of the listing, once the page was read. */
    source_id: text("source_id"),
    status: importStatusEnum("status").notNull().default("queued"),
    error: text("error"),
    draft: jsonb("draft").$type<Record<string, unknown>>(),
    property_id: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    /** Several addresses sent at once (an agent's portfolio) share a batch. */
    batch_id: text("batch_id"),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("listing_imports_source_idx")
      .on(t.user_id, t.site, t.source_id)
      .where(sql`${t.source_id} is not null`),
    index("listing_imports_user_idx").on(t.user_id, t.id),
    index("listing_imports_batch_idx").on(t.batch_id, t.position),
  ],
);
