// Package features without a count (spec §6): premium listings in full, and the mortgage
// amortization table, for holders of a live package with the feature; the spec's refusal otherwise.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApi, signedUp } from "../../../tests/support/testing";
import { packages, userPackages } from "../../db/schema";
import { assignPackage } from "./service";

let t: Awaited<ReturnType<typeof createTestApi>>;
let premiumSlug: string;
beforeAll(async () => {
  t = await createTestApi();
  const [row] = (
    await t.db.execute<{ id: number; slug_id: string }>(
      sql`select id, slug_id from properties where request_status = 'approved' and status = 'active' order by id desc limit 1`,
    )
  ).rows;
  await t.db.execute(
    sql`update properties set is_premium = true, video_link = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', description = repeat('Every detail of this home. ', 40) where id = ${row!.id}`,
  );
  premiumSlug = row!.slug_id;
});
afterAll(() => t?.close());

const person = (name: string) => signedUp(t, name);
const packageId = async (name: string) =>
  (await t.db.select({ id: packages.id }).from(packages).where(eq(packages.name, name)))[0]!.id;
const detail = async (token?: string) =>
  (await t.call("get_property", { token, query: { slug_id: premiumSlug } })).body.data[0];
const MORTGAGE = {
  loan_amount: "1000000",
  down_payment: "200000",
  interest_rate: "4",
  loan_term_years: "10",
  show_all_details: "1",
};

describe("premium listings need premium_properties", () => {
  it("a visitor and a member without the feature see the teaser, with the spec's message for the member", async () => {
    expect((await detail()).premium_locked).toBe(true);
    expect((await detail()).premium_gate).toBeNull();
    const p = await person("Curious Member");
    const d = await detail(p.token);
    expect(d.premium_locked).toBe(true);
    expect(d.video_link).toBeNull();
    // New accounts hold the starter package, which lacks the feature.
    expect(d.premium_gate).toEqual({
      message: "Limit or Package Not Available: Premium properties",
      href: "/subscription-plan",
    });
    // Without any live package, the 'not subscribed' message.
    await t.db
      .update(userPackages)
      .set({ end_at: sql`now() - interval '1 day'` })
      .where(eq(userPackages.user_id, p.id));
    expect((await detail(p.token)).premium_gate).toEqual({
      message: "You have not subscribed. Please subscribe first",
      href: "/subscription-plan",
    });
  });

  it("a live package with the feature opens everything; when it ends, the teaser is back", async () => {
    const p = await person("Premium Member");
    const held = await assignPackage(t.db, p.id, await packageId("Buyer Plus"));
    const d = await detail(p.token);
    expect(d.premium_locked).toBe(false);
    expect(d.premium_gate).toBeNull();
    expect(d.video_link).toMatch(/youtube/);
    expect(d.description).toContain("Every detail of this home. Every detail");
    await t.db
      .update(userPackages)
      .set({ end_at: sql`now() - interval '1 second'` })
      .where(eq(userPackages.id, held));
    expect((await detail(p.token)).premium_locked).toBe(true);
  });
});

describe("the mortgage amortization table needs mortgage_calculator_detail", () => {
  it("gives totals to everyone and the table only to holders of the feature", async () => {
    const anon = (await t.call("mortgage-calculator", { query: MORTGAGE })).body.data;
    expect(anon).toMatchObject({ detail_locked: true, amortization: null, detail_gate: null });
    expect(anon.monthly_payment).toBeGreaterThan(0);

    const p = await person("Mortgage Shopper");
    const locked = (await t.call("mortgage-calculator", { token: p.token, query: MORTGAGE })).body.data;
    expect(locked).toMatchObject({
      detail_locked: true,
      amortization: null,
      detail_gate: {
        message: "Limit or Package Not Available: Mortgage amortization table",
        href: "/subscription-plan",
      },
    });

    // The free trial has the feature.
    expect(
      (
        await t.call("assign_package", {
          token: p.token,
          body: { package_id: await packageId("Spotlight trial") },
        })
      ).status,
    ).toBe(200);
    const open = (await t.call("mortgage-calculator", { token: p.token, query: MORTGAGE })).body.data;
    expect(open.detail_locked).toBe(false);
    expect(open.amortization).toHaveLength(10);
    expect(open.amortization[9].balance).toBe(0);
    // Asked without show_all_details: totals only, still allowed.
    const brief = (
      await t.call("mortgage-calculator", { token: p.token, query: { ...MORTGAGE, show_all_details: "0" } })
    ).body.data;
    expect(brief).toMatchObject({ detail_locked: false, amortization: null });
  });
});
