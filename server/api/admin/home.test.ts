// The home page as an admin arranges it: slides added, changed, moved and removed (each audited)
// and the page's sections reordered or hidden, as homepage-data then answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { adminAuditLog, properties, projects } from "../../db/schema";
import { createTestApi, signedUpAdmin } from "../../../tests/support/testing";
import { HOME_SECTIONS } from "../home/sections";

let t: Awaited<ReturnType<typeof createTestApi>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;

beforeAll(async () => {
  t = await createTestApi();
  admin = await signedUpAdmin(t, "Home Page Admin");
});
afterAll(() => t?.close());

type AdminSlide = {
  id: number;
  title: string;
  title_ar: string;
  status: boolean;
  shown: boolean;
  own_image: boolean;
  image: string | null;
  target: { type: string; slug_id: string } | null;
};
const adminHome = async () =>
  (await t.call("admin/home", { token: admin.token })).body.data as {
    slides: AdminSlide[];
    sections: { key: string; visible: boolean }[];
  };
const home = async (lang?: string) => (await t.call("homepage-data", { lang })).body.data;
const post = (name: string, body: Record<string, unknown>) => t.call(name, { token: admin.token, body });
const lastAudit = async () =>
  (await t.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1))[0]!;

async function saveSlideForm(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await t.api.fetch(
    new Request("http://test/api/admin/save-slide", {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    }),
  );
  return {
    status: res.status,
    body: (await res.json()) as { data: { id: number }; errors?: Record<string, string[]> },
  };
}

describe("the slider", () => {
  it("adds a slide leading to a listing (by address), last, in both languages", async () => {
    const [listing] = await t.db
      .select({ slug_id: properties.slug_id })
      .from(properties)
      .where(and(eq(properties.request_status, "approved"), eq(properties.status, "active")))
      .limit(1);
    const r = await post("admin/save-slide", {
      title: "Sea views this week",
      title_ar: "إطلالات بحرية هذا الأسبوع",
      target_type: "property",
      target: listing!.slug_id,
      status: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const slides = (await adminHome()).slides;
    expect(slides.at(-1)).toMatchObject({
      id: r.body.data.id,
      title: "Sea views this week",
      title_ar: "إطلالات بحرية هذا الأسبوع",
      target: { type: "property", slug_id: listing!.slug_id },
      shown: true,
    });
    expect((await home()).slider_section.map((s: { title: string }) => s.title)).toContain(
      "Sea views this week",
    );
    expect((await home("ar")).slider_section.map((s: { title: string }) => s.title)).toContain(
      "إطلالات بحرية هذا الأسبوع",
    );
    expect(await lastAudit()).toMatchObject({
      action: "slider.create",
      target_type: "slider",
      target_id: String(r.body.data.id),
      after: { title: "Sea views this week", status: true },
    });
  });

  it("takes its own image (processed like listing photos) and leads to a project by number", async () => {
    const [project] = await t.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.request_status, "approved"), eq(projects.status, "active")))
      .limit(1);
    const jpeg = await sharp({
      create: { width: 900, height: 500, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const r = await saveSlideForm({
      title: "New launch",
      target_type: "project",
      target: String(project!.id),
      image: new File([new Uint8Array(jpeg)], "slide.jpg", { type: "image/jpeg" }),
      status: "1",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const slide = (await adminHome()).slides.find((s) => s.id === r.body.data.id)!;
    expect(slide).toMatchObject({ own_image: true, target: { type: "project" } });
    expect(slide.image).toMatch(/^\/uploads\/listings\/.+-320\.webp$/);
    expect(await t.storage.exists(slide.image!.replace("/uploads/", ""))).toBe(true);

    // Removing it again deletes its files.
    expect((await post("admin/delete-slide", { id: slide.id })).status).toBe(200);
    expect(await t.storage.exists(slide.image!.replace("/uploads/", ""))).toBe(false);
    expect(await lastAudit()).toMatchObject({
      action: "slider.delete",
      before: { title: "New launch" },
      after: null,
    });
  });

  it("refuses a slide without a title, leading nowhere without an image, or to a listing that does not exist", async () => {
    const cases = [
      [{ title: "", target_type: "property", target: "1" }, "title"],
      [{ title: "Nowhere" }, "image"],
      [{ title: "Ghost", target_type: "property", target: "no-such-listing" }, "target"],
      [{ title: "Ghost", target_type: "project", target: "999999" }, "target"],
      [{ title: "Half", target_type: "property" }, "target"],
    ] as const;
    for (const [body, field] of cases) {
      const r = await post("admin/save-slide", body);
      expect([field, r.status, Object.keys(r.body.errors ?? {})]).toEqual([field, 400, [field]]);
    }
  });

  it("moves a slide up and down, switches it off and changes it", async () => {
    const before = (await adminHome()).slides;
    const last = before.at(-1)!;
    expect((await post("admin/move-slide", { id: last.id, direction: "up" })).status).toBe(200);
    const moved = (await adminHome()).slides.map((s) => s.id);
    expect(moved.at(-2)).toBe(last.id);
    expect(await lastAudit()).toMatchObject({
      action: "slider.move_up",
      before: { position: before.length },
      after: { position: before.length - 1 },
    });
    const homeOrder = (await home()).slider_section.map((s: { id: number }) => s.id);
    expect(homeOrder.indexOf(last.id)).toBeLessThan(homeOrder.indexOf(before.at(-2)!.id));
    await post("admin/move-slide", { id: last.id, direction: "down" });
    expect((await adminHome()).slides.map((s) => s.id)).toEqual(before.map((s) => s.id));

    const r = await post("admin/save-slide", {
      id: last.id,
      title: "Sea views, last days",
      title_ar: last.title_ar,
      target_type: "property",
      target: last.target!.slug_id,
      status: false,
    });
    expect(r.status).toBe(200);
    expect((await adminHome()).slides.at(-1)).toMatchObject({
      title: "Sea views, last days",
      status: false,
      shown: false,
    });
    expect((await home()).slider_section.map((s: { id: number }) => s.id)).not.toContain(last.id);
    expect(await lastAudit()).toMatchObject({
      action: "slider.update",
      before: { status: true, title: "Sea views this week" },
      after: { status: false, title: "Sea views, last days" },
    });
    await post("admin/delete-slide", { id: last.id });
    expect((await adminHome()).slides.map((s) => s.id)).not.toContain(last.id);
  });
});

describe("the home page's sections", () => {
  it("follow the saved order, hidden ones left out (and not even asked)", async () => {
    const order = ["latest", ...HOME_SECTIONS.filter((k) => k !== "latest")].map((key) => ({
      key,
      visible: key !== "featured" && key !== "agents",
    }));
    const r = await post("admin/save-home-sections", { sections: order });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = await home();
    expect(d.sections).toEqual(order.filter((s) => s.visible).map((s) => s.key));
    expect(d.sections[0]).toBe("latest");
    expect(d.featured_section).toEqual([]);
    expect(d.agents_section).toEqual([]);
    expect(d.latest_section.length).toBeGreaterThan(0);
    expect((await adminHome()).sections).toEqual(order);
    expect(await lastAudit()).toMatchObject({ action: "home.sections", target_type: "settings" });

    const bad = await post("admin/save-home-sections", { sections: order.slice(1) });
    expect([bad.status, bad.body.errors]).toEqual([400, { sections: ["List every section once"] }]);
    await post("admin/save-home-sections", {
      sections: HOME_SECTIONS.map((key) => ({ key, visible: true })),
    });
    expect((await home()).sections).toEqual([...HOME_SECTIONS]);
  });
});
