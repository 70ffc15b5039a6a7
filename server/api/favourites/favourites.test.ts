// Favourites and interest through the API: a heart per person and listing, counted once; interest
// the owner sees; nobody acts for anyone else, and hidden listings take neither.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApi, signedUp } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
let listing: { id: number; owner: number };
let hidden: number;
beforeAll(async () => {
  t = await createTestApi();
  const [row] = (
    await t.db.execute<{ id: number; added_by: number }>(
      sql`select id, added_by from properties where request_status = 'approved' and status = 'active' order by id limit 1`,
    )
  ).rows;
  listing = { id: row!.id, owner: row!.added_by };
  const [h] = (
    await t.db.execute<{ id: number }>(
      sql`update properties set status = 'inactive' where id = (select id from properties where request_status = 'approved' and status = 'active' order by id desc limit 1) returning id`,
    )
  ).rows;
  hidden = h!.id;
});
afterAll(() => t?.close());

const person = (name: string) => signedUp(t, name);
const count = async () =>
  Number(
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from favourites where property_id = ${listing.id}`,
      )
    ).rows[0]!.n,
  );

describe("add_favourite and get_favourite_property", () => {
  it("a heart on, twice, counts once; off takes it back; the listing and my favourites say so", async () => {
    const p = await person("Heart Giver");
    const before = await count();
    const on = await t.call("add_favourite", { token: p.token, body: { property_id: listing.id, type: 1 } });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({
      property_id: listing.id,
      is_favourite: true,
      favourites_count: before + 1,
    });
    expect(
      (await t.call("add_favourite", { token: p.token, body: { property_id: listing.id, type: "1" } })).body
        .data.favourites_count,
    ).toBe(before + 1);
    const card = (await t.call("get_property", { token: p.token, query: { id: String(listing.id) } })).body
      .data[0];
    expect(card.is_favourite).toBe(true);
    const mine = await t.call("get_favourite_property", { token: p.token });
    expect(mine.body.total).toBe(1);
    expect(mine.body.data[0]).toMatchObject({ id: listing.id, is_favourite: true });
    const off = await t.call("add_favourite", { token: p.token, body: { property_id: listing.id, type: 0 } });
    expect(off.body.data).toEqual({ property_id: listing.id, is_favourite: false, favourites_count: before });
    expect((await t.call("get_favourite_property", { token: p.token })).body.total).toBe(0);
  });

  it("refuses bad input, hidden listings and visitors, and never touches another person's hearts", async () => {
    const p = await person("Careful Hearter");
    const other = await person("Other Hearter");
    await t.call("add_favourite", { token: other.token, body: { property_id: listing.id, type: 1 } });
    expect((await t.call("add_favourite", { body: { property_id: listing.id, type: 1 } })).status).toBe(401);
    const bad = await t.call("add_favourite", {
      token: p.token,
      body: { property_id: listing.id, type: "maybe" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.type).toEqual(["type must be 1 (add) or 0 (remove)"]);
    expect(
      (await t.call("add_favourite", { token: p.token, body: { property_id: hidden, type: 1 } })).status,
    ).toBe(404);
    expect(
      (await t.call("add_favourite", { token: p.token, body: { property_id: 99999999, type: 1 } })).status,
    ).toBe(404);
    // Taking back a heart one never gave changes nothing, and the other person's stays.
    await t.call("add_favourite", { token: p.token, body: { property_id: listing.id, type: 0 } });
    expect(
      (await t.call("get_favourite_property", { token: other.token })).body.data.map(
        (x: { id: number }) => x.id,
      ),
    ).toEqual([listing.id]);
  });
});

describe("interested_users", () => {
  it("the owner sees who is interested; taking it back removes them; one's own listing cannot be", async () => {
    const p = await person("Keen Buyer");
    const r = await t.call("interested_users", {
      token: p.token,
      body: { property_id: listing.id, type: 1 },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("The owner knows you are interested");
    expect(
      (await t.call("get-interest", { token: p.token, query: { property_id: String(listing.id) } })).body
        .data,
    ).toEqual({ property_id: listing.id, is_interested: true, own: false });
    const ownerRows = await t.db.execute<{ user_id: number }>(
      sql`select user_id from interested_users where property_id = ${listing.id}`,
    );
    expect(ownerRows.rows.map((x) => Number(x.user_id))).toContain(p.id);

    await t.call("interested_users", { token: p.token, body: { property_id: listing.id, type: 0 } });
    expect(
      (await t.call("get-interest", { token: p.token, query: { property_id: String(listing.id) } })).body.data
        .is_interested,
    ).toBe(false);

    // The owner of a listing: a profile of their own, then their own listing.
    const owner = await person("Self Interested");
    await t.db.execute(sql`update properties set added_by = ${owner.id} where id = ${listing.id}`);
    const own = await t.call("interested_users", {
      token: owner.token,
      body: { property_id: listing.id, type: 1 },
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe("This is your own listing");
    expect(
      (await t.call("get-interest", { token: owner.token, query: { property_id: String(listing.id) } })).body
        .data.own,
    ).toBe(true);
    await t.db.execute(sql`update properties set added_by = ${listing.owner} where id = ${listing.id}`);
  });
});
