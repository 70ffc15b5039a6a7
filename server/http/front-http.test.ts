// The HTTP front (server/app.ts) as clients meet it over real connections: how much of a body it
// reads for whom (decision 051), and whose address the rate limits count behind proxies that append
// to X-Forwarded-For. A Node HTTP server runs the front with the product's handler behind it, as
// server.js does (the front's own files: server/http/front.test.ts).
import { createServer, request as httpRequest, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRequestListener } from "@hono/node-server";
import { app, createFront, MAX_REQUEST_MB, TOO_LARGE_MESSAGE } from "../app";
import { provideRuntime } from "../runtime/runtime.server";
import { captureLogs, logger } from "../observability/log";
import { createTestApi, signedUp } from "../../tests/support/testing";
import { startSession } from "~/lib/session.server";

let t: Awaited<ReturnType<typeof createTestApi>>;
let server: Server;
let port: number;
let restoreRuntime: () => void;
let uploads: string;
let cookie: string;
let person: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await createTestApi();
  restoreRuntime = provideRuntime({ database: t.handle, auth: t.auth, storage: t.storage, api: t.api });
  person = await signedUp(t, "Uploader");
  cookie = (await startSession(person.token)).split(";")[0]!;
  uploads = mkdtempSync(path.join(os.tmpdir(), "front-http-"));
  server = createServer(getRequestListener(createFront({ app, uploads }).fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  restoreRuntime?.();
  await t?.close();
  if (uploads) rmSync(uploads, { recursive: true, force: true });
});

const MB = 1024 * 1024;

interface Outcome {
  status: number;
  body: string;
  /** What the client had written when the answer came. */
  sentBytes: number;
  ms: number;
}

/**
 * A post written as an attacker writes it: the headers, then the body as fast as the connection
 * takes it, up to `bytes`, until the server answers (or closes). `length` false: chunked, no length.
 */
function rawPost(options: {
  path: string;
  headers: Record<string, string>;
  bytes: number;
  length?: boolean;
  from?: string;
}): Promise<Outcome> {
  const { path, headers, bytes, length = true } = options;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect({ port, host: "127.0.0.1", localAddress: options.from });
    let sent = 0;
    let answer = "";
    let done = false;
    const finish = (status: number, body = "") => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ status, body, sentBytes: sent, ms: performance.now() - started });
    };
    const chunk = Buffer.alloc(64 * 1024, "a");
    socket.on("connect", () => {
      const head = [
        `POST ${path} HTTP/1.1`,
        "Host: 127.0.0.1",
        "Sec-Fetch-Site: same-origin",
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
        length ? `Content-Length: ${bytes}` : "Transfer-Encoding: chunked",
        "",
        "",
      ].join("\r\n");
      socket.write(head);
      const pump = () => {
        while (!done && sent < bytes) {
          const piece = length
            ? chunk
            : Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
          sent += chunk.length;
          if (!socket.write(piece)) return void socket.once("drain", pump);
        }
      };
      pump();
    });
    socket.on("data", (data) => {
      answer += data.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      const end = answer.indexOf("\r\n\r\n");
      if (!status || end < 0) return;
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(answer.slice(0, end))?.[1] ?? 0);
      if (answer.length - end - 4 >= length)
        finish(Number(status[1]), answer.slice(end + 4, end + 4 + length));
    });
    socket.on("error", (error) => (done ? undefined : reject(error)));
    socket.on("close", () => finish(0));
  });
}

