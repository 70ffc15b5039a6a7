// The agent verification page as React Router calls it, and what it shows in each state (spec §4):
// the form, 'Your Verification is Under Review', 'Verification Failed' with the reason and the
// earlier answers to apply again, and the verified message with its badge. An admin's decisions
// are made the way the admin console will make them (decideVerification), since the browser cannot.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Outlet, createRoutesStub } from "react-router";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { createTestApi, emulatorAccount } from "../../tests/support/testing";
import { provideRuntime } from "~server/runtime/runtime.server";
import { verificationApplications } from "~server/db/schema";
import { decideVerification } from "~server/api/verification/service";
import { startSession } from "~/lib/session.server";
import * as page from "./user-verification";
import * as fileRoute from "./user-verification-file";
import { routeArgs as args } from "~/lib/route-args.testing";

/** What was there before this file's runtime: put back when the file is done (files share a process). */
let restoreRuntime = () => {};
afterAll(() => restoreRuntime());

let t: Awaited<ReturnType<typeof createTestApi>>;
type Question = { id: number; field_type: string; name: string };
let questions: Question[];
beforeAll(async () => {
  t = await createTestApi();
  restoreRuntime = provideRuntime({ database: t.handle, auth: t.auth, storage: t.storage, api: t.api });
  questions = (await t.call("get-agent-verification-form-fields")).body.data;
});
afterAll(() => t?.close());

async function person(name: string) {
  const acct = await emulatorAccount(t.auth, name);
  const r = await t.call("user_signup", {
    token: acct.idToken,
    body: { name, auth_id: acct.uid, email: acct.email },
  });
  return { id: r.body.data.id as number, cookie: await startSession(acct.idToken) };
}

const idOf = (type: string, nth = 0) => questions.filter((q) => q.field_type === type)[nth]!.id;

/** The form as the page's inputs send it: field_<id>, a checkbox once per choice. */
async function filledForm(withFile = true) {
  const f = new FormData();
  f.append(`field_${idOf("text")}`, "Omar Al Mansoori");
  f.append(`field_${idOf("text", 1)}`, "BRN-55102");
  f.append(`field_${idOf("number")}`, "9");
  f.append(`field_${idOf("radio")}`, "Independent agent");
  f.append(`field_${idOf("checkbox")}`, "Dubai");
  f.append(`field_${idOf("checkbox")}`, "Abu Dhabi");
  f.append(`field_${idOf("dropdown")}`, "Arabic");
  f.append(`field_${idOf("textarea")}`, "");
  const photo = await sharp({
    create: { width: 160, height: 120, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
  f.append(
    `field_${idOf("file")}`,
    withFile
      ? new File([new Uint8Array(photo)], "trade-licence.png", { type: "image/png" })
      : new File([], "", { type: "application/octet-stream" }),
  );
  return f;
}

type LoaderData = Awaited<ReturnType<typeof page.loader>>;

/** The page's HTML for this loader (and action) data, as the server would send it. */
function render(loaderData: LoaderData, actionData?: unknown) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => createElement(Outlet),
      children: [{ id: "verification", path: "user/verification", Component: page.default as never }],
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
      initialEntries: ["/user/verification"],
      hydrationData: {
        loaderData: { root, verification: loaderData },
        actionData: actionData ? { verification: actionData } : undefined,
      },
    }),
  );
}

const latestApplication = async (userId: number) =>
  (
    await t.db
      .select()
      .from(verificationApplications)
      .where(eq(verificationApplications.user_id, userId))
      .orderBy(desc(verificationApplications.id))
      .limit(1)
  )[0]!;

