import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApi, emulatorAccount, quickPhoto } from "../../../../tests/support/testing";
import { seedProjects } from "../../../../demo";
import { demoProjects } from "../../../../demo/seed/projects";
import { packages, projects, users } from "../../../db/schema";
import { assignPackage } from "../../packages/service";

let t: Awaited<ReturnType<typeof createTestApi>>;
/** A member whose package includes project details (spec §6 project_access). */
let member: string;
beforeAll(async () => {
  t = await createTestApi();
  const a = await emulatorAccount(t.auth, "Project Member");
  const r = await t.call("user_signup", {
    token: a.idToken,
    body: { name: a.name, email: a.email, auth_id: a.uid },
  });
  const [pkg] = await t.db.select({ id: packages.id }).from(packages).where(eq(packages.name, "Buyer Plus"));
  await assignPackage(t.db, r.body.data.id, pkg!.id);
  member = a.idToken;
});
afterAll(() => t?.close());

const demo = demoProjects();
const isPublic = (p: (typeof demo)[number]) => p.requestStatus === "approved" && p.status === "active";
const publicDemo = demo.filter(isPublic);
const hidden = demo.filter((p) => !isPublic(p));

interface Card {
  id: number;
  slug_id: string;
  title: string;
  type: string;
  city: string;
  country: string;
  category: { id: number; category: string };
  developer: { id: number; name: string };
  image: { url: string; variants: { url: string; width: number }[]; dominant: string | null } | null;
  plans_count: number;
  documents_count: number;
  gallery_count: number;
  created_at: string;
}

async function all(query: Record<string, string> = {}) {
  const r = await t.call("get-projects", { query: { limit: "100", ...query } });
  expect(r.status).toBe(200);
  return { list: r.body.data as Card[], total: r.body.total as number };
}

