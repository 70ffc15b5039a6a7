// Tried as an attacker would against the running product: forged and changed sessions, the
// browser policies on pages and files, methods a path does not take, guessing passwords, and the
// live chat stream through compression.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { createCookie } from "react-router";
import { SignJWT } from "jose";
import { expect, test } from "../fixtures/test";
import { register, uniqueEmail } from "../fixtures/accounts";

const DATA_DIR = process.env.E2E_DATA_DIR ?? ".test-data";
const PROJECT = process.env.FIREBASE_PROJECT_ID ?? "demo-souq-test";
/** What an insider would know: the server's secret (kept in its data folder in the demo). */
const sessionSecret = () => readFileSync(path.join(DATA_DIR, "session-secret"), "utf8").trim();
const tokenKey = () =>
  new TextEncoder().encode(
    createHmac("sha256", sessionSecret()).update("souq:emulator-tokens").digest("hex"),
  );

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const payloadOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;

/** A `__session` cookie value holding `token`, signed as the server signs its cookies. */
async function sessionCookieValue(token: string) {
  const header = await createCookie("__session", { secrets: [sessionSecret()] }).serialize(token);
  return header.split(";")[0]!.slice("__session=".length);
}

test.describe("sessions", () => {
  test("a changed, forged or expired session opens neither the console nor the account", async ({
    page,
    context,
    baseURL,
  }) => {
    const { idToken } = await register(page, "Mallory Example", uniqueEmail("mallory"));
    const mine = payloadOf(idToken);
    const url = new URL(baseURL!);
    const setSession = async (value: string) => {
      await context.clearCookies();
      await context.addCookies([{ name: "__session", value, domain: url.hostname, path: "/" }]);
    };
    const refused = async () => {
      await page.goto("/admin");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin/);
      await page.goto("/user/profile");
      await expect(page).toHaveURL(/\/login/);
    };

    // 1. The cookie's own signature: a cookie changed by hand is no session.
    const real = (await context.cookies()).find((c) => c.name === "__session")!.value;
    const raw = decodeURIComponent(real);
    const dot = raw.lastIndexOf(".");
    const inner = JSON.parse(Buffer.from(raw.slice(0, dot), "base64").toString()) as string;
    const [h, , s] = inner.split(".");
    const tampered = `${h}.${b64({ ...mine, admin: true })}.${s}`;
    await setSession(
      encodeURIComponent(`${Buffer.from(JSON.stringify(tampered)).toString("base64")}${raw.slice(dot)}`),
    );
    await refused();

    // 2. Even inside a correctly signed cookie: an unsigned token claiming admin (the emulator's kind).
    await setSession(
      await sessionCookieValue(
        `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...mine, admin: true, iss: `https://session.firebase.google.com/${PROJECT}` })}.`,
      ),
    );
    await refused();

    // 3. A token with the server's own key that has expired.
    const past = Math.floor(Date.now() / 1000) - 30 * 24 * 3600;
    const expired = await new SignJWT({ ...mine, iat: past, exp: past + 3600, auth_time: past })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(`https://session.firebase.google.com/${PROJECT}`)
      .sign(tokenKey());
    await setSession(await sessionCookieValue(expired));
    await refused();

    // 4. A valid token that claims admin for a normal account: signed in, but no console.
    const claiming = await new SignJWT({ ...mine, admin: true, auth_time: Math.floor(Date.now() / 1000) })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(`https://session.firebase.google.com/${PROJECT}`)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(tokenKey());
    await setSession(await sessionCookieValue(claiming));
    const console = await page.goto("/admin");
    expect(console?.status()).toBe(403);
    await page.goto("/user/profile");
    await expect(page).toHaveURL(/\/user\/profile/);
  });

  test("the API refuses an unsigned admin token and another person's identity", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "HTTP only");
    const { idToken } = await register(page, "Eve Example", uniqueEmail("eve"));
    const mine = payloadOf(idToken);
    const forged = `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...mine, admin: true })}.`;
    const overview = await request.get("/api/admin/overview", {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(overview.status()).toBe(401);
    expect((await overview.json()).error).toBe(true);
    const asSomeoneElse = `${idToken.split(".")[0]}.${b64({ ...mine, sub: "someone-else", user_id: "someone-else" })}.${idToken.split(".")[2]}`;
    expect(
      (
        await request.get("/api/get-profile", { headers: { authorization: `Bearer ${asSomeoneElse}` } })
      ).status(),
    ).toBe(401);
    expect(
      (await request.get("/api/get-profile", { headers: { authorization: `Bearer ${idToken}` } })).status(),
    ).toBe(200);
  });
});

