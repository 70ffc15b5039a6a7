// The owner's calls over a real API and real accounts: reading one's own listings of every status,
// and every change refused to anyone but the owner (and to demo data in demo mode).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { createTestApi, emulatorAccount } from "../../../tests/support/testing";
import { favourites, interestedUsers, projects, properties, settings, users } from "../../db/schema";
import { DEMO_MODE_MESSAGE } from "./guards";

let t: Awaited<ReturnType<typeof createTestApi>>;
type Account = { token: string; id: number };
let owner: Account;
let other: Account;
let ownIds: {
  approvedSell: number;
  approvedRent: number;
  pending: number;
  rejected: number;
  inactive: number;
};
let ownProjects: { approved: number; pending: number };

async function account(name: string): Promise<Account> {
  const a = await emulatorAccount(t.auth, name);
  const r = await t.call("user_signup", { token: a.idToken, body: { name, email: a.email, auth_id: a.uid } });
  return { token: a.idToken, id: r.body.data.id };
}

/** Hands demo listings to `to`, in the states a test needs. */
async function give(
  to: number,
  values: Partial<typeof properties.$inferInsert>,
  type: "sell" | "rent",
): Promise<number> {
  const [pick] = await t.db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.property_type, type),
        sql`${properties.added_by} not in (${sql.raw(String(owner?.id ?? 0))}, ${sql.raw(String(other?.id ?? 0))})`,
      ),
    )
    .orderBy(properties.id)
    .limit(1);
  await t.db
    .update(properties)
    .set({ added_by: to, property_status: "available", ...values })
    .where(eq(properties.id, pick!.id));
  return pick!.id;
}

beforeAll(async () => {
  t = await createTestApi();
  owner = await account("Listing Owner");
  other = await account("Someone Else");
  ownIds = {
    approvedSell: await give(
      owner.id,
      { request_status: "approved", status: "active", title: "Zephyr Sky Villa" },
      "sell",
    ),
    approvedRent: await give(owner.id, { request_status: "approved", status: "active" }, "rent"),
    pending: await give(owner.id, { request_status: "pending", status: "active" }, "sell"),
    rejected: await give(
      owner.id,
      { request_status: "rejected", status: "active", reject_reason: "Photos are blurry" },
      "sell",
    ),
    inactive: await give(
      owner.id,
      { request_status: "approved", status: "inactive", total_click: 42 },
      "rent",
    ),
  };
  const [p1, p2] = await t.db.select({ id: projects.id }).from(projects).orderBy(projects.id).limit(2);
  await t.db
    .update(projects)
    .set({ added_by: owner.id, request_status: "approved", status: "active" })
    .where(eq(projects.id, p1!.id));
  await t.db
    .update(projects)
    .set({ added_by: owner.id, request_status: "pending", status: "active" })
    .where(eq(projects.id, p2!.id));
  ownProjects = { approved: p1!.id, pending: p2!.id };
  // The demo seeds some interest; these listings start with none but ours.
  await t.db.delete(interestedUsers).where(inArray(interestedUsers.property_id, Object.values(ownIds)));
  await t.db.insert(favourites).values({ user_id: other.id, property_id: ownIds.approvedSell });
  await t.db.insert(interestedUsers).values({ user_id: other.id, property_id: ownIds.approvedSell });
});
afterAll(() => t?.close());

const propertyRow = async (id: number) =>
  (await t.db.select().from(properties).where(eq(properties.id, id)))[0];
const projectRow = async (id: number) => (await t.db.select().from(projects).where(eq(projects.id, id)))[0];

