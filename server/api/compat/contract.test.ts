// The contract suite of the compatibility address (decision 025): the calls of spec §7 and their
// aliases as the eBroker web and mobile apps make them (method, names, bracketed multipart fields,
// value codes, "Bearer undefined" when signed out), checked for the fields those apps read.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { createTestApi, emulatorAccount } from "../../../tests/support/testing";
import { categories } from "../../db/schema";

let t: Awaited<ReturnType<typeof createTestApi>>;

const jpeg = (w = 640, h = 480, r = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
const file = (bytes: Buffer, name: string, type = "image/jpeg") =>
  new File([new Uint8Array(bytes)], name, { type });

interface Req {
  method?: string;
  query?: Record<string, string>;
  /** A query string as sent, for repeated keys (`a[]=0&a[]=1`). */
  search?: string;
  form?: FormData | Record<string, string | File>;
  json?: unknown;
  token?: string | null;
  /** Their web app's header when signed out. */
  undefinedBearer?: boolean;
}

/** One call as an app makes it; every answer is HTTP 200 JSON with a boolean `error` and a message. */
async function app(name: string, r: Req = {}) {
  const qs = r.search ? `?${r.search}` : r.query ? `?${new URLSearchParams(r.query)}` : "";
  const headers: Record<string, string> = { accept: "application/json" };
  if (r.token) headers.authorization = `Bearer ${r.token}`;
  else if (r.undefinedBearer) headers.authorization = "Bearer undefined";
  let body: BodyInit | undefined;
  if (r.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(r.json);
  } else if (r.form) {
    if (r.form instanceof FormData) body = r.form;
    else {
      const f = new FormData();
      for (const [k, v] of Object.entries(r.form)) f.append(k, v);
      body = f;
    }
  }
  const method = r.method ?? (body ? "POST" : "GET");
  const res = await t.api.fetch(
    new Request(`http://test/compat/api/${name}${qs}`, { method, headers, body }),
  );
  expect(res.status, name).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  const json = (await res.json()) as any;
  expect(typeof json.error, `${name}: error is a boolean`).toBe("boolean");
  expect(typeof json.message, `${name}: message`).toBe("string");
  return json;
}

const ok = async (name: string, r: Req = {}) => {
  const b = await app(name, r);
  expect(b.error, `${name}: ${b.message}`).toBe(false);
  return b;
};

const isUrl = (v: unknown) => typeof v === "string" && /^https?:\/\//.test(v);
/** An address the apps load: a URL, or null for none (never "", which a browser fetches as the page). */
const isAddress = (v: unknown) => v === null || isUrl(v);

/** What the apps' property models read, with the types they cast to. */
function expectAppProperty(p: any) {
  expect(Number.isInteger(p.id)).toBe(true);
  expect(typeof p.slug_id).toBe("string");
  expect(typeof p.title).toBe("string");
  expect(["sell", "rent", "sold", "rented"]).toContain(p.property_type);
  expect(isAddress(p.title_image)).toBe(true);
  expect(isAddress(p.profile)).toBe(true);
  expect(Array.isArray(p.gallery)).toBe(true);
  for (const g of p.gallery) {
    expect(Number.isInteger(g.id)).toBe(true);
    expect(isUrl(g.image_url)).toBe(true);
  }
  expect(Array.isArray(p.documents)).toBe(true);
  expect(Array.isArray(p.parameters)).toBe(true);
  expect(Array.isArray(p.assign_facilities)).toBe(true);
  expect([0, 1]).toContain(p.is_favourite);
  expect([0, 1]).toContain(p.is_interested);
  for (const flag of ["promoted", "is_premium", "is_verified", "is_reported", "inquiry"])
    expect(typeof p[flag], flag).toBe("boolean");
  expect(p.category).toMatchObject({ id: expect.any(Number), category: expect.any(String) });
  expect(isUrl(p.category.image)).toBe(true);
  for (const k of [
    "customer_name",
    "email",
    "mobile",
    "post_created",
    "rentduration",
    "city",
    "state",
    "country",
    "address",
    "latitude",
    "longitude",
  ])
    expect(typeof p[k], k).toBe("string");
  expect(typeof p.total_view).toBe("number");
}

let person: { token: string; id: number; email: string; uid: string };
let other: { token: string; id: number };

/** Signs in as the apps do: Firebase first, then user_signup with the ID token; the answer's token from then on. */
async function appSignIn(name: string, extra: Record<string, string> = {}) {
  const acc = await emulatorAccount(t.auth, name);
  const b = await ok("user_signup", {
    form: { type: "0", name, email: acc.email, auth_id: acc.uid, firebase_token: acc.idToken, ...extra },
  });
  expect(typeof b.token).toBe("string");
  expect(b.data).toMatchObject({ id: expect.any(Number), name, email: acc.email, logintype: "0" });
  return { token: b.token as string, id: b.data.id as number, email: acc.email, uid: acc.uid };
}

async function completeProfile(token: string) {
  await ok("update_profile", {
    token,
    form: {
      userid: "",
      name: "Lister",
      email: "",
      mobile: "971501234567",
      address: "Marina Walk, Dubai",
      profile: "https://example.test/me.jpg",
      notification: "1",
      twiiter_id: "",
      city: "Dubai",
      state: "Dubai",
      country: "United Arab Emirates",
    },
  });
}

beforeAll(async () => {
  t = await createTestApi();
  person = await appSignIn("Compat Person");
  const o = await appSignIn("Another Person");
  other = o;
}, 120_000);
afterAll(async () => t?.close());

describe("signing in as the apps do", () => {
  it("user_signup answers a token the API takes as the bearer from then on", async () => {
    const me = await ok("get-user-data", { token: person.token });
    expect(me.data.id).toBe(person.id);
    expect(me.data.email).toBe(person.email);
    const settings = await ok("web-settings", { token: person.token });
    expect(settings.data.is_active).toBe(true);
  });

  it("signs in with email and password (type 3) without any other change to the app", async () => {
    const acc = await emulatorAccount(t.auth, "Password Person");
    const first = await ok("user_signup", {
      form: { type: "3", email: acc.email, password: "secret123", fcm_id: "abc" },
    });
    expect(first.data.email).toBe(acc.email);
    const wrong = await app("user_signup", {
      form: { type: "3", email: acc.email, password: "wrong-password" },
    });
    expect(wrong.error).toBe(true);
    expect(wrong.message).toBe("Invalid Email or Password");
  });

  it("never believes a uid the app merely claims", async () => {
    const alone = await app("user_signup", {
      form: { type: "1", auth_id: person.uid, mobile: "971500000000" },
    });
    expect(alone.error).toBe(true);
    expect(alone.token).toBeUndefined();
    expect(alone.message).toMatch(/Firebase ID token/);
    const acc = await emulatorAccount(t.auth, "Impostor");
    const mismatch = await app("user_signup", {
      form: { type: "0", auth_id: person.uid, firebase_token: acc.idToken },
    });
    expect(mismatch.error).toBe(true);
    expect(mismatch.message).toBe("auth_id does not match the signed-in account");
    const forged = await app("user_signup", {
      form: { type: "0", auth_id: person.uid, firebase_token: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0." },
    });
    expect(forged.error).toBe(true);
  });

  it("a protected call without a token (their web app sends 'Bearer undefined') is refused with HTTP 200 and a message", async () => {
    const b = await app("get_favourite_property", { undefinedBearer: true });
    expect(b.error).toBe(true);
    expect(b.message).toBe("Unauthorized");
  });
});

describe("reading as a visitor", () => {
  it("settings: switches and keys the apps test", async () => {
    const s = (await ok("web-settings", { undefinedBearer: true })).data;
    expect(typeof s.demo_mode).toBe("boolean");
    expect(["0", "1"]).toContain(s.number_with_suffix);
    expect(Array.isArray(s.languages)).toBe(true);
    expect(s.languages[0]).toMatchObject({ code: expect.any(String), name: expect.any(String) });
    expect(isUrl(s.web_logo)).toBe(true);
    for (const alias of ["get_system_settings", "app-settings"])
      expect((await ok(alias, { method: "POST", json: {} })).data.currency_symbol).toBe(s.currency_symbol);
  });

  it("languages, categories (with SVG icons), facilities, report reasons", async () => {
    const lang = await ok("get_languages", { query: { language_code: "ar", web_language_file: "1" } });
    expect(lang.data).toMatchObject({ code: "ar", rtl: 1 });
    expect(typeof lang.data.file_name).toBe("object");
    const cats = await ok("get_categories", {
      query: { limit: "20", offset: "0", search: "", has_property: "" },
    });
    expect(cats.data.length).toBeGreaterThan(0);
    expect(typeof cats.total).toBe("number");
    for (const c of cats.data) {
      expect(c.image).toMatch(/^https?:\/\/.+\.svg$/);
      expect(Array.isArray(c.parameter_types)).toBe(true);
    }
    const one = await ok("get_categories", { query: { slug_id: cats.data[0].slug_id } });
    expect(one.data).toHaveLength(1);
    const facilities = await ok("get_facilities");
    for (const f of facilities.data) expect(f.image).toMatch(/^https?:\/\/.+\.svg$/);
    expect((await ok("get-facilities-for-filter", { undefinedBearer: true })).data.length).toBeGreaterThan(0);
    const reasons = await ok("get_report_reasons");
    expect(reasons.data[0]).toMatchObject({ id: expect.any(Number), reason: expect.any(String) });
  });

  it("get_property as their web app sends it (every key, most empty) and one by slug with similar listings", async () => {
    const keys = [
      "promoted",
      "top_rated",
      "id",
      "category_id",
      "most_liked",
      "city",
      "get_simiilar",
      "offset",
      "limit",
      "current_user",
      "property_type",
      "max_price",
      "min_price",
      "posted_since",
      "state",
      "country",
      "search",
      "userid",
      "users_promoted",
      "slug_id",
      "category_slug_id",
    ];
    const all = Object.fromEntries(keys.map((k) => [k, ""]));
    const list = await ok("get_property", { query: { ...all, limit: "8", offset: "0" } });
    expect(list.data.length).toBe(8);
    list.data.forEach(expectAppProperty);
    const detail = await ok("get_property", { query: { ...all, slug_id: list.data[0].slug_id } });
    expect(Array.isArray(detail.data)).toBe(true);
    expect(detail.data[0].slug_id).toBe(list.data[0].slug_id);
    expectAppProperty(detail.data[0]);
    expect(detail.data[0].gallery.length).toBeGreaterThan(0);
    expect(Array.isArray(detail.similar_properties)).toBe(true);
    const rent = await ok("get_property", { query: { property_type: "1", limit: "5" } });
    for (const p of rent.data) expect(["rent", "rented"]).toContain(p.property_type);
  });

  it("get-property-list with their codes (most_viewed, posted_since, facility ids as parameter_id)", async () => {
    const facilities = (await ok("get-facilities-for-filter")).data;
    const b = await ok("get-property-list", {
      query: {
        most_viewed: "1",
        posted_since: "3",
        property_type: "0",
        parameter_id: String(facilities[0].id),
        limit: "5",
        offset: "0",
      },
    });
    b.data.forEach(expectAppProperty);
    expect(typeof b.total).toBe("number");
    const views = b.data.map((p: any) => p.total_view);
    expect([...views].sort((x: number, y: number) => y - x)).toEqual(views);
  });

  it("home page in both apps' keys, slides, cities (City/Count), nearby, articles, faqs, agents, projects", async () => {
    const home = (await ok("homepage-data", { undefinedBearer: true })).data;
    for (const k of [
      "slider_section",
      "featured_section",
      "categories_section",
      "most_liked_properties",
      "most_viewed_properties",
      "project_section",
      "article_section",
      "agents_list",
      "nearby_properties",
      "faq_section",
    ]) {
      expect(Array.isArray(home[k]), k).toBe(true);
    }
    expect(Array.isArray(home.sections)).toBe(true);
    for (const s of home.sections)
      expect(s).toMatchObject({
        type: expect.any(String),
        title: expect.any(String),
        data: expect.any(Array),
      });
    home.featured_section.forEach(expectAppProperty);
    const slides = (await ok("get_slider")).data;
    for (const s of slides) {
      expect(["1", "2", "3", "4"]).toContain(s.slider_type);
      expect(isUrl(s.web_image)).toBe(true);
    }
    const cities = await ok("get-cities-data", { query: { offset: "", limit: "" } });
    expect(cities.data[0]).toMatchObject({ City: expect.any(String), Count: expect.any(Number) });
    const near = await ok("get_nearby_properties", {
      query: { city: cities.data[0].City, state: "", type: "0" },
    });
    near.data.forEach(expectAppProperty);
    const articles = await ok("get_articles", {
      query: { id: "", category_id: "", slug_id: "", limit: "3", offset: "0" },
    });
    expect(isUrl(articles.data[0].image)).toBe(true);
    const article = await ok("get_articles", { query: { slug_id: articles.data[0].slug_id } });
    expect(article.data[0].description.length).toBeGreaterThan(0);
    expect(Array.isArray(article.similar_articles)).toBe(true);
    expect((await ok("faqs", { query: { limit: "5", offset: "0" } })).data[0]).toMatchObject({
      question: expect.any(String),
      answer: expect.any(String),
    });
    const agents = await ok("agent-list", { query: { limit: "5", offset: "0" } });
    expect(agents.data[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      is_verified: expect.any(Boolean),
      property_count: expect.any(Number),
    });
    const page = await ok("agent-properties", {
      query: { slug_id: agents.data[0].slug_id, is_admin: "", is_projects: "", limit: "4", offset: "0" },
    });
    expect(page.data.customer_data).toMatchObject({ id: agents.data[0].id, is_verify: expect.any(Boolean) });
    page.data.properties_data.forEach(expectAppProperty);
    const projects = await ok("get-projects", { query: { offset: "0", limit: "4" } });
    const p = projects.data[0];
    expect(p).toMatchObject({
      id: expect.any(Number),
      slug_id: expect.any(String),
      type: expect.stringMatching(/upcoming|under_construction/),
    });
    expect(isUrl(p.image)).toBe(true);
    expect(Array.isArray(p.gallary_images)).toBe(true);
    const detail = await ok("get-project-detail", { query: { slug_id: p.slug_id, get_similar: "1" } });
    expect(detail.data.slug_id).toBe(p.slug_id);
    expect(Array.isArray(detail.data.plans)).toBe(true);
    expect(Array.isArray(detail.similar_projects)).toBe(true);
  });

  it("tools and packages: mortgage (with 'Bearer undefined'), packages, payment settings, SEO settings", async () => {
    const m = await ok("mortgage-calculator", {
      undefinedBearer: true,
      query: {
        loan_amount: "1000000",
        down_payment: "200000",
        interest_rate: "5",
        loan_term_years: "20",
        show_all_details: "1",
      },
    });
    expect(m.data.main_total).toMatchObject({
      monthly_emi: expect.any(Number),
      principal_amount: expect.any(Number),
    });
    const packages = await ok("get-package");
    expect(packages.data.length).toBeGreaterThan(0);
    expect(packages.data[0]).toMatchObject({
      id: expect.any(Number),
      price: expect.any(Number),
      duration: expect.any(Number),
    });
    expect(Array.isArray(packages.active_packages)).toBe(true);
    expect(Array.isArray(packages.all_features)).toBe(true);
    expect((await ok("get_package")).data.length).toBe(packages.data.length);
    const pay = await ok("get_payment_settings", { token: person.token });
    for (const row of pay.data)
      expect(row).toMatchObject({ type: expect.any(String), data: expect.any(String) });
    const seo = await ok("get_seo_settings", { query: { page: "about-us" } });
    expect(seo.data[0]).toMatchObject({ meta_title: expect.any(String) });
  });

  it("an unknown call and a failing call both answer HTTP 200 with error true", async () => {
    expect((await app("no_such_call")).error).toBe(true);
    const b = await app("get_property", { query: { min_price: "abc" } });
    expect(b.error).toBe(true);
    expect(b.message).toBe("Price must be a number");
  });
});

describe("a listing posted in the apps' encoding keeps every field", () => {
  let category: any;
  let facilities: any[];
  let listingId: number;

  beforeAll(async () => {
    await completeProfile(person.token);
    const cats = (await ok("get_categories", { query: { limit: "50" } })).data;
    category =
      cats.find(
        (c: any) =>
          c.parameter_types.some((p: any) => p.type_of_parameter === "number") &&
          c.parameter_types.some((p: any) => p.type_of_parameter === "checkbox"),
      ) ?? cats[0];
    facilities = (await ok("get_facilities")).data;
  });

  it("post_property with parameters[i][…], facilities[i][…] and gallery_images[i], codes 1 and Monthly", async () => {
    const params = category.parameter_types.slice(0, 3);
    expect(params.length).toBe(3);
    const form = new FormData();
    const add = (k: string, v: string | File) => form.append(k, v);
    add("title", "Compat flat with a view");
    add("description", "Posted the way the eBroker web app posts a listing.");
    add("city", "Dubai");
    add("state", "Dubai");
    add("country", "United Arab Emirates");
    add("address", "Marina Walk, Dubai");
    add("latitude", "25.08");
    add("longitude", "55.14");
    add("price", "95000");
    add("category_id", String(category.id));
    add("property_type", "1");
    add("rentduration", "Monthly");
    add("is_premium", "true");
    add("title_image", file(await jpeg(), "title.jpg"));
    const valueFor = (p: any) =>
      p.type_of_parameter === "number"
        ? "3"
        : p.type_of_parameter === "checkbox"
          ? JSON.stringify({ 0: p.type_values[0], 1: p.type_values[1] })
          : (p.type_values[0] ?? "Sea");
    params.forEach((p: any, i: number) => {
      add(`parameters[${i}][parameter_id]`, String(p.id));
      add(`parameters[${i}][value]`, valueFor(p));
    });
    facilities.slice(0, 2).forEach((f: any, i: number) => {
      add(`facilities[${i}][facility_id]`, String(f.id));
      add(`facilities[${i}][distance]`, String(i + 1.5));
    });
    add("gallery_images[0]", file(await jpeg(700, 500, 10), "one.jpg"));
    add("gallery_images[1]", file(await jpeg(700, 500, 90), "two.jpg"));
    add("slug_id", "my-chosen-slug");
    const b = await ok("post_property", { token: person.token, form });
    expect(Array.isArray(b.data)).toBe(true);
    const saved = b.data[0];
    listingId = saved.id;
    expect(saved.parameters).toHaveLength(3);
    expect(saved.assign_facilities).toHaveLength(2);
    expect(saved.gallery).toHaveLength(2);
    expect(saved.property_type).toBe("rent");
    expect(saved.rentduration).toBe("Monthly");
    expect(saved.is_premium).toBe(true);

    const mine = await ok("get-added-properties", { token: person.token, query: { id: String(listingId) } });
    const p = mine.data[0];
    expect(p.parameters.map((x: any) => x.id).sort()).toEqual(params.map((x: any) => x.id).sort());
    const checkbox = params.find((x: any) => x.type_of_parameter === "checkbox");
    if (checkbox)
      expect(p.parameters.find((x: any) => x.id === checkbox.id).value).toEqual(
        checkbox.type_values.slice(0, 2),
      );
    expect(p.assign_facilities.map((f: any) => [f.facility_id, Number(f.distance)])).toEqual([
      [facilities[0].id, 1.5],
      [facilities[1].id, 2.5],
    ]);
    expect(p.gallery).toHaveLength(2);
  });

  it("update_post_property: JSON-quoted values, the web app's '[object Object]' gallery entries, remove_gallery_images[0]", async () => {
    const before = (
      await ok("get-added-properties", { token: person.token, query: { id: String(listingId) } })
    ).data[0];
    const form = new FormData();
    form.append("action_type", "0");
    form.append("id", String(listingId));
    form.append("title", "Compat flat, renamed");
    form.append("property_type", "0");
    form.append("category_id", String(category.id));
    form.append("price", "1250000");
    const number = before.parameters.find((x: any) => x.type_of_parameter === "number");
    before.parameters.forEach((x: any, i: number) => {
      form.append(`parameters[${i}][parameter_id]`, String(x.id));
      form.append(`parameters[${i}][value]`, JSON.stringify(x === number ? "4" : x.value));
    });
    form.append("gallery_images[0]", "[object Object]");
    form.append("gallery_images[1]", file(await jpeg(640, 480, 150), "three.jpg"));
    form.append("remove_gallery_images[0]", String(before.gallery[0].id));
    const b = await ok("update_post_property", { token: person.token, form });
    const after = b.data[0];
    expect(after.title).toBe("Compat flat, renamed");
    expect(after.property_type).toBe("sell");
    expect(after.gallery.map((g: any) => g.id)).not.toContain(before.gallery[0].id);
    expect(after.gallery).toHaveLength(2);
    const own = (await ok("get-added-properties", { token: person.token, query: { id: String(listingId) } }))
      .data[0];
    if (number) expect(own.parameters.find((x: any) => x.id === number.id).value).toBe("4");
    expect(own.parameters).toHaveLength(before.parameters.length);
  });

  it("a field nobody knows is refused, naming it; a missing title gives the spec's message", async () => {
    const form = new FormData();
    form.append("id", String(listingId));
    form.append("colour_of_door", "red");
    const unknown = await app("update_post_property", { token: person.token, form });
    expect(unknown.error).toBe(true);
    expect(unknown.message).toMatch(/colour_of_door/);
    const empty = await app("post_property", { token: person.token, form: { description: "x" } });
    expect(empty.error).toBe(true);
    expect(empty.errors.title).toEqual(["Title is required"]);
  });

  it("status codes: update_property_status by property_id (2 sold), change-property-status 0/1, and someone else is refused", async () => {
    await t.db.execute(`update properties set request_status = 'approved' where id = ${listingId}` as never);
    await ok("update_property_status", {
      token: person.token,
      form: { property_id: String(listingId), status: "2" },
    });
    expect(
      (await ok("get-added-properties", { token: person.token, query: { id: String(listingId) } })).data[0]
        .property_type,
    ).toBe("sold");
    await ok("update_property_status", {
      token: person.token,
      form: { property_id: String(listingId), status: "0" },
    });
    await ok("change-property-status", {
      token: person.token,
      form: { property_id: String(listingId), status: "0" },
    });
    expect(
      (await ok("get-added-properties", { token: person.token, query: { id: String(listingId) } })).data[0]
        .status,
    ).toBe(0);
    await ok("change-property-status", {
      token: person.token,
      form: { property_id: String(listingId), status: "1" },
    });
    for (const [name, form] of [
      ["update_property_status", { property_id: String(listingId), status: "3" }],
      ["change-property-status", { property_id: String(listingId), status: "0" }],
      ["update_post_property", { id: String(listingId), title: "Taken over" }],
      ["delete_property", { id: String(listingId) }],
    ] as const) {
      const refused = await app(name, { token: other.token, form });
      expect(refused.error, name).toBe(true);
    }
    expect(
      (await ok("get-added-properties", { token: person.token, query: { id: String(listingId) } })).data[0]
        .title,
    ).toBe("Compat flat, renamed");
  });

  it("featuring without feature_for, views by slug, favourites (type 1/0 in JSON) and interest", async () => {
    const mine = (await ok("get-added-properties", { token: person.token, query: { id: String(listingId) } }))
      .data[0];
    const ad = await app("store_advertisement", {
      token: person.token,
      form: { property_id: String(listingId) },
    });
    // Either featured, or refused for the package's reason: never "unknown field" or "feature_for required".
    expect(ad.message).not.toMatch(/feature_for|Unknown field/);
    await ok("set_property_total_click", { form: { property_slug_id: mine.slug_id, project_slug_id: "" } });
    const theirs = (await ok("get_property", { query: { limit: "1", offset: "3" } })).data[0];
    await ok("add_favourite", { token: other.token, json: { property_id: theirs.id, type: "1" } });
    await ok("interested_users", { token: other.token, form: { property_id: String(theirs.id), type: "1" } });
    const seen = (
      await ok("get_property", {
        token: other.token,
        query: { slug_id: theirs.slug_id, current_user: String(other.id) },
      })
    ).data[0];
    expect(seen.is_favourite).toBe(1);
    expect(seen.is_interested).toBe(1);
    // The owner's phone and email go to a signed-in person who opens the listing (a lead, decision 023).
    expect(seen.mobile.length + seen.email.length).toBeGreaterThan(0);
    expect((await ok("get_property", { query: { slug_id: theirs.slug_id } })).data[0].email).toBe("");
    const favs = await ok("get_favourite_property", {
      token: other.token,
      query: { offset: "0", limit: "10" },
    });
    expect(favs.data.map((p: any) => p.id)).toContain(theirs.id);
    await ok("add_favourite", { token: other.token, json: { property_id: theirs.id, type: "0" } });
    expect(
      (await ok("get_favourite_property", { token: other.token })).data.map((p: any) => p.id),
    ).not.toContain(theirs.id);
  });
});

describe("the personal feed", () => {
  it("personalised-fields as their web app sends it (comma lists, min,max, 0/1), the feed, and DELETE", async () => {
    const cats = (await ok("get_categories")).data.slice(0, 2).map((c: any) => c.id);
    const saved = await ok("personalised-fields", {
      token: person.token,
      form: {
        category_ids: cats.join(","),
        outdoor_facilitiy_ids: "",
        price_range: "0,50000000",
        property_type: "0",
        city: "Dubai",
      },
    });
    expect(saved.data).toMatchObject({
      user_id: person.id,
      category_ids: cats,
      price_range: [0, 50000000],
      // A list of codes: their web app asks property_type.includes("0"), the Flutter app casts it to a list.
      property_type: ["0"],
      city: "Dubai",
    });
    const got = await ok("personalised-fields", { token: person.token });
    expect(got.data.category_ids).toEqual(cats);
    const feed = await ok("get_user_recommendation", {
      token: person.token,
      query: { offset: "0", limit: "4" },
    });
    expect(feed.data.length).toBeGreaterThan(0);
    for (const p of feed.data) expectAppProperty(p);
    expect(typeof feed.total).toBe("number");
    await ok("personalised-fields", { token: person.token, method: "DELETE" });
    expect((await ok("personalised-fields", { token: person.token })).data).toMatchObject({
      category_ids: [],
      property_type: "",
      city: "",
    });
    // Another person's token reads their own (empty) preferences, never these.
    expect((await ok("personalised-fields", { token: other.token })).data.user_id).toBe(other.id);
    expect((await app("personalised-fields", { undefinedBearer: true })).error).toBe(true);
  });
});

describe("conversations and notices", () => {
  it("send_message answers the new id at the top; get_chats gives a list as data, get_messages data.data", async () => {
    const theirs = (await ok("get_property", { query: { limit: "1", offset: "5" } })).data[0];
    const sent = await ok("send_message", {
      token: other.token,
      form: {
        sender_id: String(other.id),
        receiver_id: String(theirs.added_by),
        message: "Is it still free?",
        property_id: String(theirs.id),
        file: "",
        audio: "[object Blob]",
      },
    });
    expect(Number.isInteger(sent.id)).toBe(true);
    const chats = await ok("get_chats", { token: other.token });
    expect(Array.isArray(chats.data)).toBe(true);
    expect(chats.data[0]).toMatchObject({
      property_id: theirs.id,
      user_id: theirs.added_by,
      name: expect.any(String),
    });
    const messages = await ok("get_messages", {
      token: other.token,
      query: { user_id: String(theirs.added_by), property_id: String(theirs.id), page: "0", per_page: "10" },
    });
    expect(messages.data.data[0]).toMatchObject({
      message: "Is it still free?",
      chat_message_type: "text",
      sender_id: other.id,
    });
    const del = await ok("delete_chat_message", {
      token: other.token,
      form: {
        message_id: String(sent.id),
        receiver_id: String(theirs.added_by),
        sender_id: "",
        property_id: "",
      },
    });
    expect(del.error).toBe(false);
    const notes = await ok("get_notification_list", {
      token: person.token,
      query: { offset: "0", limit: "10" },
    });
    expect(Array.isArray(notes.data)).toBe(true);
  });

  it("reports with their 'null' texts, blocking, verification form, limits and the aliases", async () => {
    const theirs = (await ok("get_property", { query: { limit: "1", offset: "7" } })).data[0];
    const reasons = (await ok("get_report_reasons")).data;
    await ok("add_reports", {
      token: other.token,
      form: { reason_id: String(reasons[0].id), property_id: String(theirs.id), other_message: "null" },
    });
    expect(
      (await ok("get_property", { token: other.token, query: { id: String(theirs.id) } })).data[0]
        .is_reported,
    ).toBe(true);
    await ok("block-user", { token: other.token, form: { to_user_id: String(theirs.added_by) } });
    await ok("unblock-user", { token: other.token, form: { to_user_id: String(theirs.added_by) } });
    const fields = await ok("get-agent-verification-form-fields", { token: other.token });
    for (const f of fields.data) expect(Array.isArray(f.form_fields_values)).toBe(true);
    const values = await ok("get-agent-verification-form-values", { token: other.token });
    expect(Array.isArray(values.data.verify_customer_values)).toBe(true);
    const limit = await ok("check-package-limit", { token: person.token, query: { type: "property_list" } });
    expect(typeof limit.data.package_available).toBe("boolean");
    const old = await app("get_limits", { token: person.token, query: { package_type: "property" } });
    expect(typeof old.error).toBe("boolean");
    const unknownAd = await app("delete_advertisement", { token: person.token, form: { id: "999999" } });
    expect(unknownAd.error).toBe(true);
    expect(unknownAd.message).not.toMatch(/Unknown API call/);
    const intent = await app("createPaymentIntent", {
      token: person.token,
      form: {
        description: "Gold",
        "shipping[name]": "A",
        "shipping[address][line1]": "B",
        amount: "1",
        currency: "$",
        "payment_method_types[]": "card",
        package_id: "999999",
      },
    });
    expect(intent.error).toBe(true);
    expect(intent.message).not.toMatch(/Unknown field/);
  });

  it("leaving: before-logout and delete_user as the apps send them", async () => {
    const leaver = await appSignIn("Leaving Person");
    await ok("before-logout", { token: leaver.token, form: { fcm_id: "token-1" } });
    await ok("delete_user", { token: leaver.token, form: { userid: "" } });
    expect((await app("get-user-data", { token: leaver.token })).error).toBe(true);
  });
});

describe("the eBroker web client's calls, replayed: what it reads", () => {
  const BOTH = ["0,1", "1,0", "[0,1]", '["0","1"]', "sell,rent"];

  it('a list of both kinds means both wherever a kind is filtered (0,1 · 1,0 · [0,1] · ["0","1"] · property_type[])', async () => {
    const all = await ok("get_property", { query: { limit: "1" } });
    const sell = await ok("get_property", { query: { property_type: "0", limit: "1" } });
    const rent = await ok("get_property", { query: { property_type: "[1]", limit: "1" } });
    expect(sell.total).toBeGreaterThan(0);
    expect(rent.total).toBeGreaterThan(0);
    expect(sell.total + rent.total).toBe(all.total);
    for (const v of BOTH) {
      expect((await ok("get_property", { query: { property_type: v, limit: "1" } })).total, v).toBe(
        all.total,
      );
      expect((await ok("get-property-list", { query: { property_type: v, limit: "1" } })).total, v).toBe(
        all.total,
      );
    }
    const repeated = await ok("get_property", { search: "property_type[]=0&property_type[]=1&limit=1" });
    expect(repeated.total).toBe(all.total);

    const city = (await ok("get-cities-data")).data[0].City;
    const near = await ok("get_nearby_properties", { query: { city, limit: "50" } });
    const nearBoth = await ok("get_nearby_properties", { query: { city, type: "0,1", limit: "50" } });
    expect(nearBoth.total).toBe(near.total);

    const mine = await ok("get-added-properties", { token: person.token });
    expect(mine.total).toBeGreaterThan(0);
    expect(
      (await ok("get-added-properties", { token: person.token, query: { property_type: "[0,1]" } })).total,
    ).toBe(mine.total);

    const similar = await ok("get-all-similar-properties", {
      query: { property_id: String(mine.data[0].id), property_type: "0,1" },
    });
    expect(Array.isArray(similar.data)).toBe(true);

    // Anything else is still refused, in the call's words.
    const bad = await app("get_property", { query: { property_type: "0,7" } });
    expect(bad.error).toBe(true);
    expect(bad.message).toBe("property_type must be sell or rent");
  });

  it("personalised-fields with property_type=0,1 (as their web app sends it) saves 'either', which the app reads back as All", async () => {
    for (const v of BOTH) {
      const saved = await ok("personalised-fields", {
        token: other.token,
        form: { price_range: "0,900000", property_type: v },
      });
      // Their web app: property_type.includes("0") && property_type.includes("1") → All; "" → All.
      expect(saved.data.property_type, v).toBe("");
      expect(saved.data.price_range).toEqual([0, 900000]);
    }
    expect((await ok("personalised-fields", { token: other.token })).data.property_type).toBe("");
    const rent = await ok("personalised-fields", { token: other.token, form: { property_type: "1" } });
    expect(rent.data.property_type).toEqual(["1"]);
    expect(rent.data.property_type.includes("1")).toBe(true);
    const bad = await app("personalised-fields", { token: other.token, form: { property_type: "0,7" } });
    expect(bad.error).toBe(true);
    expect(bad.message).toBe("property_type must be sell or rent");
    await ok("personalised-fields", { token: other.token, method: "DELETE" });
  });

  it("send_message answers the new message's id as data.id, keeping the rest", async () => {
    const theirs = (await ok("get_property", { query: { limit: "1", offset: "9" } })).data[0];
    const sent = await ok("send_message", {
      token: other.token,
      form: {
        sender_id: String(other.id),
        receiver_id: String(theirs.added_by),
        message: "When can I see it?",
        property_id: String(theirs.id),
        file: "",
        audio: "",
      },
    });
    expect(Number.isInteger(sent.data.id)).toBe(true);
    expect(sent.id).toBe(sent.data.id);
    expect(sent.data).toMatchObject({
      message_id: sent.data.id,
      sender_id: other.id,
      receiver_id: theirs.added_by,
      property_id: theirs.id,
      message: "When can I see it?",
    });
    const page = await ok("get_messages", {
      token: other.token,
      query: { user_id: String(theirs.added_by), property_id: String(theirs.id), page: "1", per_page: "10" },
    });
    expect(page.data.data.map((m: any) => m.id)).toContain(sent.data.id);
  });

  it("user-register answers the token user_signup gives, and the app signs in with it", async () => {
    const email = `registered-${Date.now()}@example.test`;
    const mobile = `+9715${String(Date.now()).slice(-8)}`;
    const b = await ok("user-register", {
      form: { name: "Registered Person", email, mobile, password: "secret123", re_password: "secret123" },
    });
    // The same fields as user_signup's answer: token at the top, the person in data.
    expect(Object.keys(b).sort()).toEqual(["data", "error", "message", "token"]);
    expect(typeof b.token).toBe("string");
    expect(b.token.length).toBeGreaterThan(20);
    expect(b.data).toMatchObject({
      id: expect.any(Number),
      name: "Registered Person",
      email,
      logintype: "3",
    });
    const me = await ok("get-user-data", { token: b.token });
    expect(me.data.id).toBe(b.data.id);
    expect(Object.keys(b.data).sort()).toEqual(Object.keys(me.data).sort());
    // Signing in again by email and password (user_signup type 3) is the same person.
    const again = await ok("user_signup", { form: { type: "3", email, password: "secret123" } });
    expect(again.data.id).toBe(b.data.id);

    const mismatch = await app("user-register", {
      form: { name: "Other", email: `x${email}`, mobile, password: "secret123", re_password: "secret124" },
    });
    expect(mismatch.error).toBe(true);
    expect(mismatch.token).toBeUndefined();
    expect(mismatch.errors.re_password).toEqual(["Passwords do not match"]);
  });

  /** Fields the apps load as an address: `<img src>`, a file, a video, a link. */
  const ADDRESS_KEYS = new Set([
    "image",
    "image_url",
    "web_image",
    "title_image",
    "three_d_image",
    "meta_image",
    "profile",
    "file",
    "audio",
    "document",
    "link",
    "video_link",
    "notification_image",
    "web_logo",
    "web_footer_logo",
    "web_placeholder_logo",
    "placeholder_logo",
    "app_home_screen",
    "favicon_icon",
  ]);
  function expectAddresses(v: unknown, at: string): void {
    if (Array.isArray(v)) return v.forEach((x, i) => expectAddresses(x, `${at}[${i}]`));
    if (v === null || typeof v !== "object") return;
    for (const [k, x] of Object.entries(v)) {
      const path = `${at}.${k}`;
      // A gallery photo's `image` is its file name, beside its address in image_url.
      if (ADDRESS_KEYS.has(k) && !/\.gallery\[\d+\]\.image$/.test(path))
        expect(isAddress(x), `${path}: ${JSON.stringify(x)}`).toBe(true);
      else expectAddresses(x, path);
    }
  }

  it('an image the apps render is a URL or null, never "": a category without an icon, and every shape with an address', async () => {
    const [bare] = await t.db
      .insert(categories)
      .values({
        category: "Without an icon",
        slug_id: `without-an-icon-${Date.now()}`,
        image: null,
        sequence: 999,
      })
      .returning();
    try {
      const cats = await ok("get_categories", { query: { limit: "100" } });
      const shown = cats.data.find((c: any) => c.id === bare!.id);
      expect(shown.image).toBeNull();
      expect(shown.meta_image).toBeNull();

      const list = await ok("get_property", { query: { limit: "12" } });
      const project = (await ok("get-projects", { query: { limit: "4" } })).data[0];
      const agent = (await ok("agent-list", { query: { limit: "3" } })).data[0];
      const theirs = list.data[0];
      const answers: Record<string, any> = {
        get_categories: cats,
        get_property: list,
        detail: await ok("get_property", { token: other.token, query: { slug_id: theirs.slug_id } }),
        "homepage-data": await ok("homepage-data"),
        get_slider: await ok("get_slider"),
        get_articles: await ok("get_articles", { query: { limit: "5" } }),
        "get-projects": await ok("get-projects", { query: { limit: "4" } }),
        "get-project-detail": await ok("get-project-detail", { query: { slug_id: project.slug_id } }),
        "agent-list": await ok("agent-list", { query: { limit: "5" } }),
        "agent-properties": await ok("agent-properties", { query: { slug_id: agent.slug_id, limit: "4" } }),
        "get-cities-data": await ok("get-cities-data"),
        get_facilities: await ok("get_facilities"),
        "web-settings": await ok("web-settings"),
        get_seo_settings: await ok("get_seo_settings"),
        // A person who never set a photo.
        "get-user-data": await ok("get-user-data", { token: other.token }),
        "get-added-properties": await ok("get-added-properties", { token: person.token }),
        get_favourite_property: await ok("get_favourite_property", { token: other.token }),
        get_chats: await ok("get_chats", { token: other.token }),
        get_messages: await ok("get_messages", {
          token: other.token,
          query: { user_id: String(theirs.added_by), property_id: String(theirs.id), page: "1" },
        }),
        get_notification_list: await ok("get_notification_list", { token: person.token }),
      };
      for (const [name, body] of Object.entries(answers)) expectAddresses(body, name);
      expect(answers["get-user-data"].data.profile).toBeNull();
      expect(answers["get-cities-data"].data[0].image).toBeNull();
    } finally {
      await t.db.delete(categories).where(eq(categories.id, bare!.id));
    }
  });

  it("compute-route takes { lat, lng } points (map libraries' and Google Maps' form) beside the others, as /api does", async () => {
    const marina = { lat: 25.0805, lng: 55.1403 };
    const downtown = { lat: 25.1972, lng: 55.2744 };
    const answers = [];
    for (const body of [
      { origin: marina, destination: downtown },
      { origin: "25.0805,55.1403", destination: { latitude: 25.1972, longitude: 55.2744 } },
      { origin: { location: { latLng: { latitude: 25.0805, longitude: 55.1403 } } }, destination: downtown },
    ]) {
      const b = await ok("compute-route", { json: body });
      expect(b.data).toMatchObject({
        travelMode: "DRIVE",
        distance_meters: expect.any(Number),
        duration_seconds: expect.any(Number),
      });
      answers.push(b.data.distance_meters);
    }
    expect(new Set(answers).size).toBe(1);
    // A form, as a web app's FormData sends it.
    const form = await ok("compute-route", {
      form: {
        "origin[lat]": "25.0805",
        "origin[lng]": "55.1403",
        "destination[lat]": "25.1972",
        "destination[lng]": "55.2744",
        travelMode: "WALK",
      },
    });
    expect(form.data.travelMode).toBe("WALK");
    expect(form.data.distance_meters).toBe(answers[0]);
    const native = await t.call("compute-route", { body: { origin: marina, destination: downtown } });
    expect(native.status).toBe(200);
    expect(native.body.data.distance_meters).toBe(answers[0]);

    const far = await app("compute-route", { json: { origin: { lat: 95, lng: 55 }, destination: downtown } });
    expect(far.error).toBe(true);
    expect(far.code).toBe(400);
    expect(far.message).toMatch(/origin must be/);
    const half = await app("compute-route", { json: { origin: { lat: 25 }, destination: downtown } });
    expect(half.error).toBe(true);
    expect(half.code).toBe(400);
  });
});
