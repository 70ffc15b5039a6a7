// Reviewing a listing tells its owner, once, in the same step as the decision.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { notifications, properties, projects } from "../../db/schema";
import { createTestApi } from "../../../tests/support/testing";
import { reviewListing } from "./review";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

describe("reviewListing", () => {
  it("approves a pending property and tells the owner once; a rejection needs a reason the owner reads", async () => {
    const [p] = (
      await t.db.execute<{ id: number; added_by: number; title: string }>(
        sql`select id, added_by, title from properties order by id desc limit 1`,
      )
    ).rows;
    await t.db.update(properties).set({ request_status: "pending" }).where(eq(properties.id, p!.id));
    const told = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, p!.added_by), sql`${notifications.type} like 'listing_%'`))
        .orderBy(notifications.id);

    await reviewListing(t.db, { kind: "property", id: p!.id, status: "approved" });
    await reviewListing(t.db, { kind: "property", id: p!.id, status: "approved" });
    expect((await told()).map((n) => n.title)).toEqual(["Your listing is live"]);

    await expect(
      reviewListing(t.db, { kind: "property", id: p!.id, status: "rejected", reason: "  " }),
    ).rejects.toThrow("Please write why the listing is rejected");
    await reviewListing(t.db, {
      kind: "property",
      id: p!.id,
      status: "rejected",
      reason: "The photos show another building.",
    });
    const [row] = await t.db.select().from(properties).where(eq(properties.id, p!.id));
    expect(row).toMatchObject({
      request_status: "rejected",
      reject_reason: "The photos show another building.",
    });
    const last = (await told()).at(-1)!;
    expect(last).toMatchObject({
      type: "listing_rejected",
      body: `${p!.title} was not approved: The photos show another building.`,
    });
    expect(last.translations.ar!.title).toBe("لم تتم الموافقة على إعلانك");
  });

  it("works for projects too, and says when the listing does not exist", async () => {
    const [pj] = await t.db.select().from(projects).limit(1);
    await reviewListing(t.db, {
      kind: "project",
      id: pj!.id,
      status: "rejected",
      reason: "Missing the permit number.",
    });
    expect((await t.db.select().from(projects).where(eq(projects.id, pj!.id)))[0]!.request_status).toBe(
      "rejected",
    );
    await expect(reviewListing(t.db, { kind: "project", id: 999999, status: "approved" })).rejects.toThrow(
      "Project not found",
    );
  });
});
