import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { createTestApi, emulatorAccount } from "../../../../tests/support/testing";
import { MESSAGES } from "../../uploads.server";
import { PLAN_MESSAGES } from "./post-schema";

let t: Awaited<ReturnType<typeof createTestApi>>;
let owner: { token: string; id: number };
let other: { token: string; id: number };
let categoryId: number;

/** A signed-in person with a complete profile (spec §6) and the starter package (2 projects). */
async function lister(name: string) {
  const acc = await emulatorAccount(t.auth, name);
  const signup = await t.call("user_signup", {
    token: acc.idToken,
    body: { name, email: acc.email, mobile: "+971501234567", auth_id: acc.uid },
  });
  expect(signup.status).toBe(200);
  const profile = await t.call("update_profile", {
    token: acc.idToken,
    body: { profile: "https://example.test/me.webp", address: "Marina Walk, Dubai", mobile: "+971501234567" },
  });
  expect(profile.status).toBe(200);
  return { token: acc.idToken, id: signup.body.data.id as number };
}

const jpeg = (w = 640, h = 480, r = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
const png = (w = 300, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const pdf = () => Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const file = (bytes: Buffer, name: string, type = "image/jpeg") =>
  new File([new Uint8Array(bytes)], name, { type });

async function multipart(form: FormData, token?: string) {
  const res = await t.api.fetch(
    new Request("http://test/api/post_project", {
      method: "POST",
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    }),
  );

  return { status: res.status, body: (await res.json()) as any };
}

function storedFiles(): string[] {
  const root = (t.storage as unknown as { root: string }).root;
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.filter((f) => !f.startsWith("demo")).sort();
}

const rowsOf = async (table: "project_images" | "project_documents" | "project_plans", projectId: number) =>
  (
    await t.db.execute<{
      id: number;
      title?: string;
      document?: string;
      key?: string;
      widths?: number[];
      avif?: boolean;
    }>(sql.raw(`select * from ${table} where project_id = ${Number(projectId)} order by id`))
  ).rows;
const projectRow = async (id: number) =>
  (
    await t.db.execute<{
      title: string;
      request_status: string;
      status: string;
      image: string;
      image_avif: boolean;
      city: string;
    }>(sql`select * from projects where id = ${id}`)
  ).rows[0]!;

type Value = string | File | (string | File)[];
async function baseForm(extra: Record<string, Value> = {}) {
  const f = new FormData();
  const fields: Record<string, Value> = {
    title: "Marina Heights",
    description: "Two towers by the water with a park, a pool and shops on the ground floor.",
    category_id: String(categoryId),
    type: "under_construction",
    country: "United Arab Emirates",
    state: "Dubai",
    city: "Dubai",
    location: "Marina Walk, Dubai Marina, Dubai",
    latitude: "25.08",
    longitude: "55.14",
    image: file(await jpeg(), "cover.jpg"),
    ...extra,
  };
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) f.append(k, item);
  return f;
}

let created: { id: number; slug_id: string };

beforeAll(async () => {
  t = await createTestApi();
  owner = await lister("Project Owner");
  other = await lister("Someone Else");
  categoryId = (await t.call("get_categories")).body.data[0].id;
}, 60_000);
afterAll(() => t?.close());

describe("post_project", () => {
  it("needs a signed-in caller", async () => {
    expect((await multipart(await baseForm())).status).toBe(401);
  });

  it("refuses an empty form with the spec's messages on their fields", async () => {
    const r = await multipart(new FormData(), owner.token);
    expect(r.status).toBe(400);
    expect(r.body.errors.title).toEqual(["Title is required"]);
    expect(r.body.errors.description).toEqual(["Description field is required"]);
    expect(r.body.errors.category_id).toEqual(["Please select Category"]);
    expect(r.body.errors.image).toEqual(["Please select a Title Image"]);
    expect(r.body.errors.location).toEqual([
      "City, state, country and formatted address must all be present",
    ]);
    expect(r.body.errors.type).toBeDefined();
  });

  it("puts plan messages on the plan's own fields and ignores empty rows", async () => {
    const r = await multipart(
      await baseForm({
        "plans[0][title]": "Ground floor",
        "plans[1].document": file(pdf(), "b.pdf", "application/pdf"),
        "plans[2][title]": "",
        type: "finished",
        category_id: "999999",
        video_link: "not a link",
      }),
      owner.token,
    );
    expect(r.status).toBe(400);
    expect(r.body.errors["plans[0].document"]).toEqual([PLAN_MESSAGES.document]);
    expect(r.body.errors["plans[1].title"]).toEqual([PLAN_MESSAGES.title]);
    expect(r.body.errors["plans[2].title"]).toBeUndefined();
    expect(r.body.errors.type).toBeDefined();
    expect(r.body.errors.video_link).toEqual(["Invalid URL"]);
    // An unknown category passes the schema; the service refuses it with the spec's message.
    const cat = await multipart(await baseForm({ category_id: "999999" }), owner.token);
    expect(cat.status).toBe(400);
    expect(cat.body.errors.category_id).toEqual(["Please select Category"]);
  });

  it("judges files by their bytes and stores nothing when one is wrong", async () => {
    const before = storedFiles();
    const r = await multipart(
      await baseForm({
        image: file(Buffer.from("GIF89a not really"), "cover.jpg"),
        gallery_images: file(await jpeg(60, 60), "tiny.jpg"),
        documents: file(await png(), "brochure.pdf", "application/pdf"),
        "plans[0][title]": "Ground floor",
        "plans[0][document]": file(Buffer.from("plain text"), "plan.pdf", "application/pdf"),
      }),
      owner.token,
    );
    expect(r.status).toBe(400);
    expect(r.body.errors.image).toEqual([MESSAGES.photoType]);
    expect(r.body.errors.gallery_images).toEqual([MESSAGES.photoSmall]);
    expect(r.body.errors.documents).toEqual([MESSAGES.documentType]);
    expect(r.body.errors["plans[0].document"]).toEqual([MESSAGES.fileType]);
    expect(storedFiles()).toEqual(before);
    expect(
      Number(
        (
          await t.db.execute<{ n: number }>(
            sql`select count(*)::int as n from projects where added_by = ${owner.id}`,
          )
        ).rows[0]!.n,
      ),
    ).toBe(0);
  });

  it("posts a project with plans, documents and a gallery; it waits for review and is not public", async () => {
    const before = storedFiles().length;
    const r = await multipart(
      await baseForm({
        gallery_images: [file(await png(), "a.png", "image/png"), file(await jpeg(400, 300, 10), "b.jpg")],
        documents: file(pdf(), "brochure.pdf", "application/pdf"),
        "plans[0][title]": "Ground floor",
        "plans[0][document]": file(pdf(), "ground.pdf", "application/pdf"),
        "plans[1].title": "Penthouse",
        "plans[1].document": file(await png(), "penthouse.png", "image/png"),
        meta_title: "Marina Heights",
      }),
      owner.token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.message).toBe("Project Post Successfully");
    // Spec §4: pending whatever auto-approve says (the test settings approve properties alone).
    expect(r.body.data.request_status).toBe("pending");
    expect(r.body.data.status).toBe("active");
    expect(r.body.data.slug_id).toMatch(/^marina-heights-[0-9a-f]{8}$/);
    // A short meta title and nothing else to say: no SEO advice.
    expect(r.body.data.warnings).toEqual({});
    created = r.body.data;
    expect(storedFiles().length).toBeGreaterThan(before);
    expect(storedFiles().some((f) => f.startsWith("private/originals/"))).toBe(true);

    const plans = await rowsOf("project_plans", created.id);
    expect(plans.map((p) => p.title)).toEqual(["Ground floor", "Penthouse"]);
    expect(plans[0]!.document).toMatch(/\.pdf$/);
    expect(plans[1]!.document).toMatch(/\.webp$/);
    const gallery = await rowsOf("project_images", created.id);
    expect(gallery).toHaveLength(2);
    // Cover and gallery have AVIF variants beside the WebP ones, and the rows say so.
    expect((await projectRow(created.id)).image_avif).toBe(true);
    for (const g of gallery) {
      expect(g.avif).toBe(true);
      for (const w of g.widths!)
        expect(storedFiles()).toEqual(expect.arrayContaining([`${g.key}-${w}.webp`, `${g.key}-${w}.avif`]));
    }
    expect(await rowsOf("project_documents", created.id)).toHaveLength(1);

    const pub = await t.call("get-project-detail", { query: { slug_id: created.slug_id } });
    expect(pub.status).toBe(404);
    const list = await t.call("get-projects", { query: { search: "Marina Heights" } });
    expect(list.body.data.map((p: { id: number }) => p.id)).not.toContain(created.id);
    // The developer sees their own project while it waits.
    const mine = await t.call("get-project-detail", {
      token: owner.token,
      query: { slug_id: created.slug_id },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.plans).toHaveLength(2);
    expect(mine.body.data.image).not.toBeNull();
    expect(mine.body.data.image.variants[0].avif).toMatch(/^\/uploads\/listings\/.+\.avif$/);
    const added = await t.call("get-added-projects", {
      token: owner.token,
      query: { request_status: "pending" },
    });
    expect(added.body.data.map((p: { id: number }) => p.id)).toContain(created.id);
  });

  it("gives the edit form the project with its files' ids", async () => {
    const r = await t.call("get-own-project", { token: owner.token, query: { id: String(created.id) } });
    expect(r.status).toBe(200);
    expect(r.body.data.plans.map((p: { title: string }) => p.title)).toEqual(["Ground floor", "Penthouse"]);
    expect(r.body.data.gallery_images).toHaveLength(2);
    expect(r.body.data.documents[0].name).toBe("brochure.pdf");
    expect(
      (await t.call("get-own-project", { token: other.token, query: { id: String(created.id) } })).status,
    ).toBe(403);
  });

  it("refuses anyone but the owner, changing nothing", async () => {
    const before = await projectRow(created.id);
    const files = storedFiles();
    const r = await multipart(
      await baseForm({
        id: String(created.id),
        title: "Taken over",
        remove_plans: String((await rowsOf("project_plans", created.id))[0]!.id),
      }),
      other.token,
    );
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("Forbidden");
    expect(await projectRow(created.id)).toEqual(before);
    expect(await rowsOf("project_plans", created.id)).toHaveLength(2);
    expect(storedFiles()).toEqual(files);
    const missing = await multipart(await baseForm({ id: "99999999" }), owner.token);
    expect(missing.status).toBe(404);
  });

  it("lets the owner change fields, rename a plan, add one and remove plans, documents and photos", async () => {
    const plans = await rowsOf("project_plans", created.id);
    const photos = await rowsOf("project_images", created.id);
    const docs = await rowsOf("project_documents", created.id);
    const form = await baseForm({
      id: String(created.id),
      title: "Marina Heights Phase 2",
      type: "upcoming",
      "plans[0][id]": String(plans[0]!.id),
      "plans[0][title]": "Ground floor (revised)",
      "plans[1][title]": "Roof garden",
      "plans[1][document]": file(pdf(), "roof.pdf", "application/pdf"),
      remove_plans: String(plans[1]!.id),
      remove_gallery_images: String(photos[0]!.id),
      remove_documents: String(docs[0]!.id),
      gallery_images: file(await jpeg(500, 400, 30), "c.jpg"),
    });
    form.delete("image"); // the saved cover stays
    const removedPlanFile = plans[1]!.document!;
    const removedPhotoFiles = photos[0]!.widths!.flatMap((w) => [
      `${photos[0]!.key}-${w}.webp`,
      `${photos[0]!.key}-${w}.avif`,
    ]);
    expect(storedFiles()).toEqual(expect.arrayContaining(removedPhotoFiles));
    const r = await multipart(form, owner.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe("Project Updated Successfully");
    expect(r.body.data.request_status).toBe("pending");
    const row = await projectRow(created.id);
    expect(row.title).toBe("Marina Heights Phase 2");
    const after = await rowsOf("project_plans", created.id);
    expect(after.map((p) => p.title)).toEqual(["Ground floor (revised)", "Roof garden"]);
    expect(after[0]!.document).toBe(plans[0]!.document);
    const gallery = await rowsOf("project_images", created.id);
    expect(gallery.map((g) => g.id)).not.toContain(photos[0]!.id);
    expect(gallery).toHaveLength(2);
    expect(await rowsOf("project_documents", created.id)).toHaveLength(0);
    // The removed plan's file and the removed photo's variants (both formats) are gone from storage.
    expect(storedFiles()).not.toContain(removedPlanFile);
    for (const f of removedPhotoFiles) expect(storedFiles()).not.toContain(f);
  });

  it("a plan marked for removal is removed, and a new file sent with it is not stored", async () => {
    const [plan] = await rowsOf("project_plans", created.id);
    const form = await baseForm({
      id: String(created.id),
      "plans[0][id]": String(plan!.id),
      "plans[0][title]": "Changed and removed at once",
      "plans[0][document]": file(pdf(), "new-plan.pdf", "application/pdf"),
      remove_plans: String(plan!.id),
    });
    for (const k of ["image", "gallery_images", "documents"]) form.delete(k);
    const before = new Set(storedFiles());
    const r = await multipart(form, owner.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await rowsOf("project_plans", created.id)).map((p) => p.id)).not.toContain(plan!.id);
    expect(storedFiles().filter((f) => !before.has(f))).toEqual([]);
  });

  it("saves the gallery in the order the form arranged it, new photos among the saved ones", async () => {
    const [first, second] = (
      await t.call("get-own-project", { token: owner.token, query: { id: String(created.id) } })
    ).body.data.gallery_images as { id: number }[];
    const form = await baseForm({
      id: String(created.id),
      gallery_images: file(await jpeg(500, 400, 60), "d.jpg"),
      gallery_order: `e${second!.id},n0,e${first!.id}`,
    });
    form.delete("image");
    const r = await multipart(form, owner.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = (await t.call("get-own-project", { token: owner.token, query: { id: String(created.id) } }))
      .body.data.gallery_images as { id: number }[];
    expect(after.map((g) => g.id)).toEqual([second!.id, expect.any(Number), first!.id]);
    expect([first!.id, second!.id]).not.toContain(after[1]!.id);
  });

  it("refuses removing what is not the project's", async () => {
    const r = await multipart(
      await baseForm({ id: String(created.id), remove_plans: "99999999", remove_documents: "99999998" }),
      owner.token,
    );
    expect(r.status).toBe(400);
    expect(r.body.errors.remove_plans).toBeDefined();
    expect(r.body.errors.remove_documents).toBeDefined();
  });

  it("refuses a third project: the starter package holds two", async () => {
    const second = await multipart(await baseForm({ title: "Palm Residences" }), owner.token);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const files = storedFiles();
    const third = await multipart(await baseForm({ title: "One too many" }), owner.token);
    expect(third.status).toBe(403);
    expect(third.body.message).toBe("Your Package Limit is Over. Please Purchase Package.");
    expect(storedFiles()).toEqual(files);
    const limit = await t.call("check-package-limit", {
      token: owner.token,
      query: { type: "project_list" },
    });
    expect(limit.body.data.allowed).toBe(false);
    // Editing is not a new listing: it takes no unit.
    const edit = await multipart(
      await baseForm({ id: String(second.body.data.id), title: "Palm Residences East" }),
      owner.token,
    );
    expect(edit.status).toBe(200);
  });

  it("answers SEO advice as post_property does (spec §5), on posting, on changing and to the edit form", async () => {
    const dev = await lister("Search Minded Developer");
    const keywords = Array.from({ length: 11 }, (_, i) => `phrase ${i + 1}`).join(", ");
    const r = await multipart(
      await baseForm({
        title: "Creek Vista",
        meta_title: "Creek Vista: two towers with a park by the water, shops and a nursery",
        meta_description: "Too short",
        meta_keywords: keywords,
      }),
      dev.token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.warnings).toEqual({
      meta_title: ["Meta title should be at most 60 characters"],
      meta_description: ["Meta description should be 50 to 160 characters"],
      meta_keywords: ["Meta keywords should be at most 10 comma-separated phrases"],
    });
    // Advice, never a refusal: the project was saved with those texts.
    const own = await t.call("get-own-project", { token: dev.token, query: { id: String(r.body.data.id) } });
    expect(own.body.data.meta_keywords).toBe(keywords);
    expect(Object.keys(own.body.data.warnings).sort()).toEqual([
      "meta_description",
      "meta_keywords",
      "meta_title",
    ]);

    const fixed = await baseForm({
      id: String(r.body.data.id),
      title: "Creek Vista",
      meta_title: "Creek Vista, Dubai Creek",
      meta_description: "Two towers by the creek with a park, shops, a nursery and a pool for residents.",
      meta_keywords: "creek, towers, park",
    });
    fixed.delete("image");
    const changed = await multipart(fixed, dev.token);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.warnings).toEqual({});
    const after = await t.call("get-own-project", {
      token: dev.token,
      query: { id: String(r.body.data.id) },
    });
    expect(after.body.data.warnings).toEqual({});
  });

  it("without project listings in any package held: the per-type 'Limit or Package Not Available'", async () => {
    const dev = await lister("Featureless Developer");
    await t.db.execute(
      sql`delete from user_package_features where type = 'project_list' and user_package_id in (select id from user_packages where user_id = ${dev.id})`,
    );
    const files = storedFiles();
    const r = await multipart(await baseForm({ title: "Not allowed" }), dev.token);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("Limit or Package Not Available: Project listings");
    expect(storedFiles()).toEqual(files);
    const check = await t.call("check-package-limit", { token: dev.token, query: { type: "project_list" } });
    expect(check.body.data).toMatchObject({
      allowed: false,
      reason: "feature_unavailable",
      message: "Limit or Package Not Available: Project listings",
      action: { href: "/subscription-plan" },
    });
    // Properties are another feature of the package: still allowed, so no message.
    const property = await t.call("check-package-limit", {
      token: dev.token,
      query: { type: "property_list" },
    });
    expect(property.body.data).toMatchObject({ allowed: true, message: null });
  });

  it("never fails on malformed input", async () => {
    for (const extra of [
      { id: "abc" },
      { "plans[999][title]": "x" },
      { plans: "{not json" },
      { latitude: "north" },
      { remove_plans: "a,b" },
    ] as Record<string, string>[]) {
      const r = await multipart(await baseForm(extra), other.token);
      expect(r.status, JSON.stringify(extra)).toBe(400);
    }
  });
});
