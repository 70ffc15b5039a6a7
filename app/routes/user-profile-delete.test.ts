// "Delete my account" and "Download my data" as React Router calls them (decision 022), with a real
// session: what a fresh and a stale sign-in may do, the confirmation on its field, the way out.
// The browser test cannot make a session old; here the clock moves instead.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { RouterContextProvider } from "react-router";
import { eq } from "drizzle-orm";
import { createTestApi, emulatorAccount } from "../../tests/support/testing";
import { redirectedTo } from "../../tests/support/routing";
import { provideRuntime } from "~server/runtime/runtime.server";
import { users } from "~server/db/schema";
import { FRESH_SIGN_IN_SECONDS, LEAVE_MESSAGES } from "~server/api/users/leave-schema";
import { getLocale, i18nextMiddleware } from "~/lib/i18n.server";
import { startSession } from "~/lib/session.server";
import * as page from "./user-profile-delete";
import * as myData from "./user-my-data";
import { routeArgs as args } from "~/lib/route-args.testing";

/** What was there before this file's runtime: put back when the file is done (files share a process). */
let restoreRuntime = () => {};
afterAll(() => restoreRuntime());

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi({ propertyCount: 20 });
  restoreRuntime = provideRuntime({ database: t.handle, auth: t.auth, storage: t.storage, api: t.api });
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const post = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

async function person(name: string) {
  const acct = await emulatorAccount(t.auth, name);
  await t.call("user_signup", { token: acct.idToken, body: { name, auth_id: acct.uid, email: acct.email } });
  return { ...acct, cookie: await startSession(acct.idToken) };
}

const later = () =>
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (FRESH_SIGN_IN_SECONDS + 60) * 1000 });
const stillThere = async (uid: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.firebase_id, uid))).length === 1;

type Refused = { init: { status: number }; data: { error: Record<string, string[] | null>; status: string } };

describe("the delete page", () => {
  it("opens the button only after a recent sign-in", async () => {
    const p = await person("Fresh Fatima");
    const fresh = await page.loader(await args("/user/profile/delete", p.cookie));
    expect(fresh).toMatchObject({
      fresh: true,
      account: { name: "Fresh Fatima", email: p.email, is_active: true },
    });
    later();
    const stale = await page.loader(await args("/user/profile/delete", p.cookie));
    expect(stale.fresh).toBe(false);
  });

  it("refuses a stale sign-in, and 'Sign in again' ends the session and comes back here after the sign-in page", async () => {
    const p = await person("Stale Salma");
    later();
    const refused = (await page.action(
      await args("/user/profile/delete", p.cookie, post({ intent: "delete", confirm: "DELETE" })),
    )) as unknown as Refused;
    expect(refused.init.status).toBe(400);
    expect(refused.data.error[""]).toEqual([LEAVE_MESSAGES.stale]);
    expect(await stillThere(p.uid)).toBe(true);

    const again = await page
      .action(await args("/ar/user/profile/delete", p.cookie, post({ intent: "sign-in-again" })))
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Response);
    const res = again as Response;
    expect(res.status).toBe(302);
    expect(redirectedTo(res, "/ar/user/profile/delete")).toBe(
      "/ar/login?redirectTo=%2Far%2Fuser%2Fprofile%2Fdelete",
    );
    expect(res.headers.get("set-cookie")).toMatch(/__session=;.*Max-Age=0/);
    expect(await stillThere(p.uid)).toBe(true);
  });

  it("puts a wrong confirmation on its field, and accepts DELETE or «حذف»", async () => {
    const p = await person("Typing Tamer");
    for (const confirm of ["", "delete it", "DELET"]) {
      const r = (await page.action(
        await args("/user/profile/delete", p.cookie, post({ intent: "delete", confirm })),
      )) as unknown as Refused;
      expect([confirm, r.init.status, r.data.error.confirm]).toEqual([
        confirm,
        400,
        [LEAVE_MESSAGES.confirm],
      ]);
    }
    expect(await stillThere(p.uid)).toBe(true);

    const gone = (await page.action(
      await args("/ar/user/profile/delete", p.cookie, post({ intent: "delete", confirm: " حذف " })),
    )) as Response;
    expect(gone.status).toBe(302);
    expect(redirectedTo(gone, "/ar/user/profile/delete")).toBe("/ar");
    const cookies = gone.headers.getSetCookie();
    expect(cookies.some((c) => /^__session=;.*Max-Age=0/.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith("toast="))).toBe(true);
    expect(await stillThere(p.uid)).toBe(false);
    await expect(t.auth.adminAuth.getUser(p.uid)).rejects.toMatchObject({ code: "auth/user-not-found" });
  });
});

describe("after leaving from an Arabic page", () => {
  it("the Arabic home page a client navigation lands on (its data at /ar.data) is still Arabic", async () => {
    const request = new Request("http://shop.test/ar.data");
    const context = new RouterContextProvider();
    await i18nextMiddleware(
      { request, context, params: {}, unstable_pattern: "" } as never,
      async () => new Response(),
    );
    expect(getLocale(context)).toBe("ar");
  });
});

describe("download my data", () => {
  it("is a JSON file of the person's own data", async () => {
    const p = await person("Saving Sara");
    const res = (await myData.loader(await args("/user/profile/my-data", p.cookie))) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="souq-estate-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const data = JSON.parse(await res.text());
    expect(data.profile).toMatchObject({ name: "Saving Sara", email: p.email });
  });
});
