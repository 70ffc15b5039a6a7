// The project and developer pages' loaders, called as React Router calls them, over a real API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { createTestApi } from "../../tests/support/testing";
import { provideRuntime } from "~server/runtime/runtime.server";
import { i18nextMiddleware } from "~/lib/i18n.server";
import { sitemapResponse } from "~/modules/seo/sitemap.server";
import * as projects from "./projects";
import * as detail from "./project-detail";
import * as developers from "./developers";
import * as developer from "./developer";

/** What was there before this file's runtime: put back when the file is done (files share a process). */
let restoreRuntime = () => {};
afterAll(() => restoreRuntime());

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
  restoreRuntime = provideRuntime({ database: t.handle, auth: t.auth, storage: t.storage, api: t.api });
});
afterAll(() => t?.close());

async function args(url: string, params: Record<string, string> = {}) {
  const request = new Request(`http://shop.test${url}`);
  const context = new RouterContextProvider();
  await i18nextMiddleware(
    { request, context, params, unstable_pattern: "" } as never,
    async () => new Response(),
  );
  return { request, context, params } as never;
}

async function status(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
    return 200;
  } catch (e) {
    return (e as Response).status;
  }
}

describe("projects page", () => {
  it("turns the URL's filters and page into a get-projects query", async () => {
    const all = await projects.loader(await args("/projects"));
    expect(all.total).toBeGreaterThan(12);
    expect(all.projects).toHaveLength(12);
    expect(all.projects[0]).not.toHaveProperty("description");
    const second = await projects.loader(await args("/projects?page=2"));
    expect(second.offset).toBe(12);
    expect(second.projects.length).toBe(all.total - 12);
    const upcoming = await projects.loader(await args("/projects?type=upcoming&city=Dubai"));
    expect(upcoming.filters).toMatchObject({ type: "upcoming", city: "Dubai" });
    expect(upcoming.projects.every((p) => p.type === "upcoming" && p.city === "Dubai")).toBe(true);
    expect(upcoming.total).toBeGreaterThan(0);
  });

  it("leaves out a filter it cannot use instead of failing", async () => {
    const data = await projects.loader(await args("/projects?type=finished&category_id=abc&city=Dubai"));
    expect(data.ignored).toBe(true);
    expect(data.filters).toMatchObject({ type: "", category_id: "", city: "Dubai" });
    expect(data.total).toBeGreaterThan(0);
    expect(data.error).toBeNull();
  });

  it("answers in Arabic under /ar", async () => {
    const data = await projects.loader(await args("/ar/projects", { lang: "ar" }));
    expect(data.title).toBe("المشاريع العقارية الجديدة");
    expect(data.projects.some((p) => /[\u0600-\u06FF]/.test(p.title))).toBe(true);
  });
});

describe("project page", () => {
  it("returns the project with plans and similar projects, or a 404", async () => {
    const data = await detail.loader(
      await args("/project-details/hills-edge-villas", { slug: "hills-edge-villas" }),
    );
    expect(data.project.title).toBe("Hills Edge Villas");
    // A visitor gets the teaser: how many plans there are, not the files (spec §6 project_access).
    expect(data.project.access_locked).toBe(true);
    expect(data.project.plans).toEqual([]);
    expect(data.project.plans_count).toBeGreaterThan(1);
    expect(data.similar.every((s) => s.slug_id !== "hills-edge-villas")).toBe(true);
    expect(
      await status(async () =>
        detail.loader(await args("/project-details/qurum-heights", { slug: "qurum-heights" })),
      ),
    ).toBe(404);
    expect(
      await status(async () => detail.loader(await args("/project-details/x", { slug: "x".repeat(300) }))),
    ).toBe(404);
  });
});

describe("developer pages", () => {
  it("lists developers and redirects a bare id to the developer's address", async () => {
    const list = await developers.loader(await args("/developers"));
    expect(list.total).toBeGreaterThanOrEqual(4);
    const d = list.developers[0]!;
    const res = await status(async () =>
      developer.loader(await args(`/developers/${d.id}`, { developer: String(d.id) })),
    );
    expect(res).toBe(301);
    const slug = `${d.id}-${d.name.toLowerCase().replace(/\s+/g, "-")}`;
    const page = await developer.loader(await args(`/developers/${slug}`, { developer: slug }));
    expect(page.developer.id).toBe(d.id);
    expect(page.total).toBe(d.projects_count);
    expect(
      await status(async () => developer.loader(await args("/developers/abc", { developer: "abc" }))),
    ).toBe(404);
    const long = await developers.loader(await args(`/developers?search=${"a".repeat(300)}`));
    expect(long.error).toBeNull();
  });

  it("the sitemap lists public projects and developers in both languages", async () => {
    const body = await (await sitemapResponse("https://souq.example")).text();
    expect(body).toContain("<loc>https://souq.example/projects</loc>");
    expect(body).toContain("<loc>https://souq.example/ar/project-details/azure-marina-residences</loc>");
    expect(body).not.toContain("qurum-heights");
    expect(body).toMatch(/<loc>https:\/\/souq\.example\/developers\/\d+-azure-bay-developments<\/loc>/);
  });
});
