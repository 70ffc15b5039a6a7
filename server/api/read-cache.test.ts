// Shared reads answered from everyone's copy: a signed-in person's answer, made from it, is the one
// read in full for them; copies go when what they were read from changes, and a person's own change
// is read back at once; a page view, which changes nothing anyone sees, keeps them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createApi } from "./index";
import { createTestApi, signedUp } from "../../tests/support/testing";
import { sharedReads } from "../cache";

let t: Awaited<ReturnType<typeof createTestApi>>;
/** The same API without copies: every answer read in full, as before there were any. */
let full: ReturnType<typeof createApi>;
let person: Awaited<ReturnType<typeof signedUp>>;
let ids: { favourite: number; own: number; premium: number };

beforeAll(async () => {
  t = await createTestApi({ sharedReadSeconds: 30 });
  full = createApi({ db: t.db, auth: t.auth, storage: t.storage, listen: t.handle.listen });
  person = await signedUp(t, "Copy Reader");
  const rows = (
    await t.db.execute<{ id: number }>(
      sql`select id from properties where request_status = 'approved' and status = 'active' and not is_premium order by id limit 3`,
    )
  ).rows.map((r) => Number(r.id));
  ids = { favourite: rows[0]!, own: rows[1]!, premium: rows[2]! };
  await t.db.execute(sql`update properties set added_by = ${person.id} where id = ${ids.own}`);
  await t.db.execute(sql`update properties set is_premium = true where id = ${ids.premium}`);
  const on = await t.call("add_favourite", {
    token: person.token,
    body: { property_id: ids.favourite, type: 1 },
  });
  expect(on.status).toBe(200);
});
afterAll(() => t?.close());

async function fullAnswer(name: string, query: Record<string, string>, token?: string) {
  const res = await full.fetch(
    new Request(`http://test/api/${name}?${new URLSearchParams(query)}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  );
  return res.json();
}

describe("a signed-in person's shared reads", () => {
  it("are everyone's copy with their favourites marked and their own and premium listings as they see them", async () => {
    for (const [name, query] of [
      ["get_property", { limit: "50" }],
      ["get_property", { id: String(ids.own) }],
      ["get_property", { id: String(ids.premium) }],
      ["get_property", { id: String(ids.favourite) }],
      ["homepage-data", {}],
      ["get_nearby_properties", { city: "Dubai", limit: "8" }],
    ] as const) {
      // Everyone's copy first, then the person's answer made from it.
      await t.call(name, { query });
      const mine = await t.call(name, { query, token: person.token });
      expect(mine.status).toBe(200);
      const { request: _a, ...kept } = mine.body;
      const { request: _b, ...read } = await fullAnswer(name, query, person.token);
      expect(kept, `${name} ${JSON.stringify(query)}`).toEqual(read);
    }
    const one = async (id: number) =>
      (await t.call("get_property", { query: { id: String(id) }, token: person.token })).body.data[0];
    expect((await one(ids.favourite)).is_favourite).toBe(true);
    // Their own listing shows them their own contact details; a premium one tells them how to open it.
    expect((await one(ids.own)).customer.id).toBe(person.id);
    expect((await one(ids.premium)).premium_gate?.href).toBeTruthy();
  });

  it("never carry one person's marks to another or to a visitor", async () => {
    const other = await signedUp(t, "Other Reader");
    const query = { id: String(ids.favourite) };
    expect((await t.call("get_property", { query, token: person.token })).body.data[0].is_favourite).toBe(
      true,
    );
    expect((await t.call("get_property", { query, token: other.token })).body.data[0].is_favourite).toBe(
      false,
    );
    expect((await t.call("get_property", { query })).body.data[0].is_favourite).toBe(false);
  });
});

describe("everyone's copy", () => {
  const query = () => ({ id: String(ids.favourite) });
  const count = async () => (await t.call("get_property", { query: query() })).body.data[0].favourites_count;

  it("answers again without reading, and a view (which changes nothing shown) keeps it", async () => {
    await count();
    const before = sharedReads.stats().hits;
    await count();
    expect(sharedReads.stats().hits).toBe(before + 1);
    const view = await t.call("set_property_total_click", { body: { property_id: ids.favourite } });
    expect(view.status).toBe(200);
    await count();
    expect(sharedReads.stats().hits).toBe(before + 2);
  });

  it("shows a person's own change at once, and anyone's as soon as the database tells of it", async () => {
    const before = await count();
    const other = await signedUp(t, "Second Heart");
    const on = await t.call("add_favourite", {
      token: other.token,
      body: { property_id: ids.favourite, type: 1 },
    });
    expect(on.body.data.favourites_count).toBe(before + 1);
    expect(await count()).toBe(before + 1);
    // A change made outside the API: the table's notice drops the copy.
    await t.db.execute(sql`update properties set title = 'Renamed by hand' where id = ${ids.favourite}`);
    await expect
      .poll(async () => (await t.call("get_property", { query: query() })).body.data[0].title)
      .toBe("Renamed by hand");
  });
});

describe("what is kept", () => {
  it("keeps each language's answer apart", async () => {
    const en = await t.call("get_categories", { query: {} });
    const ar = await t.call("get_categories", { query: {}, lang: "ar" });
    expect(en.status).toBe(200);
    expect(ar.status).toBe(200);
    // Asked again, each language answers from its own copy: neither is handed the other's words.
    const enAgain = await t.call("get_categories", { query: {} });
    const arAgain = await t.call("get_categories", { query: {}, lang: "ar" });
    expect(enAgain.body.data).toEqual(en.body.data);
    expect(arAgain.body.data).toEqual(ar.body.data);
    const named = (body: { data: { category: string }[] }) => body.data.map((c) => c.category).join("|");
    expect(named(ar.body)).not.toBe(named(en.body));
  });

  it("does not keep an answer that failed", async () => {
    const bad = { limit: "-4" };
    const first = await t.call("get_property", { query: bad });
    expect(first.body.error).toBe(true);
    const before = sharedReads.stats();
    const again = await t.call("get_property", { query: bad });
    expect(again.body.error).toBe(true);
    // Read again, not answered from a copy.
    expect(sharedReads.stats().hits).toBe(before.hits);
  });
});
