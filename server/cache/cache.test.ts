// The one cache: entries know the tables they were read from, and a change drops exactly those.
import { describe, expect, it } from "vitest";
import { DependentCache, dropSequence, dropTables } from "./cache";
import { noteStatement, traced } from "./track";
import { tablesIn, writes, writtenTables } from "./tables";

const read = (statement: string) => async () => {
  noteStatement(statement);
  return statement;
};

describe("the tables of a statement", () => {
  it("are the schema's tables it names, and it says whether it writes", () => {
    const found = new Set<string>();
    tablesIn(`select "id" from "properties" inner join users on users.id = properties.added_by`, found);
    expect([...found].sort()).toEqual(["properties", "users"]);
    expect(writes(`insert into favourites (user_id) values ($1)`)).toBe(true);
    expect(writes(`with x as (delete from favourites where id = 1 returning *) select * from x`)).toBe(true);
    expect(writes(`select id from jobs for update skip locked`)).toBe(false);
  });

  it("a work depends on what it read, not on what it wrote on the way (a page counting a view)", async () => {
    expect([
      ...writtenTables(`insert into "rate_limits" ("key") values ($1) on conflict do update set hits = 1`),
    ]).toEqual(["rate_limits"]);
    expect([
      ...writtenTables(`update "properties" set "total_click" = "total_click" + 1 where id = $1`),
    ]).toEqual(["properties"]);
    expect([...writtenTables(`select * from properties`)]).toEqual([]);
    const page = await traced(async () => {
      noteStatement(`select "title" from "properties" where "slug_id" = $1`);
      noteStatement(`insert into "rate_limits" ("key", "window_start", "hits") values ($1, now(), 1)`);
      noteStatement(
        `insert into "listing_views" ("user_id", "property_id") select $1, id from "properties" where id = $2`,
      );
    });
    expect([...page.tables].sort()).toEqual(["properties"]);
    expect(page.wrote).toBe(true);
  });
});

describe("a dependent cache", () => {
  it("keeps what a load read and drops it when one of those tables changes, not another", async () => {
    const cache = new DependentCache<string>("test", { max: 10, ttlMs: 60_000 });
    expect(await cache.getOrLoad("a", read(`select * from "properties"`))).toContain("properties");
    expect(await cache.getOrLoad("b", read(`select * from "faqs"`))).toContain("faqs");
    dropTables(["properties"]);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toContain("faqs");
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 3, dropped: 1, entries: 1 });
  });

  it("loads a key once for everyone asking at the same time, and the askers learn what it read", async () => {
    const cache = new DependentCache<string>("test", { max: 10, ttlMs: 60_000 });
    let loads = 0;
    const slow = async () => {
      loads++;
      noteStatement(`select * from "categories"`);
      await new Promise((r) => setTimeout(r, 20));
      return "x";
    };
    const [a, b] = await Promise.all([
      traced(() => cache.getOrLoad("k", slow)),
      traced(() => cache.getOrLoad("k", slow)),
    ]);
    expect(loads).toBe(1);
    expect([...a.tables]).toEqual(["categories"]);
    expect([...b.tables]).toEqual(["categories"]);
  });

  it("does not keep a value read while one of its tables changed (it may be older than the change)", async () => {
    const cache = new DependentCache<string>("test", { max: 10, ttlMs: 60_000 });
    await cache.getOrLoad("k", async () => {
      noteStatement(`select * from "articles"`);
      dropTables(["articles"]);
      return "stale";
    });
    expect(cache.get("k")).toBeUndefined();
    const since = dropSequence();
    dropTables(["users"]);
    cache.set("j", "fine", new Set(["articles"]), since);
    expect(cache.get("j")).toBe("fine");
  });

  it("lets an entry go after its time", async () => {
    const cache = new DependentCache<string>("test", { max: 10, ttlMs: 60_000 });
    cache.set("k", "v", new Set(), dropSequence(), 10);
    expect(cache.get("k")).toBe("v");
    await new Promise((r) => setTimeout(r, 30));
    expect(cache.get("k")).toBeUndefined();
  });
});