describe("/user/verification", () => {
  it("walks through every state: form, errors on the fields, under review, failed with the answers kept, verified", async () => {
    const p = await person("Omar Applicant");
    const initial = await page.loader(await args("/user/verification", p.cookie));
    expect(initial.mine.status).toBe("initial");
    let html = render(initial);
    expect(html).toContain("Apply for verification");
    for (const q of questions) expect(html).toContain(q.name);
    expect(html).toContain(`name="field_${idOf("file")}"`);
    expect(html).toContain('accept="application/pdf,image/jpeg,image/png');
    expect(html).toMatch(/type="radio"[^>]*name="field_\d+"/);
    expect(html).toMatch(/<select[^>]*name="field_\d+"/);

    // Sent empty: every required question says so, under itself.
    const empty = (await page.action(
      await args("/user/verification", p.cookie, { method: "POST", body: new FormData() }),
    )) as unknown as { init: { status: number }; data: { errors: Record<string, string[]> } };
    expect(empty.init.status).toBe(400);
    expect(empty.data.errors[`field_${idOf("number")}`]).toEqual(["This field is required"]);
    expect(empty.data.errors[`field_${idOf("textarea")}`]).toBeUndefined();
    html = render(initial, empty.data);
    expect(html).toContain(`aria-invalid="true" aria-describedby="field-${idOf("number")}-error"`);
    expect(html.match(/This field is required/g)).toHaveLength(7);

    // A wrong answer keeps what was typed.
    const wrong = await filledForm();
    wrong.set(`field_${idOf("number")}`, "nine");
    const refused = (await page.action(
      await args("/user/verification", p.cookie, { method: "POST", body: wrong }),
    )) as unknown as { data: { errors: Record<string, string[]>; values: Record<number, unknown> } };
    expect(refused.data.errors).toEqual({ [`field_${idOf("number")}`]: ["Please enter a number"] });
    html = render(initial, refused.data);
    expect(html).toContain('value="BRN-55102"');
    expect(html).toContain('checked="" value="Abu Dhabi"');

    const sent = (await page.action(
      await args("/user/verification", p.cookie, { method: "POST", body: await filledForm() }),
    )) as unknown as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/user/verification");
    const pending = await page.loader(await args("/user/verification", p.cookie));
    html = render(pending);
    expect(html).toContain("Your Verification is Under Review");
    expect(html).toContain("Abu Dhabi");
    expect(html).not.toContain("<form");
    const again = (await page.action(
      await args("/user/verification", p.cookie, { method: "POST", body: await filledForm() }),
    )) as unknown as { data: { formErrors: string[] } };
    expect(again.data.formErrors).toEqual(["Your Verification is Under Review"]);

    await decideVerification(t.db, (await latestApplication(p.id)).id, {
      status: "failed",
      reason: "The licence photo is unreadable.",
    });
    const failed = await page.loader(await args("/user/verification", p.cookie));
    html = render(failed);
    expect(html).toContain("Verification Failed");
    expect(html).toContain("The licence photo is unreadable.");
    expect(html).toContain("Apply again");
    expect(html).toContain('value="BRN-55102"');
    expect(html).toContain('checked="" value="Dubai"');
    expect(html).toMatch(/<option value="Arabic" selected="">/);
    const kept = failed.mine.form_fields.find((f) => f.id === idOf("file"))!.file!;
    expect(html).toContain(`href="/user/verification/file/${kept.id}"`);
    expect(html).toContain("trade-licence.png");

    // Applying again without choosing the file again keeps the one sent before.
    const reapplied = (await page.action(
      await args("/user/verification", p.cookie, { method: "POST", body: await filledForm(false) }),
    )) as unknown as Response;
    expect(reapplied.status).toBe(302);
    const second = await page.loader(await args("/user/verification", p.cookie));
    expect(second.mine.status).toBe("pending");
    expect(second.mine.form_fields.find((f) => f.id === idOf("file"))!.file!.name).toBe("trade-licence.png");

    await decideVerification(t.db, (await latestApplication(p.id)).id, { status: "success" });
    html = render(await page.loader(await args("/user/verification", p.cookie)));
    expect(html).toContain("You are a verified agent.");
    expect(html).toMatch(/role="img" aria-label="Verified agent"/);
    expect(html).not.toContain("<form");
  });

  it("opens an answer's file for its owner only", async () => {
    const owner = await person("File Owner");
    const stranger = await person("File Stranger");
    expect(
      (
        (await page.action(
          await args("/user/verification", owner.cookie, { method: "POST", body: await filledForm() }),
        )) as unknown as Response
      ).status,
    ).toBe(302);
    const mine = await page.loader(await args("/user/verification", owner.cookie));
    const id = String(mine.mine.form_fields.find((f) => f.id === idOf("file"))!.file!.id);
    const res = (await fileRoute.loader(
      await args(`/user/verification/file/${id}`, owner.cookie, {}, { id }),
    )) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    const denied = await fileRoute
      .loader(await args(`/user/verification/file/${id}`, stranger.cookie, {}, { id }))
      .catch((e: unknown) => e);
    expect((denied as Response).status).toBe(404);
  });
});
