// The photo shoot pages as React Router calls them, without JavaScript: an owner asks for a shoot
// with the page's form, an admin gives the role and assigns on the console's pages, the
// photographer marks it done and the owner's review form answers on its fields.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Outlet, createRoutesStub } from "react-router";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { createTestApi, emulatorAccount } from "../../tests/support/testing";
import { provideRuntime } from "~server/runtime/runtime.server";
import { startSession } from "~/lib/session.server";
import * as page from "./user-photo-sessions";
import * as adminPage from "./admin/photo-sessions";
import * as adminUser from "./admin/user";
import { routeArgs as args } from "~/lib/route-args.testing";

/** What was there before this file's runtime: put back when the file is done (files share a process). */
let restoreRuntime = () => {};
afterAll(() => restoreRuntime());

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
  restoreRuntime = provideRuntime({ database: t.handle, auth: t.auth, storage: t.storage, api: t.api });
});
afterAll(() => t?.close());

async function person(name: string, admin = false) {
  const acct = await emulatorAccount(t.auth, name);
  const r = await t.call("user_signup", {
    token: acct.idToken,
    body: { name, auth_id: acct.uid, email: acct.email },
  });
  let token = acct.idToken;
  if (admin) {
    await t.auth.adminAuth.setCustomUserClaims(acct.uid, { admin: true });
    token = (await t.auth.signIn(acct.email, "secret123")).idToken;
  }
  return { id: r.body.data.id as number, token, cookie: await startSession(token) };
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
const post = (fields: Record<string, string>) => ({ method: "POST", body: form(fields) });

type Refused = {
  init: { status: number };
  data: { form: string; result: { error: Record<string, string[]> } };
};

/** The page's HTML for this loader (and action) data, as the server would send it. */
function render(Component: unknown, path: string, loaderData: unknown, actionData?: unknown) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => createElement(Outlet),
      children: [{ id: "page", path: path.slice(1), Component: Component as never }],
    },
  ]);
  const root = {
    locale: "en",
    toast: null,
    viewer: null,
    unread: null,
    settings: {},
    env: {},
    origin: "http://shop.test",
  };
  return renderToString(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: {
        loaderData: { root, page: loaderData },
        actionData: actionData ? { page: actionData } : undefined,
      },
    }),
  );
}