describe("get-added-properties", () => {
  it("needs a signed-in caller", async () => {
    const r = await t.call("get-added-properties");
    expect(r.status).toBe(401);
    expect(r.body.error).toBe(true);
  });

  it("lists the caller's own properties of every status, with views, favourites and interest", async () => {
    const r = await t.call("get-added-properties", { token: owner.token, query: { limit: "100" } });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(5);
    const ids = r.body.data.map((p: { id: number }) => p.id).sort();
    expect(ids).toEqual(Object.values(ownIds).sort());
    const sell = r.body.data.find((p: { id: number }) => p.id === ownIds.approvedSell);
    expect(sell).toMatchObject({
      favourites_count: 1,
      interested_count: 1,
      request_status: "approved",
      status: "active",
      property_status: "available",
    });
    expect(typeof sell.total_click).toBe("number");
    const rejected = r.body.data.find((p: { id: number }) => p.id === ownIds.rejected);
    expect(rejected.reject_reason).toBe("Photos are blurry");
    expect(sell.reject_reason).toBeNull();
    // Someone else sees only their own (none).
    const theirs = await t.call("get-added-properties", { token: other.token });
    expect(theirs.body.total).toBe(0);
  });

  it("filters by status, request_status, type, search, id and slug, and pages", async () => {
    const q = (query: Record<string, string>) =>
      t.call("get-added-properties", { token: owner.token, query }).then((r) => r.body);
    expect((await q({ status: "inactive" })).data.map((p: { id: number }) => p.id)).toEqual([
      ownIds.inactive,
    ]);
    expect((await q({ request_status: "pending" })).data.map((p: { id: number }) => p.id)).toEqual([
      ownIds.pending,
    ]);
    expect((await q({ request_status: "rejected" })).total).toBe(1);
    expect((await q({ property_type: "rent" })).total).toBe(2);
    expect((await q({ search: "zephyr sky" })).data.map((p: { id: number }) => p.id)).toEqual([
      ownIds.approvedSell,
    ]);
    expect((await q({ search: "100%_" })).total).toBe(0);
    expect((await q({ id: String(ownIds.rejected) })).total).toBe(1);
    const slug = (await propertyRow(ownIds.pending))!.slug_id;
    expect((await q({ slug_id: slug })).data[0].id).toBe(ownIds.pending);
    const page1 = await q({ limit: "2" });
    const page3 = await q({ limit: "2", offset: "4" });
    expect(page1.data).toHaveLength(2);
    expect(page3.data).toHaveLength(1);
    expect(page1.total).toBe(5);
    // Another person's listing by id is simply not among mine.
    const [foreign] = await t.db
      .select({ id: properties.id })
      .from(properties)
      .where(sql`${properties.added_by} <> ${owner.id}`)
      .limit(1);
    expect((await q({ id: String(foreign!.id) })).total).toBe(0);
  });

  it("refuses invalid filters with a message per field", async () => {
    for (const [key, value] of [
      ["status", "sold"],
      ["request_status", "maybe"],
      ["property_type", "lease"],
      ["limit", "0"],
      ["limit", "101"],
      ["offset", "-1"],
      ["id", "abc"],
      ["search", "x".repeat(201)],
    ] as const) {
      const r = await t.call("get-added-properties", { token: owner.token, query: { [key]: value } });
      expect(r.status, `${key}=${value}`).toBe(400);
      expect(r.body.errors[key], key).toBeDefined();
    }
  });
});

describe("get-added-projects", () => {
  it("lists the caller's projects of every status, filtered", async () => {
    expect((await t.call("get-added-projects")).status).toBe(401);
    const all = await t.call("get-added-projects", { token: owner.token });
    expect(all.body.total).toBe(2);
    const pending = await t.call("get-added-projects", {
      token: owner.token,
      query: { request_status: "pending" },
    });
    expect(pending.body.data.map((p: { id: number }) => p.id)).toEqual([ownProjects.pending]);
    const active = await t.call("get-added-projects", {
      token: owner.token,
      query: { status: "active", request_status: "approved" },
    });
    expect(active.body.data.map((p: { id: number }) => p.id)).toEqual([ownProjects.approved]);
    expect((await t.call("get-added-projects", { token: other.token })).body.total).toBe(0);
    for (const [key, value] of [
      ["type", "finished"],
      ["status", "on"],
      ["limit", "x"],
    ] as const) {
      const r = await t.call("get-added-projects", { token: owner.token, query: { [key]: value } });
      expect(r.status, key).toBe(400);
      expect(r.body.errors[key]).toBeDefined();
    }
  });
});