test.describe("browser policies", () => {
  // Answers' headers and methods: the same with JavaScript on or off, so asked once.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only");
  test("every page has a strict policy with a fresh nonce that its scripts carry", async ({ request }) => {
    const nonces = new Set<string>();
    for (const p of ["/", "/properties", "/ar", "/login"]) {
      const res = await request.get(p);
      const csp = res.headers()["content-security-policy"]!;
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(scriptSrc).not.toContain("unsafe-eval");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors");
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
      nonces.add(nonce);
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
        .map((m) => m[1]!)
        .filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs));
      expect(scripts.length).toBeGreaterThan(0);
      for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
      expect(res.headers()["permissions-policy"]).toContain("geolocation=(self)");
      expect(res.headers()["permissions-policy"]).toContain("camera=()");
    }
    expect(nonces.size).toBe(4);
  });

  test("HEAD of a page carries exactly GET's headers, the page's policy among them", async ({ request }) => {
    // A nonce is made per answer, so the policies are compared with it taken out.
    const policy = (h: Record<string, string>) => h["content-security-policy"]!.replace(/'nonce-[^']+'/, "");
    for (const p of ["/", "/properties", "/ar/login"]) {
      const get = (await request.get(p)).headers();
      const head = await request.head(p);
      expect([p, head.status()]).toEqual([p, 200]);
      expect(await head.text(), p).toBe("");
      const h = head.headers();
      for (const name of ["content-type", "cache-control", "x-content-type-options", "permissions-policy"])
        expect([p, name, h[name]]).toEqual([p, name, get[name]]);
      expect(policy(h), p).toBe(policy(get));
      expect(h["content-security-policy"], p).toContain("form-action 'self'");
    }
  });

  test("static files, uploads and API answers carry the security headers too", async ({ request }) => {
    const home = await (await request.get("/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(home)![0];
    const photo = /\/uploads\/[^"\s]+\.(webp|avif|jpg)/.exec(
      await (await request.get("/properties")).text(),
    )![0];
    for (const p of [asset, "/favicon.svg", photo, "/api/web-settings"]) {
      const h = (await request.get(p)).headers();
      expect([p, h["x-content-type-options"]]).toEqual([p, "nosniff"]);
      expect(h["content-security-policy"], p).toContain("default-src");
      expect(h["permissions-policy"], p).toContain("camera=()");
      expect(h["referrer-policy"], p).toBe("strict-origin-when-cross-origin");
      expect(h["x-frame-options"], p).toBeTruthy();
    }
  });

  test("methods a page does not take answer 405", async ({ request }) => {
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH"]) {
      const res = await request.fetch("/properties", { method });
      expect([method, res.status()]).toEqual([method, 405]);
      expect(res.headers().allow).toContain("GET");
    }
  });

  test("a violation report is taken (and never breaks anything)", async ({ request }) => {
    const res = await request.post("/csp-report", {
      headers: { "content-type": "application/csp-report" },
      data: JSON.stringify({
        "csp-report": {
          "document-uri": "http://x/",
          "violated-directive": "script-src",
          "blocked-uri": "inline",
        },
      }),
    });
    expect(res.status()).toBe(204);
  });
});

test("guessing a password: after ten wrong tries the form says to wait, with the provider's message", async ({
  page,
}) => {
  const email = uniqueEmail("guessed");
  const made = await page.request.post("/api/user-register", {
    headers: { "x-forwarded-for": "198.51.100.77" },
    data: {
      name: "Guessed Person",
      email,
      mobile: "+971501234567",
      password: "secret123",
      re_password: "secret123",
    },
  });
  expect(made.ok()).toBe(true);
  // From another address, so only the account's own count fills up (not this machine's, which the
  // other tests share).
  const elsewhere = `203.0.113.${Math.floor(Math.random() * 254) + 1}`;
  for (let i = 0; i < 10; i++) {
    const r = await page.request.post("/api/user-login", {
      headers: { "x-forwarded-for": elsewhere },
      data: { email, password: `wrong-${i}` },
    });
    expect(r.status()).toBe(400);
  }
  await page.goto("/login");
  const main = page.locator("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password").fill("secret123");
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(main.getByText("Too many attempts. Please try again later")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("the live chat stream reaches a client that asks for gzip, as it is written", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "HTTP only");
  const { idToken } = await register(page, "Stream Reader", uniqueEmail("stream"));
  const url = new URL("/api/chat-events", baseURL);
  const first = await new Promise<{ encoding: string | undefined; type: string | undefined; text: string }>(
    (resolve, reject) => {
      const req = http.get(
        url,
        { headers: { authorization: `Bearer ${idToken}`, "accept-encoding": "gzip, deflate, br" } },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
            // The stream stays open; the first event must arrive without waiting for more.
            if (text.includes("event: ready")) {
              resolve({ encoding: res.headers["content-encoding"], type: res.headers["content-type"], text });
              req.destroy();
            }
          });
        },
      );
      req.on("error", reject);
      setTimeout(() => {
        req.destroy();
        reject(new Error("no event within 5 s"));
      }, 5000);
    },
  );
  expect(first.type).toContain("text/event-stream");
  expect(first.encoding).toBeUndefined();
  expect(first.text).toContain("event: ready");
});
