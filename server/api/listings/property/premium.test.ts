import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApi } from "../../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

type Detail = {
  id: number;
  slug_id: string;
  description: string;
  gallery: unknown[];
  documents: unknown[];
  three_d_image: string | null;
  video_link: string | null;
  customer: { mobile: string | null; email: string | null };
  is_premium: boolean;
  premium_locked: boolean;
};

describe("premium listings", () => {
  it("show everyone a teaser: the start of the description, three photos, no documents, room, video or contacts", async () => {
    // A premium listing with everything to hide, made so by the test itself.
    const [row] = (
      await t.db.execute<{ id: number; slug_id: string }>(
        sql`select id, slug_id from properties where request_status = 'approved' and status = 'active' order by id limit 1`,
      )
    ).rows;
    await t.db.execute(
      sql`update properties set is_premium = true, video_link = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', three_d_image = 'demo/panorama-0.webp', description = repeat('A long and detailed description. ', 40) where id = ${row!.id}`,
    );
    const r = await t.call("get_property", { query: { slug_id: row!.slug_id } });
    const p = r.body.data[0] as Detail;
    expect(p.is_premium).toBe(true);
    expect(p.premium_locked).toBe(true);
    expect(p.description.length).toBeLessThanOrEqual(241);
    expect(p.description.endsWith("…")).toBe(true);
    expect(p.gallery.length).toBeLessThanOrEqual(3);
    expect(p.documents).toEqual([]);
    expect(p.three_d_image).toBeNull();
    expect(p.video_link).toBeNull();
    expect(p.customer.mobile).toBeNull();
    expect(p.customer.email).toBeNull();
    // Lists do not leak what the page hides.
    const list = await t.call("get_property", { query: { id: String(row!.id) } });
    expect((list.body.data[0] as Detail).description).toBe(p.description);
  });

  it("ordinary listings are shown in full", async () => {
    const r = await t.call("get_property", { query: { limit: "50" } });
    const open = (r.body.data as Detail[]).find((p) => !p.is_premium)!;
    expect(open.premium_locked).toBe(false);
  });
});