describe("get_interested_users", () => {
  it("shows the owner who is interested, and nobody else", async () => {
    const r = await t.call("get_interested_users", {
      token: owner.token,
      query: { property_id: String(ownIds.approvedSell) },
    });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1);
    expect(r.body.data[0]).toMatchObject({ id: other.id, name: "Someone Else" });
    expect(
      (
        await t.call("get_interested_users", {
          token: other.token,
          query: { property_id: String(ownIds.approvedSell) },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call("get_interested_users", { query: { property_id: String(ownIds.approvedSell) } })).status,
    ).toBe(401);
    expect(
      (await t.call("get_interested_users", { token: owner.token, query: { property_id: "999999" } })).status,
    ).toBe(404);
    const bad = await t.call("get_interested_users", { token: owner.token, query: { property_id: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.property_id).toBeDefined();
    expect((await t.call("get_interested_users", { token: owner.token })).status).toBe(400);
  });
});

describe("change-property-status", () => {
  it("switches an approved listing off and on again; the public list follows", async () => {
    const slug = (await propertyRow(ownIds.approvedSell))!.slug_id;
    const off = await t.call("change-property-status", {
      token: owner.token,
      body: { id: ownIds.approvedSell, status: "inactive" },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.status).toBe("inactive");
    expect((await propertyRow(ownIds.approvedSell))!.status).toBe("inactive");
    expect((await t.call("get_property", { query: { slug_id: slug } })).body.data).toHaveLength(0);
    const on = await t.call("change-property-status", {
      token: owner.token,
      body: { id: String(ownIds.approvedSell), status: "active" },
    });
    expect(on.status).toBe(200);
    expect((await t.call("get_property", { query: { slug_id: slug } })).body.data).toHaveLength(1);
  });

  it("refuses a listing still waiting for review or rejected", async () => {
    for (const id of [ownIds.pending, ownIds.rejected]) {
      const r = await t.call("change-property-status", {
        token: owner.token,
        body: { id, status: "inactive" },
      });
      expect(r.status).toBe(400);
      expect(r.body.errors.status).toBeDefined();
      expect((await propertyRow(id))!.status).toBe("active");
    }
  });

  it("refuses someone else (403, nothing changed), a missing listing (404) and bad input (400)", async () => {
    const r = await t.call("change-property-status", {
      token: other.token,
      body: { id: ownIds.approvedSell, status: "inactive" },
    });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("Forbidden");
    expect((await propertyRow(ownIds.approvedSell))!.status).toBe("active");
    expect(
      (await t.call("change-property-status", { body: { id: ownIds.approvedSell, status: "inactive" } }))
        .status,
    ).toBe(401);
    expect(
      (
        await t.call("change-property-status", {
          token: owner.token,
          body: { id: 999999, status: "inactive" },
        })
      ).status,
    ).toBe(404);
    for (const body of [
      { id: ownIds.approvedSell, status: "sold" },
      { id: "abc", status: "active" },
      { status: "active" },
      { id: ownIds.approvedSell },
      { id: -1, status: "active" },
    ]) {
      const bad = await t.call("change-property-status", { token: owner.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error).toBe(true);
    }
  });
});

describe("change-project-status", () => {
  it("switches an approved project off and on; refuses others, pending, missing and bad input", async () => {
    const slug = (await projectRow(ownProjects.approved))!.slug_id;
    const off = await t.call("change-project-status", {
      token: owner.token,
      body: { id: ownProjects.approved, status: "inactive" },
    });
    expect(off.status).toBe(200);
    expect((await t.call("get-project-detail", { query: { slug_id: slug } })).status).toBe(404);
    expect(
      (
        await t.call("change-project-status", {
          token: owner.token,
          body: { id: ownProjects.approved, status: "active" },
        })
      ).status,
    ).toBe(200);
    expect((await t.call("get-project-detail", { query: { slug_id: slug } })).status).toBe(200);

    const theirs = await t.call("change-project-status", {
      token: other.token,
      body: { id: ownProjects.approved, status: "inactive" },
    });
    expect(theirs.status).toBe(403);
    expect((await projectRow(ownProjects.approved))!.status).toBe("active");
    expect(
      (
        await t.call("change-project-status", {
          token: owner.token,
          body: { id: ownProjects.pending, status: "inactive" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call("change-project-status", {
          token: owner.token,
          body: { id: 999999, status: "inactive" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call("change-project-status", {
          token: owner.token,
          body: { id: ownProjects.approved, status: "off" },
        })
      ).status,
    ).toBe(400);
  });
});

describe("update_property_status", () => {
  it("marks a sale sold and a rental rented, and back to available", async () => {
    const sold = await t.call("update_property_status", {
      token: owner.token,
      body: { id: ownIds.approvedSell, status: "sold" },
    });
    expect(sold.status).toBe(200);
    expect((await propertyRow(ownIds.approvedSell))!.property_status).toBe("sold");
    const rented = await t.call("update_property_status", {
      token: owner.token,
      body: { id: ownIds.approvedRent, status: "rented" },
    });
    expect(rented.status).toBe(200);
    expect(
      (
        await t.call("update_property_status", {
          token: owner.token,
          body: { id: ownIds.approvedSell, status: "available" },
        })
      ).status,
    ).toBe(200);
    expect((await propertyRow(ownIds.approvedSell))!.property_status).toBe("available");
  });

  it("refuses a sale marked rented, someone else, a missing listing and bad input", async () => {
    const wrong = await t.call("update_property_status", {
      token: owner.token,
      body: { id: ownIds.approvedSell, status: "rented" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.status).toBeDefined();
    const theirs = await t.call("update_property_status", {
      token: other.token,
      body: { id: ownIds.approvedSell, status: "sold" },
    });
    expect(theirs.status).toBe(403);
    expect((await propertyRow(ownIds.approvedSell))!.property_status).toBe("available");
    expect(
      (await t.call("update_property_status", { token: owner.token, body: { id: 999999, status: "sold" } }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.call("update_property_status", {
          token: owner.token,
          body: { id: ownIds.approvedSell, status: "gone" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.call("update_property_status", { body: { id: ownIds.approvedSell, status: "sold" } })).status,
    ).toBe(401);
  });
});

describe("get-user-dashboard", () => {
  it("counts the caller's listings by status, views, favourites and interest, with the latest changes", async () => {
    expect((await t.call("get-user-dashboard")).status).toBe(401);
    const r = await t.call("get-user-dashboard", { token: owner.token });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.properties).toMatchObject({
      total: 5,
      pending: 1,
      approved: 3,
      rejected: 1,
      inactive: 1,
      live: 2,
      rented: 1,
      favourites: 1,
      interested: 1,
    });
    expect(d.properties.views).toBeGreaterThanOrEqual(42);
    expect(d.projects).toMatchObject({ total: 2, pending: 1, approved: 1, live: 1 });
    expect(d.recent.length).toBeGreaterThan(0);
    expect(d.recent.length).toBeLessThanOrEqual(5);
    const empty = await t.call("get-user-dashboard", { token: other.token });
    expect(empty.body.data.properties.total).toBe(0);
  });
});

describe("delete_property and delete_project", () => {
  it("refuse someone else and leave the listing in place", async () => {
    const p = await t.call("delete_property", { token: other.token, body: { id: ownIds.rejected } });
    expect(p.status).toBe(403);
    expect(await propertyRow(ownIds.rejected)).toBeDefined();
    const pj = await t.call("delete_project", { token: other.token, body: { id: ownProjects.pending } });
    expect(pj.status).toBe(403);
    expect(await projectRow(ownProjects.pending)).toBeDefined();
    expect((await t.call("delete_project", { token: owner.token, body: { id: "x" } })).status).toBe(400);
    expect((await t.call("delete_property", { token: owner.token, body: {} })).status).toBe(400);
    expect((await t.call("delete_project", { body: { id: ownProjects.pending } })).status).toBe(401);
  });

  it("delete the owner's own listing (then 404)", async () => {
    await t.db.insert(interestedUsers).values({ user_id: other.id, property_id: ownIds.rejected });
    expect(
      (await t.call("delete_property", { token: owner.token, body: { id: ownIds.rejected } })).status,
    ).toBe(200);
    expect(await propertyRow(ownIds.rejected)).toBeUndefined();
    expect(
      await t.db
        .select()
        .from(interestedUsers)
        .where(inArray(interestedUsers.property_id, [ownIds.rejected])),
    ).toHaveLength(0);
    expect(
      (await t.call("delete_property", { token: owner.token, body: { id: ownIds.rejected } })).status,
    ).toBe(404);
    expect(
      (await t.call("delete_project", { token: owner.token, body: { id: ownProjects.pending } })).status,
    ).toBe(200);
    expect(await projectRow(ownProjects.pending)).toBeUndefined();
    expect(
      (await t.call("delete_project", { token: owner.token, body: { id: ownProjects.pending } })).status,
    ).toBe(404);
  });
});

describe("demo mode", () => {
  it("refuses changes to demo accounts' data while on, and allows everyone else's", async () => {
    // A demo account: its identity id starts with "demo-", as the seeded people's do.
    const uid = `demo-test-${Date.now()}`;
    const email = `${uid}@example.test`;
    await t.auth.adminAuth.createUser({ uid, email, password: "secret123", displayName: "Demo Person" });
    const demoToken = (await t.auth.signIn(email, "secret123")).idToken;
    const demo = (
      await t.call("user_signup", { token: demoToken, body: { name: "Demo Person", email, auth_id: uid } })
    ).body.data as { id: number };
    const demoProperty = await give(
      demo.id,
      { request_status: "approved", status: "active", property_type: "sell" },
      "sell",
    );
    const [pj] = await t.db
      .select({ id: projects.id })
      .from(projects)
      .where(sql`${projects.added_by} <> ${owner.id}`)
      .limit(1);
    await t.db
      .update(projects)
      .set({ added_by: demo.id, request_status: "approved", status: "active" })
      .where(eq(projects.id, pj!.id));

    const [dp] = await t.db.select().from(properties).where(eq(properties.id, demoProperty));
    await t.db
      .insert(settings)
      .values({ key: "demo_mode", value: true })
      .onConflictDoUpdate({ target: settings.key, set: { value: true } });
    try {
      const tries = [
        t.call("change-property-status", {
          token: demoToken,
          body: { id: demoProperty, status: "inactive" },
        }),
        t.call("update_property_status", { token: demoToken, body: { id: demoProperty, status: "sold" } }),
        t.call("delete_property", { token: demoToken, body: { id: demoProperty } }),
        t.call("change-project-status", { token: demoToken, body: { id: pj!.id, status: "inactive" } }),
        t.call("delete_project", { token: demoToken, body: { id: pj!.id } }),
        t.call("update_profile", { token: demoToken, body: { name: "Renamed Demo", about_me: "changed" } }),
        t.call("update_post_property", {
          token: demoToken,
          body: {
            id: dp!.id,
            title: "Changed in demo mode",
            description: dp!.description,
            category_id: dp!.category_id,
            property_type: dp!.property_type,
            ...(dp!.rentduration ? { rentduration: dp!.rentduration } : {}),
            price: dp!.price,
            city: dp!.city,
            state: dp!.state,
            country: dp!.country,
            address: dp!.address,
          },
        }),
      ];
      for (const r of await Promise.all(tries)) {
        expect(r.status).toBe(403);
        expect(r.body.message).toBe(DEMO_MODE_MESSAGE);
      }
      expect(await propertyRow(demoProperty)).toMatchObject({
        status: "active",
        property_status: "available",
        title: dp!.title,
      });
      expect(await projectRow(pj!.id)).toMatchObject({ status: "active" });
      const [person] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, demo.id));
      expect(person!.name).toBe("Demo Person");
      // Reading is fine, and so is changing a real account's data.
      expect((await t.call("get-added-properties", { token: demoToken })).body.total).toBe(1);
      expect(
        (
          await t.call("change-property-status", {
            token: owner.token,
            body: { id: ownIds.approvedRent, status: "inactive" },
          })
        ).status,
      ).toBe(200);
    } finally {
      await t.db.update(settings).set({ value: false }).where(eq(settings.key, "demo_mode"));
    }
    expect(
      (
        await t.call("change-property-status", {
          token: demoToken,
          body: { id: demoProperty, status: "inactive" },
        })
      ).status,
    ).toBe(200);
    await t.auth.adminAuth.deleteUser(uid).catch(() => {});
  });
});
