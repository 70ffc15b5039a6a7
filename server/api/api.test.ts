import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, emulatorAccount } from "../../tests/support/testing";
import { demoCatalog } from "../../demo/seed/catalog";
import { sql } from "drizzle-orm";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi({ propertyCount: 80 });
});
afterAll(() => t?.close());

describe("envelope and settings", () => {
  it("web-settings answers { error, message, data } with the currency and languages", async () => {
    const r = await t.call("web-settings");
    expect(r.status).toBe(200);
    expect(r.body.error).toBe(false);
    expect(typeof r.body.message).toBe("string");
    expect(r.body.data.currency_symbol).toBe("AED");
    expect(r.body.data.languages.map((l: { code: string }) => l.code)).toEqual(["en", "ar"]);
    expect(r.body.data).not.toHaveProperty("stripe_secret_key");
  });

  it("unknown calls are 404 in the envelope", async () => {
    const r = await t.call("no_such_call");
    expect(r.status).toBe(404);
    expect(r.body.error).toBe(true);
  });

  it("a call asked with another method answers 405 with the method it takes", async () => {
    const r = await t.call("web-settings", { method: "POST", body: {} });
    expect(r.status).toBe(405);
    expect(r.body).toMatchObject({ error: true, data: null });
    const res = await t.api.fetch(new Request("http://test/api/add_favourite"));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(
      (await t.api.fetch(new Request("http://test/api/web-settings", { method: "DELETE" }))).headers.get(
        "allow",
      ),
    ).toBe("GET, HEAD");
  });

  it("get_languages returns the Arabic translation file on request", async () => {
    const r = await t.call("get_languages", { query: { language_code: "ar", web_language_file: "1" } });
    expect(r.body.data.rtl).toBe(true);
    expect(r.body.data.file_name["Name is required"]).toBe("الاسم مطلوب");
    const bad = await t.call("get_languages", { query: { language_code: "xx1" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.language_code).toBeDefined();
  });

  it("serves an OpenAPI 3.1 document with every call", async () => {
    const res = await t.api.fetch(new Request("http://test/api/openapi.json"));
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    for (const name of [
      "web-settings",
      "get_categories",
      "get_property",
      "get_languages",
      "user_signup",
      "update_profile",
      "get_facilities",
    ]) {
      expect(doc.paths[`/${name}`], name).toBeDefined();
    }
    const params = doc.paths["/get_property"]!.get!.parameters!.map((p) => p.name);
    for (const p of [
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
    ]) {
      expect(params).toContain(p);
    }
  });
});

describe("catalogue", () => {
  it("get_categories lists categories with parameters and live counts, in Arabic on request", async () => {
    const r = await t.call("get_categories", { query: { has_property: "1" } });
    expect(r.body.data.length).toBeGreaterThan(3);
    const apartment = r.body.data.find((c: { slug_id: string }) => c.slug_id === "apartment");
    const listed = await t.call("get_property", { query: { category_slug_id: "apartment", limit: "1" } });
    expect(apartment.properties_count).toBe(listed.body.total);
    expect(apartment.properties_count).toBeGreaterThan(1);
    expect(apartment.parameter_types.map((p: { name: string }) => p.name)).toContain("Bedrooms");
    const ar = await t.call("get_categories", { lang: "ar" });
    expect(ar.body.data.find((c: { slug_id: string }) => c.slug_id === "apartment").category).toMatch(
      /[\u0600-\u06FF]/,
    );
  });

  it("get_facilities lists facilities with a total", async () => {
    const r = await t.call("get_facilities", { query: { limit: "5" } });
    expect(r.body.data).toHaveLength(5);
    expect(r.body.total).toBeGreaterThan(5);
  });
});

describe("get_property", () => {
  it("pages with offset/limit and reports the total", async () => {
    const a = await t.call("get_property", { query: { limit: "10" } });
    const b = await t.call("get_property", { query: { limit: "10", offset: "10" } });
    expect(a.body.total).toBe(80);
    expect(b.body.total).toBe(80);
    expect(a.body.data).toHaveLength(10);
    const ids = new Set(a.body.data.map((p: { id: number }) => p.id));
    expect(b.body.data.some((p: { id: number }) => ids.has(p.id))).toBe(false);
  });

  it("filters by type, price range, city and category", async () => {
    const rent = await t.call("get_property", { query: { property_type: "rent", limit: "100" } });
    expect(rent.body.total).toBeGreaterThan(0);
    expect(rent.body.data.every((p: { property_type: string }) => p.property_type === "rent")).toBe(true);
    const legacy = await t.call("get_property", { query: { property_type: "1", limit: "1" } });
    expect(legacy.body.total).toBe(rent.body.total);

    const priced = await t.call("get_property", {
      query: { min_price: "500000", max_price: "3000000", limit: "100" },
    });
    expect(priced.body.data.every((p: { price: number }) => p.price >= 500000 && p.price <= 3000000)).toBe(
      true,
    );

    const dubai = await t.call("get_property", { query: { city: "dubai", limit: "100" } });
    expect(dubai.body.total).toBeGreaterThan(0);
    expect(dubai.body.data.every((p: { city: string }) => p.city === "Dubai")).toBe(true);

    const cats = await t.call("get_categories");
    const villa = cats.body.data.find((c: { slug_id: string }) => c.slug_id === "villa");
    const byId = await t.call("get_property", { query: { category_id: String(villa.id), limit: "100" } });
    const bySlug = await t.call("get_property", { query: { category_slug_id: "villa", limit: "100" } });
    expect(byId.body.total).toBe(bySlug.body.total);
    expect(
      byId.body.data.every((p: { category: { slug_id: string } }) => p.category.slug_id === "villa"),
    ).toBe(true);
  });

  it("sorts by price both ways", async () => {
    const up = await t.call("get_property", { query: { sort: "price_asc", limit: "20" } });
    const prices = up.body.data.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = await t.call("get_property", { query: { sort: "price_desc", limit: "20" } });
    const d = down.body.data.map((p: { price: number }) => p.price);
    expect(d).toEqual([...d].sort((a, b) => b - a));
  });

  it("finds partial English words and Arabic words", async () => {
    const all = await t.call("get_property", { query: { limit: "100" } });
    const english = all.body.data.find((p: { title: string }) => /^[A-Za-z]/.test(p.title));
    const word = english.title
      .split(/\s+/)
      .find((w: string) => w.length >= 6)!
      .replace(/[^A-Za-z]/g, "");
    const partial = word.slice(0, 4);
    const r = await t.call("get_property", { query: { search: partial, limit: "100" } });
    expect(r.body.data.map((p: { id: number }) => p.id)).toContain(english.id);

    const arabic = all.body.data.find((p: { title: string }) => /[\u0600-\u06FF]/.test(p.title));
    expect(arabic, "the demo has Arabic listings").toBeDefined();
    const arWord = arabic.title.split(/\s+/).find((w: string) => w.length >= 4);
    const r2 = await t.call("get_property", { query: { search: arWord, limit: "100" } });
    expect(r2.body.data.map((p: { id: number }) => p.id)).toContain(arabic.id);
  });

  it("returns one listing by slug with its gallery, parameters and facilities", async () => {
    const first = (await t.call("get_property", { query: { limit: "1" } })).body.data[0];
    const r = await t.call("get_property", { query: { slug_id: first.slug_id } });
    expect(r.body.total).toBe(1);
    const p = r.body.data[0];
    expect(p.gallery.length).toBeGreaterThanOrEqual(4);
    expect(p.gallery[0].variants[0].url).toMatch(/^\/uploads\/demo\/.+\.webp$/);
    expect(p.parameters.length).toBeGreaterThan(0);
    expect(p.facilities[0].distance).toBeTypeOf("number");
    expect(p.customer.name).toBeTruthy();
  });

  it("featured (promoted) listings and similar listings", async () => {
    const promoted = await t.call("get_property", { query: { promoted: "1", limit: "100" } });
    const expected = demoCatalog(undefined, 80)
      .properties.filter((p) => p.promoted)
      .map((p) => p.slug)
      .sort();
    expect(promoted.body.data.map((p: { slug_id: string }) => p.slug_id).sort()).toEqual(expected);
    expect(promoted.body.data.every((p: { promoted: boolean }) => p.promoted)).toBe(true);
    const base = (await t.call("get_property", { query: { limit: "1" } })).body.data[0];
    const similar = await t.call("get_property", {
      query: { id: String(base.id), get_simiilar: "1", limit: "5" },
    });
    expect(
      similar.body.data.every(
        (p: { id: number; category: { id: number } }) =>
          p.id !== base.id && p.category.id === base.category.id,
      ),
    ).toBe(true);
  });

  it("filters on parameter values, facilities and the visible map area", async () => {
    const cats = (await t.call("get_categories")).body.data as {
      parameter_types: { id: number; key: string }[];
    }[];
    const bedrooms = cats.flatMap((c) => c.parameter_types).find((p) => p.key === "bedrooms")!;
    const r = await t.call("get_property", { query: { [`pmin_${bedrooms.id}`]: "3", limit: "100" } });
    expect(r.body.total).toBeGreaterThan(0);
    for (const p of r.body.data as { parameters: { key: string; value: string }[] }[]) {
      expect(Number(p.parameters.find((x) => x.key === "bedrooms")!.value)).toBeGreaterThanOrEqual(3);
    }
    const both = await t.call("get_property", {
      query: { [`pmin_${bedrooms.id}`]: "2", [`pmax_${bedrooms.id}`]: "2", limit: "100" },
    });
    expect(
      (both.body.data as { parameters: { key: string; value: string }[] }[]).every(
        (p) => p.parameters.find((x) => x.key === "bedrooms")!.value === "2",
      ),
    ).toBe(true);

    const facs = (await t.call("get-facilities-for-filter")).body.data as { id: number; count: number }[];
    expect(facs[0]!.count).toBeGreaterThan(0);
    const near = await t.call("get_property", {
      query: { facility_ids: String(facs[0]!.id), max_distance: "5", limit: "100" },
    });
    expect(near.body.total).toBeGreaterThan(0);
    for (const p of near.body.data as { facilities: { id: number; distance: number }[] }[]) {
      expect(p.facilities.find((f) => f.id === facs[0]!.id)!.distance).toBeLessThanOrEqual(5);
    }

    // Dubai's bounding box holds Dubai listings and no Riyadh ones.
    const box = await t.call("get_property", { query: { bbox: "54.9,24.7,55.7,25.4", limit: "100" } });
    expect(box.body.total).toBeGreaterThan(0);
    expect((box.body.data as { city: string }[]).some((p) => p.city === "Riyadh")).toBe(false);

    const bad = await t.call("get_property", { query: { bbox: "1,2,3", pmin_1: "many", facility_ids: "x" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["bbox", "facility_ids", "parameter_filters"]);
  });

  it("get-cities-data lists cities with listing counts", async () => {
    const r = await t.call("get-cities-data");
    const total = (await t.call("get_property", { query: { limit: "1" } })).body.total;
    const rows = r.body.data as { city: string; count: number }[];
    expect(rows.reduce((n, c) => n + c.count, 0)).toBe(total);
    expect(rows[0]!.count).toBeGreaterThanOrEqual(rows.at(-1)!.count);
  });

  it("refuses bad input with a message per field and HTTP 400", async () => {
    const r = await t.call("get_property", { query: { min_price: "900", max_price: "100", limit: "abc" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(true);
    expect(r.body.errors.limit).toBeDefined();
    const r2 = await t.call("get_property", { query: { min_price: "900", max_price: "100" } });
    expect(r2.body.errors.max_price).toEqual(["Maximum price must be at least the minimum price"]);
    const r3 = await t.call("get_property", { query: { property_type: "lease" } });
    expect(r3.status).toBe(400);
    expect(r3.body.errors.property_type).toBeDefined();
    const r4 = await t.call("get_property", { query: { offset: "-1", limit: "1000" } });
    expect(r4.body.errors).toEqual({
      offset: ["offset must be 0 or more"],
      limit: ["limit must be between 1 and 100"],
    });
  });

  it("never answers 500 to odd input", async () => {
    const odd = [
      "slug_id=%00",
      "search=%27%26%7C%21%3A%2A%28%29",
      "city=%25",
      "id=99999999999",
      "min_price=1e400",
      "search=" + "a".repeat(300),
    ];
    for (const q of odd) {
      const res = await t.api.fetch(new Request(`http://test/api/get_property?${q}`));
      expect(res.status, q).toBeLessThan(500);
      expect(((await res.json()) as { error: boolean }).error === true || res.status === 200, q).toBe(true);
    }
    const acct = await emulatorAccount(t.auth, "Nul Tester");
    await t.call("user_signup", { token: acct.idToken, body: { name: acct.name, auth_id: acct.uid } });
    const nul = await t.call("update_profile", { token: acct.idToken, body: { name: "a\u0000b" } });
    expect(nul.status).toBe(400);
    expect(nul.body.errors.name).toEqual(["Text must not contain NUL characters"]);
  });
});

describe("homepage-data", () => {
  it("answers every home section at once; nearby only with a city", async () => {
    const r = await t.call("homepage-data");
    const d = r.body.data;
    expect(d.latest_section.length).toBeGreaterThan(0);
    expect(d.featured_section.every((p: { promoted: boolean }) => p.promoted)).toBe(true);
    const views = d.most_viewed_section.map((p: { total_click: number }) => p.total_click);
    expect(views).toEqual([...views].sort((a: number, b: number) => b - a));
    expect(d.nearby_section).toEqual([]);
    expect(d.categories_section.length).toBeGreaterThan(0);
    expect(d.agents_section.length).toBeGreaterThan(0);
    const dubai = await t.call("homepage-data", { query: { city: "Dubai" } });
    expect(dubai.body.data.nearby_section.length).toBeGreaterThan(0);
    expect(dubai.body.data.nearby_section.every((p: { city: string }) => p.city === "Dubai")).toBe(true);
  });

  it("has the slider (with photos, leading to public listings, in the caller's language) and the latest articles", async () => {
    const d = (await t.call("homepage-data")).body.data;
    const slides = d.slider_section as {
      title: string;
      image: { variants: unknown[] };
      link: { type: string; slug_id: string };
    }[];
    expect(slides.length).toBeGreaterThan(0);
    for (const s of slides) {
      expect(s.image.variants.length).toBeGreaterThan(0);
      expect(s.link.type).toBe("property");
      const target = await t.call("get_property", { query: { slug_id: s.link.slug_id } });
      expect(target.body.data).toHaveLength(1);
    }
    const ar = (await t.call("homepage-data", { lang: "ar" })).body.data.slider_section as {
      title: string;
    }[];
    expect(ar[0]!.title).not.toBe(slides[0]!.title);
    expect(ar[0]!.title).toMatch(/[\u0600-\u06FF]/);
    expect(d.articles_section.length).toBeGreaterThan(0);
    expect(d.articles_section.length).toBeLessThanOrEqual(3);
  });

  it("leaves a slide out once its listing is no longer public", async () => {
    const before = (await t.call("homepage-data")).body.data.slider_section as {
      link: { slug_id: string };
    }[];
    const gone = before[0]!.link.slug_id;
    await t.db.execute(sql`update properties set status = 'inactive' where slug_id = ${gone}`);
    const after = (await t.call("homepage-data")).body.data.slider_section as { link: { slug_id: string } }[];
    expect(after.map((s) => s.link.slug_id)).not.toContain(gone);
    expect(after.length).toBe(before.length - 1);
    await t.db.execute(sql`update properties set status = 'active' where slug_id = ${gone}`);
  });
});

describe("views", () => {
  it("counts a view once per visitor and hour", async () => {
    const p = (await t.call("get_property", { query: { limit: "1" } })).body.data[0];
    const first = await t.call("set_property_total_click", {
      body: { slug_id: p.slug_id },
      ip: "192.0.2.10",
    });
    const again = await t.call("set_property_total_click", { body: { property_id: p.id }, ip: "192.0.2.10" });
    const other = await t.call("set_property_total_click", { body: { property_id: p.id }, ip: "192.0.2.11" });
    expect([first.body.data.counted, again.body.data.counted, other.body.data.counted]).toEqual([
      true,
      false,
      true,
    ]);
    const after = (await t.call("get_property", { query: { id: String(p.id) } })).body.data[0];
    expect(after.total_click).toBe(p.total_click + 2);
    expect((await t.call("set_property_total_click", { body: {} })).status).toBe(400);
    expect((await t.call("set_property_total_click", { body: { slug_id: "nope" } })).status).toBe(404);
  });
});

describe("users", () => {
  it("user_signup needs a token, creates the profile once, and refuses someone else's auth_id", async () => {
    const anon = await t.call("user_signup", { body: { name: "X", auth_id: "abc" } });
    expect(anon.status).toBe(401);

    const acct = await emulatorAccount(t.auth, "Salma Nasser");
    const wrong = await t.call("user_signup", {
      token: acct.idToken,
      body: { name: "Salma", auth_id: "somebody-else" },
    });
    expect(wrong.status).toBe(403);

    const ok = await t.call("user_signup", {
      token: acct.idToken,
      body: { name: "Salma Nasser", email: acct.email, mobile: "+971501234567", auth_id: acct.uid },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.name).toBe("Salma Nasser");
    const again = await t.call("user_signup", {
      token: acct.idToken,
      body: { name: "Salma Nasser", auth_id: acct.uid },
    });
    expect(again.body.data.id).toBe(ok.body.data.id);
  });

  it("update_profile changes only the caller's own profile", async () => {
    const a = await emulatorAccount(t.auth, "Owner A");
    const b = await emulatorAccount(t.auth, "Owner B");
    const ua = (
      await t.call("user_signup", {
        token: a.idToken,
        body: { name: a.name, email: a.email, auth_id: a.uid },
      })
    ).body.data;
    const ub = (
      await t.call("user_signup", {
        token: b.idToken,
        body: { name: b.name, email: b.email, auth_id: b.uid },
      })
    ).body.data;

    const mine = await t.call("update_profile", {
      token: a.idToken,
      body: { address: "Marina Walk 5", twiiter_id: "owner_a", notification: "0" },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.address).toBe("Marina Walk 5");
    expect(mine.body.data.twiiter_id).toBe("owner_a");
    expect(mine.body.data.notification).toBe(false);

    const theirs = await t.call("update_profile", {
      token: a.idToken,
      body: { userid: ub.id, name: "Hijacked" },
    });
    expect(theirs.status).toBe(403);
    const after = await t.call("update_profile", { token: b.idToken, body: {} });
    expect(after.body.data.name).toBe("Owner B");
    expect(ua.id).not.toBe(ub.id);

    const bad = await t.call("update_profile", { token: a.idToken, body: { email: "not-an-email" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toEqual(["Email address is invalid"]);
    const none = await t.call("update_profile", { body: { name: "Nobody" } });
    expect(none.status).toBe(401);
  });

  it("accepts a session cookie as the bearer token, and refuses it once the session is ended", async () => {
    const acct = await emulatorAccount(t.auth, "Cookie Person");
    await t.call("user_signup", {
      token: acct.idToken,
      body: { name: acct.name, email: acct.email, auth_id: acct.uid },
    });
    const cookie = await t.auth.createSessionCookie(acct.idToken);
    const ok = await t.call("update_profile", { token: cookie, body: { about_me: "via session cookie" } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.about_me).toBe("via session cookie");

    // Revocation is recorded to the second: sign out a second after signing in, as people do.
    await new Promise((r) => setTimeout(r, 1100));
    await t.auth.revokeSessions(acct.uid);
    const after = await t.call("update_profile", { token: cookie, body: { about_me: "after sign-out" } });
    expect(after.status).toBe(401);
    const garbage = await t.call("update_profile", { token: "not.a.token", body: {} });
    expect(garbage.status).toBe(401);
  });

  it("user-register validates with the spec's messages and maps provider errors", async () => {
    const empty = await t.call("user-register", { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      name: ["Username is required"],
      email: ["Email is required"],
      mobile: ["Phone number is required"],
      password: ["Password is required"],
    });
    const bad = await t.call("user-register", {
      body: { name: "A", email: "nope", mobile: "12", password: "123", re_password: "124" },
    });
    expect(bad.body.errors.email).toEqual(["Email address is invalid"]);
    expect(bad.body.errors.mobile).toEqual(["Phone number is invalid"]);
    expect(bad.body.errors.password).toEqual(["Password must be 6 characters or more"]);
    const mismatch = await t.call("user-register", {
      body: {
        name: "A",
        email: "a@b.co",
        mobile: "+971501112233",
        password: "123456",
        re_password: "654321",
      },
    });
    expect(mismatch.body.errors.re_password).toEqual(["Passwords do not match"]);

    const email = `reg${Date.now()}@example.test`;
    const body = {
      name: "Reg Person",
      email,
      mobile: "+971501112233",
      password: "secret123",
      re_password: "secret123",
    };
    const ok = await t.call("user-register", { body });
    expect(ok.status).toBe(200);
    expect(ok.body.data.token).toBeTruthy();
    const dup = await t.call("user-register", { body });
    expect(dup.status).toBe(400);
    expect(dup.body.errors._identity).toEqual(["EMAIL_EXISTS"]);
  });
});