describe("get-projects", () => {
  it("lists only approved, active projects, newest first, with a cover image and counts", async () => {
    const { list, total } = await all();
    expect(total).toBe(publicDemo.length);
    expect(list.map((p) => p.slug_id).sort()).toEqual(publicDemo.map((p) => p.slug).sort());
    const dates = list.map((p) => p.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const first = list[0]!;
    expect(first.image!.variants[0]!.url).toMatch(/^\/uploads\/demo\/.+\.webp$/);
    expect(first.image!.dominant).toMatch(/^#/);
    expect(first.plans_count).toBeGreaterThanOrEqual(3);
    expect(first.documents_count).toBe(2);
    expect(first.gallery_count).toBeGreaterThanOrEqual(3);
    expect(first.developer.name).toBeTruthy();
    expect(first).not.toHaveProperty("request_status");
  });

  it("pages with offset and limit", async () => {
    const { list } = await all();
    const page = await t.call("get-projects", { query: { offset: "2", limit: "3" } });
    expect(page.body.total).toBe(publicDemo.length);
    expect((page.body.data as Card[]).map((p) => p.id)).toEqual(list.slice(2, 5).map((p) => p.id));
  });

  it("filters by city, state, country, type, category, developer, id and slug", async () => {
    const { list } = await all();
    const dubai = await all({ city: "dubai" });
    expect(dubai.total).toBe(publicDemo.filter((p) => p.cityIndex === 0).length);
    expect(dubai.list.every((p) => p.city === "Dubai")).toBe(true);

    const egypt = await all({ country: "Egypt" });
    expect(egypt.total).toBeGreaterThan(2);
    expect(egypt.list.every((p) => p.country === "Egypt")).toBe(true);
    expect(
      (await all({ state: "Cairo Governorate" })).list.every((p) => ["Cairo", "New Cairo"].includes(p.city)),
    ).toBe(true);

    const upcoming = await all({ type: "upcoming" });
    expect(upcoming.total).toBe(publicDemo.filter((p) => p.type === "upcoming").length);
    expect(upcoming.list.every((p) => p.type === "upcoming")).toBe(true);

    const villas = list.find((p) => p.category.category === "Villa")!;
    const byCat = await all({ category_id: String(villas.category.id) });
    expect(byCat.total).toBe(publicDemo.filter((p) => p.categoryKey === "villa").length);

    const dev = list[0]!.developer;
    const byDev = await all({ userid: String(dev.id) });
    expect(byDev.total).toBeGreaterThan(0);
    expect(byDev.list.every((p) => p.developer.id === dev.id)).toBe(true);

    expect((await all({ id: String(list[3]!.id) })).list.map((p) => p.id)).toEqual([list[3]!.id]);
    expect((await all({ slug_id: list[4]!.slug_id })).list.map((p) => p.id)).toEqual([list[4]!.id]);
    expect((await all({ city: "Atlantis" })).total).toBe(0);
  });

  it("searches in English and Arabic, with prefixes and forgiving typos", async () => {
    const marina = await all({ search: "marin" });
    expect(marina.list.map((p) => p.slug_id)).toContain("azure-marina-residences");
    const arabic = await all({ search: "السعديات" });
    expect(arabic.list.map((p) => p.slug_id)).toEqual(["saadiyat-cove-villas"]);
    const typo = await all({ search: "Obhurr Bay" });
    expect(typo.list.map((p) => p.slug_id)).toContain("obhur-bay-residences");
    expect((await all({ search: "zzzzqqq" })).total).toBe(0);
  });

  it("never shows projects waiting for review or switched off", async () => {
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    for (const p of hidden) {
      expect((await all({ slug_id: p.slug })).total).toBe(0);
      expect((await all({ search: p.title.en })).list.map((x) => x.slug_id)).not.toContain(p.slug);
    }
  });

  it("refuses bad input with field errors", async () => {
    const bad = await t.call("get-projects", { query: { type: "finished", limit: "0", category_id: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(true);
    expect(bad.body.errors.type).toEqual(["type must be under_construction or upcoming"]);
    expect(bad.body.errors.limit).toEqual(["limit must be between 1 and 100"]);
    expect(bad.body.errors.category_id).toEqual(["category_id must be a number"]);
    const long = await t.call("get-projects", { query: { search: "a".repeat(201) } });
    expect(long.body.errors.search).toEqual(["Search text is too long (at most 200 characters)"]);
  });

  it("answers in Arabic", async () => {
    const r = await t.call("get-projects", { query: { slug_id: "reem-bay-residences" }, lang: "ar" });
    const p = r.body.data[0];
    expect(p.title).toBe("ريم باي ريزيدنس");
    expect(p.description).toMatch(/جزيرة الريم/);
    expect(p.category.category).toBe("شقة");
  });
});

describe("get-project-detail", () => {
  it("shows everyone a teaser; plans, documents, the video and every photo need project_access", async () => {
    const open = (await t.call("get-project-detail", { query: { slug_id: "azure-marina-residences" } })).body
      .data;
    expect(open.access_locked).toBe(true);
    expect(open.access_gate).toBeNull();
    expect(open.description.split("\n\n").length).toBe(4);
    expect(open.plans).toEqual([]);
    expect(open.documents).toEqual([]);
    expect(open.video_link).toBeNull();
    expect(open.gallery_images.length).toBe(3);
    expect(open.plans_count).toBe(4);
    expect(open.documents_count).toBe(2);
    // Signed in with the starter package only: the spec's per-type message.
    const a = await emulatorAccount(t.auth, "Starter Only");
    await t.call("user_signup", { token: a.idToken, body: { name: a.name, email: a.email, auth_id: a.uid } });
    const starter = (
      await t.call("get-project-detail", { token: a.idToken, query: { slug_id: "azure-marina-residences" } })
    ).body.data;
    expect(starter.access_gate).toEqual({
      message: "Limit or Package Not Available: Project details",
      href: "/subscription-plan",
    });
    expect(starter.plans).toEqual([]);
  });

  it("returns the project with gallery, plans, documents, developer and similar projects", async () => {
    const r = await t.call("get-project-detail", {
      token: member,
      query: { slug_id: "azure-marina-residences" },
    });
    expect(r.status).toBe(200);
    const p = r.body.data;
    expect(p.access_locked).toBe(false);
    expect(p.title).toBe("Azure Marina Residences");
    expect(p.description.split("\n\n").length).toBe(4);
    expect(p.type).toBe("under_construction");
    expect(p.location).toBe("Dubai Marina, Dubai, United Arab Emirates");
    expect(p.latitude).toBeCloseTo(25.2, 0);
    expect(p.video_link).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    expect(p.gallery_images.length).toBe(p.gallery_count);
    expect(p.gallery_images[0].variants.length).toBeGreaterThan(0);
    expect(p.plans.map((x: { title: string }) => x.title)).toEqual([
      "Master plan",
      "1-bedroom apartment",
      "2-bedroom apartment",
      "3-bedroom apartment",
    ]);
    expect(p.documents.map((d: { name: string }) => d.name)).toEqual([
      "azure-marina-residences-brochure.pdf",
      "azure-marina-residences-payment-plan.pdf",
    ]);
    expect(p.developer).toMatchObject({
      name: "Azure Bay Developments",
      type: "developer",
      is_verified: true,
    });
    expect(p.developer.projects_count).toBe(
      publicDemo.filter((x) => x.developerKey === "sales-azurebay").length,
    );
    expect(p.developer).not.toHaveProperty("firebase_id");
    expect(p.meta_title.length).toBeLessThanOrEqual(60);
    const similar = p.similar_projects as Card[];
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(4);
    expect(
      similar.every((s) => s.id !== p.id && (s.city === p.city || s.category.id === p.category.id)),
    ).toBe(true);
  });

  it("plans and documents are real PDF files in storage", async () => {
    const p = (await t.call("get-project-detail", { token: member, query: { slug_id: "malqa-gate-villas" } }))
      .body.data;
    for (const url of [
      ...p.plans.map((x: { document: string }) => x.document),
      ...p.documents.map((d: { url: string }) => d.url),
    ]) {
      expect(url).toMatch(/^\/uploads\/demo\/projects\/malqa-gate-villas\/.+\.pdf$/);
      const file = await t.storage.get(url.replace(/^\/uploads\//, ""));
      expect(file!.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
      expect(file!.subarray(-6).toString("latin1")).toBe("%%EOF\n");
    }
  });

  it("finds a project by id too, and answers in Arabic", async () => {
    const id = (await all({ slug_id: "nile-gate-fifth-settlement" })).list[0]!.id;
    const r = await t.call("get-project-detail", { token: member, query: { id: String(id) }, lang: "ar" });
    const p = r.body.data;
    expect(p.slug_id).toBe("nile-gate-fifth-settlement");
    expect(p.title).toBe("بوابة النيل التجمع الخامس");
    expect(p.description).toMatch(/التجمع الخامس/);
    expect(p.location).toBe("التجمع الخامس، القاهرة الجديدة، مصر");
    // English meta text is not passed off as Arabic: the page falls back to the Arabic title.
    expect(p.meta_title).toBeNull();
    expect(p.plans[0].title).toBe("المخطط العام");
    expect(p.category.category).toBe("شقة");
  });

  it("is 404 for unknown, pending and switched-off projects, 400 without a slug or id", async () => {
    expect((await t.call("get-project-detail", { query: { slug_id: "no-such-project" } })).status).toBe(404);
    expect((await t.call("get-project-detail", { query: { id: "999999" } })).body.message).toBe(
      "Project not found",
    );
    for (const p of hidden)
      expect((await t.call("get-project-detail", { query: { slug_id: p.slug } })).status).toBe(404);
    const none = await t.call("get-project-detail");
    expect(none.status).toBe(400);
    expect(none.body.errors.slug_id).toEqual(["slug_id or id is required"]);
    const bad = await t.call("get-project-detail", { query: { id: "-4" } });
    expect(bad.body.errors.id).toEqual(["id must be a positive number"]);
  });

  it("shows a pending project to the developer who posted it, and to nobody else", async () => {
    const acct = await emulatorAccount(t.auth, "Pending Developer");
    const signup = await t.call("user_signup", {
      token: acct.idToken,
      body: { name: acct.name, auth_id: acct.uid, type: "developer" },
    });
    expect(signup.status).toBe(200);
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.firebase_id, acct.uid));
    const pending = hidden.find((p) => p.requestStatus === "pending")!;
    const [before] = await t.db
      .select({ added_by: projects.added_by })
      .from(projects)
      .where(eq(projects.slug_id, pending.slug));
    await t.db.update(projects).set({ added_by: me!.id }).where(eq(projects.slug_id, pending.slug));
    try {
      const own = await t.call("get-project-detail", {
        query: { slug_id: pending.slug },
        token: acct.idToken,
      });
      expect(own.status).toBe(200);
      expect(own.body.data.request_status).toBe("pending");
      expect((await t.call("get-project-detail", { query: { slug_id: pending.slug } })).status).toBe(404);
      // Still not in the public list, not even for its developer.
      expect((await all({ slug_id: pending.slug })).total).toBe(0);
    } finally {
      await t.db
        .update(projects)
        .set({ added_by: before!.added_by })
        .where(eq(projects.slug_id, pending.slug));
    }
  });
});

describe("developers", () => {
  it("developer-list lists developers, busiest first, with their public project counts", async () => {
    const r = await t.call("developer-list", { query: { limit: "50" } });
    expect(r.status).toBe(200);
    const devs = r.body.data as {
      id: number;
      name: string;
      type: string;
      projects_count: number;
      is_verified: boolean;
    }[];
    expect(devs.length).toBeGreaterThanOrEqual(4);
    expect(r.body.total).toBe(devs.length);
    const counts = devs.map((d) => d.projects_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(devs.reduce((n, d) => n + d.projects_count, 0)).toBe(publicDemo.length);
    const azure = devs.find((d) => d.name === "Azure Bay Developments")!;
    expect(azure.projects_count).toBe(publicDemo.filter((p) => p.developerKey === "sales-azurebay").length);
    expect(r.body.data[0]).not.toHaveProperty("firebase_id");
  });

  it("developer-list searches by name or city and filters by city", async () => {
    const found = await t.call("developer-list", { query: { search: "nile" } });
    expect((found.body.data as { name: string }[]).map((d) => d.name)).toEqual(["Nile Gate Developments"]);
    const riyadh = await t.call("developer-list", { query: { city: "riyadh" } });
    expect((riyadh.body.data as { name: string }[]).map((d) => d.name)).toEqual([
      "Najd Horizons Development",
    ]);
    expect((await t.call("developer-list", { query: { search: "nobody-like-this" } })).body.total).toBe(0);
    const bad = await t.call("developer-list", { query: { offset: "-1" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.offset).toEqual(["offset must be 0 or more"]);
  });

  it("developer-projects returns the developer and exactly their public projects", async () => {
    const devs = (await t.call("developer-list")).body.data as { id: number; projects_count: number }[];
    const dev = devs[0]!;
    const r = await t.call("developer-projects", { query: { id: String(dev.id), limit: "100" } });
    expect(r.body.data.developer.id).toBe(dev.id);
    expect(r.body.total).toBe(dev.projects_count);
    expect((r.body.data.projects as Card[]).every((p) => p.developer.id === dev.id)).toBe(true);
    const paged = await t.call("developer-projects", {
      query: { id: String(dev.id), limit: "1", offset: "1" },
    });
    expect(paged.body.data.projects).toHaveLength(1);
    expect(paged.body.data.projects[0].id).toBe(r.body.data.projects[1].id);
  });

  it("developer-projects is 404 for people who are not developers, 400 for a bad id", async () => {
    const [agent] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.type} = 'agent'`)
      .limit(1);
    expect((await t.call("developer-projects", { query: { id: String(agent!.id) } })).status).toBe(404);
    const unknown = await t.call("developer-projects", { query: { id: "999999" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Developer not found");
    const bad = await t.call("developer-projects", { query: { id: "abc" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.id).toEqual(["id must be a number"]);
    expect((await t.call("developer-projects")).body.errors.id).toEqual(["id must be a number"]);
  });
});

describe("project sitemap entries and the API document", () => {
  it("lists public projects and developers only", async () => {
    const r = await t.call("sitemap-project-entries");
    const slugs = (r.body.data.projects as { slug_id: string }[]).map((p) => p.slug_id);
    expect(slugs.sort()).toEqual(publicDemo.map((p) => p.slug).sort());
    expect(r.body.data.developers.length).toBeGreaterThanOrEqual(4);
  });

  it("documents the new calls with their parameters", async () => {
    const doc = (await (await t.api.fetch(new Request("http://test/api/openapi.json"))).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    };
    const params = doc.paths["/get-projects"]!.get!.parameters!.map((p) => p.name);
    for (const p of [
      "id",
      "slug_id",
      "category_id",
      "city",
      "state",
      "country",
      "type",
      "search",
      "userid",
      "offset",
      "limit",
    ])
      expect(params).toContain(p);
    for (const name of ["get-project-detail", "developer-list", "developer-projects"])
      expect(doc.paths[`/${name}`], name).toBeDefined();
  });
});

describe("home page and seeding", () => {
  it("homepage-data carries the newest public projects", async () => {
    const home = await t.call("homepage-data");
    const section = home.body.data.projects_section as Card[];
    expect(section).toHaveLength(4);
    const { list } = await all();
    expect(section.map((p) => p.id)).toEqual(list.slice(0, 4).map((p) => p.id));
  });

  it("a demo database made before projects existed gets them at the next start, once", async () => {
    const before = (await all()).list.map((p) => p.slug_id).sort();
    await t.db.delete(projects);
    expect((await all()).total).toBe(0);
    await seedProjects(t.db, t.storage, { render: quickPhoto });
    await seedProjects(t.db, t.storage, { render: quickPhoto });
    expect((await all()).list.map((p) => p.slug_id).sort()).toEqual(before);
    const [n] = await t.db.select({ n: sql<number>`count(*)::int` }).from(projects);
    expect(n!.n).toBe(demo.length);
  });
});