describe("photo shoot pages", () => {
  it("take an owner from asking to approving, an admin from the role to the assignment, and the photographer to done", async () => {
    const owner = await person("Page Owner");
    const photographer = await person("Page Photographer");
    const admin = await person("Page Admin", true);
    const { rows } = await t.db.execute<{ id: number; title: string }>(
      sql`select id, title from properties where request_status = 'approved' and status = 'active' order by id desc limit 1`,
    );
    const property = { id: Number(rows[0]!.id), title: rows[0]!.title };
    await t.db.execute(sql`update properties set added_by = ${owner.id} where id = ${property.id}`);

    // The tour editor links here with the property chosen.
    const first = await page.loader(
      await args(`/user/photo-sessions?property_id=${property.id}`, owner.cookie),
    );
    expect(first.work).toBeNull();
    let html = render(page.default, "/user/photo-sessions", first);
    expect(html).toContain("Ask for a photo shoot");
    expect(html).toMatch(new RegExp(`<option value="${property.id}" selected="">`));

    const none = (await page.action(
      await args("/user/photo-sessions", owner.cookie, post({ intent: "request", request_note: "Mornings" })),
    )) as unknown as Refused;
    expect(none.init.status).toBe(400);
    expect(none.data.result.error.property_id).toEqual(["Choose one of your properties"]);
    html = render(page.default, "/user/photo-sessions", first, none.data);
    expect(html).toContain("Choose one of your properties");

    const asked = (await page.action(
      await args(
        "/user/photo-sessions",
        owner.cookie,
        post({ intent: "request", property_id: String(property.id), request_note: "Mornings; ring twice" }),
      ),
    )) as unknown as Response;
    expect(asked.status).toBe(302);
    const twice = (await page.action(
      await args(
        "/user/photo-sessions",
        owner.cookie,
        post({ intent: "request", property_id: String(property.id) }),
      ),
    )) as unknown as Refused;
    expect(twice.data.result.error.property_id).toEqual([
      "This property already has a photo shoot in progress",
    ]);

    const waiting = await page.loader(await args("/user/photo-sessions", owner.cookie));
    expect(waiting.sessions).toHaveLength(1);
    const sessionId = waiting.sessions[0]!.id;
    html = render(page.default, "/user/photo-sessions", waiting);
    expect(html).toContain("Waiting for a photographer");
    expect(html).toContain("Mornings; ring twice");
    expect(html).toContain("Cancel the shoot");

    // The console: the role on the person's page, then the assignment on the shoots page.
    const role = (await adminUser.action(
      await args(
        `/admin/users/${photographer.id}`,
        admin.cookie,
        post({ intent: "photographer", is_photographer: "1" }),
        { id: String(photographer.id) },
      ),
    )) as unknown as Response;
    expect(role.status).toBe(302);
    const userPage = await adminUser.loader(
      await args(`/admin/users/${photographer.id}`, admin.cookie, {}, { id: String(photographer.id) }),
    );
    expect(userPage.user.is_photographer).toBe(true);
    const listed = await adminPage.loader(await args("/admin/photo-sessions", admin.cookie));
    expect(listed.rows.map((r) => r.id)).toContain(sessionId);
    html = render(adminPage.default, "/admin/photo-sessions", listed);
    expect(html).toContain(`name="photographer_id"`);
    expect(html).toContain("Page Photographer (0 open shoots)");
    const unchosen = (await adminPage.action(
      await args(
        "/admin/photo-sessions",
        admin.cookie,
        post({ intent: "assign", id: String(sessionId), photographer_id: "" }),
      ),
    )) as unknown as { data: { errors: Record<string, string[]> } };
    expect(unchosen.data.errors.photographer_id).toEqual(["Please choose a photographer"]);
    const assigned = (await adminPage.action(
      await args(
        "/admin/photo-sessions",
        admin.cookie,
        post({ intent: "assign", id: String(sessionId), photographer_id: String(photographer.id) }),
      ),
    )) as unknown as Response;
    expect(assigned.status).toBe(302);

    // The photographer's sections.
    const work = await page.loader(await args("/user/photo-sessions", photographer.cookie));
    expect(work.work?.active.map((s) => s.id)).toEqual([sessionId]);
    html = render(page.default, "/user/photo-sessions", work);
    expect(html).toContain("Assigned to you");
    expect(html).toContain(`href="/user/tours/${property.id}"`);
    expect(html).toContain("Mark as done");
    const early = (await page.action(
      await args(
        "/user/photo-sessions",
        photographer.cookie,
        post({ intent: "complete", session_id: String(sessionId) }),
      ),
    )) as unknown as Refused;
    expect(early.data).toMatchObject({ form: `complete-${sessionId}` });
    html = render(page.default, "/user/photo-sessions", work, early.data);
    expect(html).toContain(
      "Add at least one room with a picture to the tour before marking the shoot as done",
    );

    const tourId = work.work!.active[0]!.tour_id!;
    const body = new FormData();
    body.append("name", "Hall");
    body.append("kind", "photo");
    body.append(
      "image",
      new File(
        [
          new Uint8Array(
            await sharp({ create: { width: 400, height: 300, channels: 3, background: "#caa" } })
              .jpeg()
              .toBuffer(),
          ),
        ],
        "hall.jpg",
        { type: "image/jpeg" },
      ),
    );
    const added = await t.api.fetch(
      new Request(`http://test/api/virtual-tours/${tourId}/rooms`, {
        method: "POST",
        headers: { authorization: `Bearer ${photographer.token}` },
        body,
      }),
    );
    expect(added.status).toBe(201);
    const done = (await page.action(
      await args(
        "/user/photo-sessions",
        photographer.cookie,
        post({ intent: "complete", session_id: String(sessionId), photographer_note: "All rooms done" }),
      ),
    )) as unknown as Response;
    expect(done.status).toBe(302);

    // The owner's review: stars are needed to approve; the refusal lands on that form's field.
    const toReview = await page.loader(await args("/user/photo-sessions", owner.cookie));
    html = render(page.default, "/user/photo-sessions", toReview);
    expect(html).toContain("Approve and publish the tour");
    expect(html).toContain("Preview the tour");
    expect(html.match(/type="radio" name="rating"/g)).toHaveLength(5);
    const noStars = (await page.action(
      await args(
        "/user/photo-sessions",
        owner.cookie,
        post({ intent: "review", session_id: String(sessionId), decision: "approve" }),
      ),
    )) as unknown as Refused;
    expect(noStars.data.form).toBe(`review-${sessionId}`);
    expect(noStars.data.result.error.rating).toEqual(["Choose a rating from 1 to 5 stars"]);
    html = render(page.default, "/user/photo-sessions", toReview, noStars.data);
    expect(html).toContain("Choose a rating from 1 to 5 stars");
    const approved = (await page.action(
      await args(
        "/user/photo-sessions",
        owner.cookie,
        post({ intent: "review", session_id: String(sessionId), decision: "approve", rating: "4" }),
      ),
    )) as unknown as Response;
    expect(approved.status).toBe(302);
    const after = await page.loader(await args("/user/photo-sessions", owner.cookie));
    expect(after.sessions[0]).toMatchObject({ status: "approved", rating: 4 });
    html = render(page.default, "/user/photo-sessions", after);
    expect(html).toContain("4 of 5 stars");
    const finished = await page.loader(await args("/user/photo-sessions", photographer.cookie));
    expect(finished.work?.completed.map((s) => s.status)).toEqual(["approved"]);
    expect(render(page.default, "/user/photo-sessions", finished)).toContain("Completed");
  });
});
