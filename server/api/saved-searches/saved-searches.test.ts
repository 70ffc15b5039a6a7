// Saved searches through the API: saved from get_property's fields, listed, renamed, re-timed,
// deleted, and nobody but their owner may read or touch them. The unsubscribe link needs no
// sign-in and cannot be bent to another search.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { savedSearches } from "../../db/schema";
import { createTestApi, signedUp } from "../../../tests/support/testing";
import { MAX_SAVED_SEARCHES } from "./schema";
import { unsubscribeToken } from "./token";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const save = (token: string, body: Record<string, unknown>) => t.call("saved-searches", { token, body });

describe("saved-searches", () => {
  it("saves a search in get_property's fields, lists it with its results link, reads it", async () => {
    const p = await signedUp(t, "Search Saver");
    const cat = (await t.call("get_categories")).body.data[0];
    const made = await save(p.token, {
      name: "  Villas in Dubai  ",
      frequency: "instant",
      city: "Dubai",
      category_id: cat.id,
      property_type: "0",
      min_price: "500000",
      max_price: 3000000,
      search: "villa pool",
      pmin_7: "3",
      bbox: "55.1,25.0,55.3,25.2",
      // How a page shows results is not part of the search.
      sort: "price_asc",
      offset: "24",
      limit: "12",
      posted_since: "last_week",
      page_query: "?city=Dubai&search=villa+pool&min_beds=3&page=3",
    });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe("Search saved");
    expect(made.body.data).toMatchObject({
      name: "Villas in Dubai",
      frequency: "instant",
      alerts_on: true,
      new_matches: 0,
      last_sent_at: null,
      query: {
        city: "Dubai",
        category_id: cat.id,
        property_type: "sell",
        min_price: 500000,
        max_price: 3000000,
        search: "villa pool",
        parameter_filters: ["7:min:3"],
        bbox: "55.1,25,55.3,25.2",
      },
      page_query: "city=Dubai&search=villa+pool&min_beds=3",
    });
    expect(made.body.data.query).not.toHaveProperty("sort");
    expect(made.body.data.query).not.toHaveProperty("posted_since");

    const list = await t.call("saved-searches", { token: p.token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.data[0].id).toBe(made.body.data.id);
    const one = await t.call(`saved-searches/${made.body.data.id}`, { token: p.token });
    expect(one.body.data.name).toBe("Villas in Dubai");

    // Without a page's query string, the link is made of the filters; daily is the default.
    const plain = await save(p.token, { name: "Anything for rent", property_type: "rent" });
    expect(plain.body.data).toMatchObject({
      frequency: "daily",
      page_query: "property_type=rent",
      query: { property_type: "rent" },
    });
    // Everything is a search too.
    const all = await save(p.token, { name: "Everything" });
    expect(all.status).toBe(201);
    expect(all.body.data.query).toEqual({});
    const names = (await t.call("saved-searches", { token: p.token })).body.data.map(
      (s: { name: string }) => s.name,
    );
    expect(names).toEqual(["Everything", "Anything for rent", "Villas in Dubai"]);
  });

  it("keeps a place typed in Arabic under its stored name, and takes a category by its slug", async () => {
    const p = await signedUp(t, "Arabic Saver");
    const cat = (await t.call("get_categories")).body.data[0];
    const r = await save(p.token, { name: "شقق في دبي", city: "دبي", category_slug_id: cat.slug_id });
    expect(r.status).toBe(201);
    expect(r.body.data.query).toMatchObject({ city: "Dubai", category_id: cat.id });
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, r.body.data.id));
    expect(row).toMatchObject({ city: "dubai", category_id: cat.id, anchors: [`city:dubai|c:${cat.id}`] });
    const bad = await save(p.token, { name: "Nowhere", category_slug_id: "no-such-category" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ category_slug_id: ["Category not found"] });
  });

  it("says what is wrong with each field, never saving half a search", async () => {
    const p = await signedUp(t, "Careless Saver");
    const empty = await save(p.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors.name).toEqual(["Name is required"]);
    const blank = await save(p.token, {
      name: "   ",
      frequency: "hourly",
      min_price: 5,
      max_price: 1,
      bbox: "west",
    });
    expect(blank.body.errors).toMatchObject({
      name: ["Name is required"],
      frequency: ["How often must be instant, daily or weekly"],
      bbox: ["bbox must be west,south,east,north"],
    });
    // Rules across fields are told once every field is right on its own.
    const range = await save(p.token, { name: "Cheap", min_price: 5, max_price: 1 });
    expect(range.body.errors).toEqual({ max_price: ["Maximum price must be at least the minimum price"] });
    const far = await save(p.token, { name: "Near", within_km: 5 });
    expect(far.body.errors).toEqual({
      near_lat: ["Within a distance needs a position (near_lat, near_lng)"],
    });
    const long = await save(p.token, { name: "x".repeat(81) });
    expect(long.body.errors.name).toEqual(["Name must be at most 80 characters"]);
    const unknown = await save(p.token, { name: "Mine", colour: "blue" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ colour: ["save-search does not take colour"] });
    expect((await t.call("saved-searches", { token: p.token })).body.total).toBe(0);
    // Signed out: nothing to save it for.
    expect((await t.call("saved-searches", { body: { name: "Mine" } })).status).toBe(401);
    expect((await t.call("saved-searches")).status).toBe(401);
  });

  it("renames, changes how often, switches alerts off and on, deletes", async () => {
    const p = await signedUp(t, "Search Tidier");
    const id = (await save(p.token, { name: "Flats", city: "Abu Dhabi" })).body.data.id;
    const renamed = await t.call(`saved-searches/${id}`, {
      token: p.token,
      method: "PUT",
      body: { name: "Flats in Abu Dhabi" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: "Flats in Abu Dhabi",
      frequency: "daily",
      alerts_on: true,
    });
    const weekly = await t.call(`saved-searches/${id}`, {
      token: p.token,
      method: "PUT",
      body: { frequency: "weekly", alerts_on: "0" },
    });
    expect(weekly.body.data).toMatchObject({
      name: "Flats in Abu Dhabi",
      frequency: "weekly",
      alerts_on: false,
    });
    const on = await t.call(`saved-searches/${id}`, {
      token: p.token,
      method: "PUT",
      body: { alerts_on: true },
    });
    expect(on.body.data.alerts_on).toBe(true);
    const bad = await t.call(`saved-searches/${id}`, {
      token: p.token,
      method: "PUT",
      body: { name: "", frequency: "never" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: ["Name is required"],
      frequency: ["How often must be instant, daily or weekly"],
    });
    const gone = await t.call(`saved-searches/${id}`, { token: p.token, method: "DELETE" });
    expect(gone.status).toBe(200);
    expect(gone.body.data.name).toBe("Flats in Abu Dhabi");
    expect((await t.call("saved-searches", { token: p.token })).body.total).toBe(0);
    expect((await t.call(`saved-searches/${id}`, { token: p.token, method: "DELETE" })).status).toBe(404);
    expect((await t.call("saved-searches/abc", { token: p.token })).status).toBe(400);
  });

  it("nobody else reads, changes or deletes a saved search: each is refused and changes nothing", async () => {
    const owner = await signedUp(t, "Search Owner");
    const snoop = await signedUp(t, "Search Snoop");
    const id = (await save(owner.token, { name: "Private plans", search: "penthouse" })).body.data.id;
    const read = await t.call(`saved-searches/${id}`, { token: snoop.token });
    expect(read.status).toBe(404);
    expect(read.body.message).toBe("Saved search not found");
    expect((await t.call("saved-searches", { token: snoop.token })).body.data).toEqual([]);
    expect(
      (
        await t.call(`saved-searches/${id}`, {
          token: snoop.token,
          method: "PUT",
          body: { name: "Mine now", alerts_on: "0" },
        })
      ).status,
    ).toBe(404);
    expect((await t.call(`saved-searches/${id}`, { token: snoop.token, method: "DELETE" })).status).toBe(404);
    // Signed out: refused before anything is looked up.
    expect((await t.call(`saved-searches/${id}`)).status).toBe(401);
    expect((await t.call(`saved-searches/${id}`, { method: "PUT", body: { name: "x" } })).status).toBe(401);
    expect((await t.call(`saved-searches/${id}`, { method: "DELETE" })).status).toBe(401);
    const still = await t.call(`saved-searches/${id}`, { token: owner.token });
    expect(still.body.data).toMatchObject({ name: "Private plans", alerts_on: true });
  });

  it("keeps one search when the same save is sent twice at once; another name is another search", async () => {
    const p = await signedUp(t, "Search Twice");
    const body = { name: "Villas in Dubai", city: "Dubai", property_type: "0" };
    const [first, second] = await Promise.all([save(p.token, body), save(p.token, body)]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect((await save(p.token, { ...body, name: "Dubai, again" })).status).toBe(201);
    const names = (await t.call("saved-searches", { token: p.token })).body.data.map(
      (s: { name: string }) => s.name,
    );
    expect(names.sort()).toEqual(["Dubai, again", "Villas in Dubai"]);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} searches per person, and says so`, async () => {
    const p = await signedUp(t, "Search Hoarder");
    const [row] = await t.db
      .insert(savedSearches)
      .values({ user_id: p.id, name: "seed", query: {}, anchors: ["any"] })
      .returning();
    await t.db.execute(
      sql`insert into saved_searches (user_id, name, query, anchors) select ${p.id}, 'search ' || g, '{}'::jsonb, array['any'] from generate_series(2, ${MAX_SAVED_SEARCHES}) g`,
    );
    const over = await save(p.token, { name: "One too many" });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`You can save up to ${MAX_SAVED_SEARCHES} searches: delete one first`);
    await t.call(`saved-searches/${row!.id}`, { token: p.token, method: "DELETE" });
    expect((await save(p.token, { name: "Now it fits" })).status).toBe(201);
  });
});

describe("saved-search-unsubscribe", () => {
  it("switches alerts off with the email's link, no sign-in, and back on; a changed link does nothing", async () => {
    const p = await signedUp(t, "Link Clicker");
    const other = await signedUp(t, "Other Clicker");
    const a = (await save(p.token, { name: "Search A" })).body.data.id as number;
    const b = (await save(p.token, { name: "Search B" })).body.data.id as number;
    const theirs = (await save(other.token, { name: "Their search" })).body.data.id as number;

    const off = await t.call("saved-search-unsubscribe", { body: { token: unsubscribeToken(p.id, [a]) } });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ alerts_on: false, searches: [{ id: a, name: "Search A" }] });
    const alerts = async () =>
      Object.fromEntries(
        (await t.call("saved-searches", { token: p.token })).body.data.map(
          (s: { name: string; alerts_on: boolean }) => [s.name, s.alerts_on],
        ),
      );
    expect(await alerts()).toEqual({ "Search A": false, "Search B": true });
    // Clicked again: the same answer.
    expect(
      (await t.call("saved-search-unsubscribe", { body: { token: unsubscribeToken(p.id, [a]) } })).status,
    ).toBe(200);
    const back = await t.call("saved-search-unsubscribe", {
      body: { token: unsubscribeToken(p.id, [a]), alerts_on: "1" },
    });
    expect(back.body.data.alerts_on).toBe(true);
    // A digest's header link names every search of the email.
    await t.call("saved-search-unsubscribe", { body: { token: unsubscribeToken(p.id, [a, b]) } });
    expect(await alerts()).toEqual({ "Search A": false, "Search B": false });

    // The signature covers the person and the ids: another search, or another person, is refused.
    const token = unsubscribeToken(p.id, [a]);
    const [, user, , sig] = token.split(".");
    for (const forged of [
      `1.${user}.${theirs}.${sig}`,
      `1.${other.id}.${a}.${sig}`,
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      "garbage",
      "1.2.3.x",
    ]) {
      const r = await t.call("saved-search-unsubscribe", { body: { token: forged } });
      expect(r.status, forged).toBe(400);
      expect(r.body.errors.token).toEqual([
        "This link is not valid. Open your saved searches to change their alerts.",
      ]);
    }
    // Signed by us for someone, but naming a search that is not theirs: not found, nothing changed.
    expect(
      (await t.call("saved-search-unsubscribe", { body: { token: unsubscribeToken(p.id, [theirs]) } }))
        .status,
    ).toBe(404);
    expect((await t.call("saved-searches", { token: other.token })).body.data[0].alerts_on).toBe(true);
    expect((await t.call("saved-search-unsubscribe", { body: {} })).status).toBe(400);
  });
});
