// Frequent statements stay prepared on a PostgreSQL connection; rare and search statements do not.
import { describe, expect, it } from "vitest";
import { missing, postgresMissing } from "../../tests/support/prerequisites";
import { PreparingClient, statementName } from "./prepared-client.server";

describe("which statements are prepared", () => {
  it("names a text from its third time on, the same name every time after", () => {
    const text = `select ${Math.random()} as unique_text where 1 = $1`;
    expect(statementName(text)).toBeUndefined();
    expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^q_/);
    expect(statementName(text)).toBe(name);
  });

  it("never names a search statement: its plan depends on its values", () => {
    const text = `select id from listing_search where tags @> $1 -- ${Math.random()}`;
    for (let i = 0; i < 5; i++) expect(statementName(text)).toBeUndefined();
  });
});

const noServer = missing("Prepared statements on PostgreSQL", postgresMissing());
describe.skipIf(noServer)("a preparing connection on PostgreSQL", () => {
  it("keeps a frequent statement prepared on the server and answers as an unnamed one does", async () => {
    const client = new PreparingClient({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const text = `select $1::int * 2 as doubled, ${Math.floor(Math.random() * 1e9)} as tag`;
      const answers: number[] = [];
      for (let i = 1; i <= 5; i++) answers.push((await client.query({ text, values: [i] })).rows[0].doubled);
      expect(answers).toEqual([2, 4, 6, 8, 10]);
      const held = await client.query("select statement from pg_prepared_statements");
      expect(held.rows.map((r) => r.statement)).toContain(text);
      // A search statement is planned for its values each time.
      const search = "select count(*) from pg_class where relname = $1 -- listing_search";
      for (let i = 0; i < 4; i++) await client.query({ text: search, values: ["pg_class"] });
      const after = await client.query("select statement from pg_prepared_statements");
      expect(after.rows.map((r) => r.statement)).not.toContain(search);
    } finally {
      await client.end();
    }
  });
});