describe("bodies by who is asking, not by what they claim", () => {
  it("refuses several large anonymous forms with a forged session cookie at once, before reading them", async () => {
    const forged = {
      Cookie: "__session=x",
      "Content-Type": "application/x-www-form-urlencoded",
    };
    global.gc?.();
    const before = process.memoryUsage().rss;
    const attacks = await Promise.all(
      Array.from({ length: 4 }, () => rawPost({ path: "/login", headers: forged, bytes: 115 * MB })),
    );
    const grown = process.memoryUsage().rss - before;
    for (const attack of attacks) {
      expect(attack.status).toBe(413);
      // The answer came while the client had written a few MB of its 115 at most (what the
      // connection's buffers took), not after the body was read.
      expect(attack.sentBytes).toBeLessThan(20 * MB);
    }
    // Four 115 MB bodies read whole would be 460 MB; none of them was held.
    expect(grown).toBeLessThan(64 * MB);
  });

  it("stops a form sent without a length at 1 MB, a forged cookie or not", async () => {
    for (const headers of <Record<string, string>[]>[
      { "Content-Type": "application/x-www-form-urlencoded" },
      { Cookie: "__session=x", "Content-Type": "application/x-www-form-urlencoded" },
      // A multipart body is an upload only for a session that holds.
      { Cookie: "__session=x", "Content-Type": "multipart/form-data; boundary=x" },
      // A person really signed in still sends no urlencoded form over 1 MB: files come as multipart.
      { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    ]) {
      const outcome = await rawPost({ path: "/login", headers, bytes: 30 * MB, length: false });
      expect(outcome.status, JSON.stringify(headers)).toBe(413);
      expect(outcome.sentBytes).toBeLessThan(20 * MB);
    }
  });

  it("gives the upload cap only to a multipart form from a session that holds", async () => {
    const post = (cookieHeader: string, length: number) =>
      rawPost({
        path: "/user/profile",
        headers: { Cookie: cookieHeader, "Content-Type": "multipart/form-data; boundary=x" },
        bytes: length,
      });
    const status = async (outcome: Promise<Outcome>) => (await outcome).status;
    // A forged cookie: 2 MB is over an anonymous form's 1 MB, refused at once.
    const forged = await post("__session=x", 2 * MB);
    expect(forged.status).toBe(413);
    expect(forged.body).toBe("The request is too large: this call takes at most 1 MB");
    // A real session: 2 MB goes on to the page (which, in this process without the app's build,
    // cannot draw it: anything but 413 shows the front let it through; the browser tests upload a
    // photo of several MB through the page itself)…
    expect(await status(post(cookie, 2 * MB))).not.toBe(413);
    // …and over the general cap it is refused at once, with the uploads' own message.
    const huge = await post(cookie, MAX_REQUEST_MB * MB + 1);
    expect(huge.status).toBe(413);
    expect(huge.body).toBe(TOO_LARGE_MESSAGE);
  });
});

/**
 * A proxy that appends the address it was reached from to X-Forwarded-For, as CDNs and most proxies
 * do, and passes the request on from `from`.
 */
async function appendingProxy(target: () => number, from: string): Promise<Server> {
  const proxy = createServer((req, res) => {
    const forwarded = req.headers["x-forwarded-for"];
    const headers = {
      ...req.headers,
      "x-forwarded-for": `${forwarded ? `${forwarded}, ` : ""}${req.socket.remoteAddress}`,
    };
    const upstream = httpRequest(
      { host: "127.0.0.1", port: target(), method: req.method, path: req.url, headers, localAddress: from },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return proxy;
}

/** A password-reset code checked through `port` from `from`, claiming `claimed` as the address. */
function checkCode(entry: number, from: string, claimed: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ oobCode: "not-a-real-code" });
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: entry,
        method: "POST",
        path: "/api/password-reset-code",
        localAddress: from,
        headers: { "content-type": "application/json", "x-forwarded-for": claimed },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("the visitor's address behind proxies that append", () => {
  const proxies: Server[] = [];
  const before = process.env.TRUST_PROXY;
  afterAll(async () => {
    if (before === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = before;
    await Promise.all(proxies.map((p) => new Promise((resolve) => p.close(resolve))));
  });

  const portOf = (s: Server) => (s.address() as AddressInfo).port;

  for (const hops of [1, 2]) {
    it(`counts the real client through ${hops} proxy(ies), whatever it writes first`, async () => {
      process.env.TRUST_PROXY = String(hops);
      // The client → [first proxy →] nearest proxy → the server; each proxy reaches the next from
      // an address of its own on the loopback network.
      const nearest = await appendingProxy(() => port, "127.0.0.1");
      proxies.push(nearest);
      let entry = portOf(nearest);
      if (hops === 2) {
        const first = await appendingProxy(() => portOf(nearest), "127.0.0.3");
        proxies.push(first);
        entry = portOf(first);
      }
      const attacker = `127.0.${hops}.10`;
      const bystander = `127.0.${hops}.20`;
      const statuses: number[] = [];
      // 30 checks an hour per address: the 31st is refused though each claimed another address.
      for (let i = 0; i < 31; i++) statuses.push(await checkCode(entry, attacker, `203.0.113.${i}`));
      expect(statuses.slice(0, 30)).not.toContain(429);
      expect(statuses[30]).toBe(429);
      // Another client behind the same proxies is counted on its own.
      expect(await checkCode(entry, bystander, "203.0.113.1")).not.toBe(429);
    });
  }
});

describe("what caches may keep", () => {
  const ask = (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}${path}`, init);
  const policy = async (res: Promise<Response>) => {
    const answer = await res;
    await answer.body?.cancel();
    return answer.headers.get("cache-control");
  };
  const bearer = () => ({ authorization: `Bearer ${person.token}` });
  const json = (body: unknown) => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

  it("marks every personal answer, and every one that carries a token or checks a code, private", async () => {
    for (const [what, res] of [
      ["a signed-in read", ask("/api/get-profile", { headers: bearer() })],
      ["a public read asked with a token", ask("/api/get_categories", { headers: bearer() })],
      ["a code checked in the address", ask("/api/verify-otp?email=a%40b.test&otp=123456")],
      ["a code checked in a body", ask("/api/verify-otp", json({ email: "a@b.test", otp: "123456" }))],
      ["a reset code", ask("/api/password-reset-code", json({ oobCode: "nope" }))],
      ["a sign-in", ask("/api/user-login", json({ email: "a@b.test", password: "wrong-password" }))],
      ["the apps' profile", ask("/compat/api/get_user_by_id", { headers: bearer() })],
      ["the apps' code check", ask("/compat/api/verify-otp", json({ email: "a@b.test", otp: "1" }))],
    ] as const)
      expect(await policy(res), what).toBe("private, no-store");
  });

  it("leaves public reads asked without credentials to their own caching", async () => {
    for (const path of ["/api/get_categories", "/api/get_property?limit=1", "/compat/api/get_categories"])
      expect((await policy(ask(path))) ?? "", path).not.toMatch(/private|no-store/);
  });

  it("says only ok or not on its health, never why", async () => {
    const res = await ask("/healthz");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(await res.json()).sort()).toEqual(["database", "status"]);
  });
});

describe("what the log keeps", () => {
  it("writes a request carrying a token, a cookie and a code without any of them", async () => {
    const secrets = {
      token: "tok-3c5e1d7a9b",
      cookie: "ck-8f2a6b4c0d",
      code: "481516",
      resetKey: "oob-77aa99cc11",
      password: "pw-quiet-kept",
    };
    const lines: string[] = [];
    const restore = captureLogs({ write: (line: string) => void lines.push(line) }, "debug");
    try {
      const headers = {
        authorization: `Bearer ${secrets.token}`,
        cookie: `__session=${secrets.cookie}; theme=dark`,
      };
      const asked = [
        fetch(`http://127.0.0.1:${port}/api/verify-otp?email=a%40b.test&otp=${secrets.code}`, { headers }),
        fetch(`http://127.0.0.1:${port}/api/password-reset-code`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ oobCode: secrets.resetKey }),
        }),
        fetch(`http://127.0.0.1:${port}/api/user-login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "a@b.test", password: secrets.password }),
        }),
        // A browser's report of a blocked script on a page whose address holds a reset key.
        fetch(`http://127.0.0.1:${port}/csp-report`, {
          method: "POST",
          headers: { "content-type": "application/csp-report" },
          body: JSON.stringify({
            "csp-report": {
              "violated-directive": "script-src",
              "blocked-uri": "inline",
              "document-uri": `https://shop.test/reset-password?oobCode=${secrets.resetKey}`,
            },
          }),
        }),
      ];
      for (const res of await Promise.all(asked)) await res.body?.cancel();
      // And a careless line, as a future change might write one: the second net catches it.
      logger().error(
        {
          request: { headers, body: { otp: secrets.code } },
          token: secrets.token,
          oobCode: secrets.resetKey,
          user: { password: secrets.password, otp: secrets.code },
        },
        "A careless line",
      );
    } finally {
      restore();
    }
    const output = lines.join("");
    // The log was written (four request lines, the policy report, the careless line)…
    expect(lines.filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(4);
    expect(output).toContain("CSP violation");
    expect(output).toContain("A careless line");
    // …and none of the secrets is in it.
    for (const [what, secret] of Object.entries(secrets)) expect(output, what).not.toContain(secret);
  });
});
