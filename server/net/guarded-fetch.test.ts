import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  GuardedFetchError,
  guardedFetch,
  hostAllowed,
  isPublicAddress,
  setTestNetwork,
} from "./guarded-fetch";

// A far server played by a local one on 127.0.0.1 (a random port): redirects, big and slow answers.
let server: Server;
let base: string;
let port: number;
const seen: IncomingMessage[] = [];

function handle(req: IncomingMessage, res: ServerResponse) {
  seen.push(req);
  const url = new URL(req.url ?? "/", "http://stand-in");
  const go = (location: string) => {
    res.writeHead(302, { location });
    res.end("moved");
  };
  if (url.pathname === "/short") return go("/step");
  if (url.pathname === "/step") return go(`${base}/maps/place/@25.1972,55.2744,17z`);
  if (url.pathname.startsWith("/maps/place/")) return res.end("<html>the place</html>");
  // /hops/N redirects N more times before answering.
  const hops = /^\/hops\/(\d+)$/.exec(url.pathname);
  if (hops) return Number(hops[1]) === 0 ? res.end("arrived") : go(`/hops/${Number(hops[1]) - 1}`);
  if (url.pathname === "/to") return go(url.searchParams.get("u")!);
  if (url.pathname === "/big") {
    // No Content-Length: the cap must stop the reading, not the header.
    res.writeHead(200, { "content-type": "text/plain" });
    const chunk = Buffer.alloc(16 * 1024, 97);
    for (let i = 0; i < 40; i++) res.write(chunk);
    return res.end();
  }
  if (url.pathname === "/big-declared") {
    res.writeHead(200, { "content-length": String(1024 * 1024) });
    return res.end(Buffer.alloc(1024 * 1024));
  }
  if (url.pathname === "/slow") return setTimeout(() => res.end("late"), 3_000);
  if (url.pathname === "/trickle") {
    res.writeHead(200);
    res.write("a");
    return setTimeout(() => res.end("b"), 3_000);
  }
  if (url.pathname === "/headers") return res.end(JSON.stringify(req.headers));
  res.writeHead(404);
  res.end();
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterEach(() => setTestNetwork());
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const local = { allowHosts: ["127.0.0.1"] };

async function refusal(promise: Promise<unknown>): Promise<GuardedFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GuardedFetchError);
  return error as GuardedFetchError;
}

describe("guardedFetch", () => {
  it("follows redirects to the page with the coordinates", async () => {
    setTestNetwork({ allowLoopback: true });
    const res = await guardedFetch(`${base}/short`, local);
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${base}/maps/place/@25.1972,55.2744,17z`);
    expect(res.chain).toEqual([`${base}/short`, `${base}/step`, `${base}/maps/place/@25.1972,55.2744,17z`]);
    expect(res.body.toString()).toBe("<html>the place</html>");
  });

  it("connects to the address it checked, not to a second answer for the name", async () => {
    // The name exists only in the test table: reaching the stand-in proves the checked address was used.
    setTestNetwork({ allowLoopback: true, hosts: { "maps.example.test": "127.0.0.1" } });
    const res = await guardedFetch(`http://maps.example.test:${port}/hops/0`, {
      allowHosts: ["maps.example.test"],
    });
    expect(res.body.toString()).toBe("arrived");
    expect(seen.at(-1)!.headers.host).toBe(`maps.example.test:${port}`);
  });

  it("refuses a redirect to a host that is not allowed, and says where it led", async () => {
    setTestNetwork({ allowLoopback: true });
    const e = await refusal(
      guardedFetch(`${base}/to?u=${encodeURIComponent("https://evil.example/@1,2")}`, local),
    );
    expect(e.reason).toBe("host");
    expect(e.url).toBe("https://evil.example/@1,2");
  });

  it("refuses loopback, private, link-local and mapped addresses unless a test allows loopback", async () => {
    const all = {
      allowHosts: ["127.0.0.1", "10.0.0.7", "169.254.169.254", "::1", "::ffff:7f00:1", "0.0.0.0"],
    };
    for (const url of [
      `${base}/hops/0`,
      "http://10.0.0.7/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://0.0.0.0/",
    ]) {
      const e = await refusal(guardedFetch(url, all));
      expect(e.reason, url).toBe("address");
    }
    // Allowing loopback for a test lets loopback through, and nothing else.
    setTestNetwork({ allowLoopback: true });
    expect((await guardedFetch(`${base}/hops/0`, all)).status).toBe(200);
    for (const url of ["http://10.0.0.7/", "http://169.254.169.254/latest/meta-data/"]) {
      expect((await refusal(guardedFetch(url, all))).reason, url).toBe("address");
    }
  });

  it("takes the explicit test option as well, for one request", async () => {
    expect((await guardedFetch(`${base}/hops/0`, { ...local, allowLoopbackForTests: true })).status).toBe(
      200,
    );
    expect((await refusal(guardedFetch(`${base}/hops/0`, local))).reason).toBe("address");
  });

  it("refuses a redirect from an allowed server to a private address", async () => {
    setTestNetwork({ allowLoopback: true });
    const e = await refusal(
      guardedFetch(`${base}/to?u=${encodeURIComponent("http://169.254.169.254/latest/meta-data/")}`, {
        allowHosts: ["127.0.0.1", "169.254.169.254"],
      }),
    );
    expect(e.reason).toBe("address");
  });

  it("refuses a name when any of its addresses is private (no second chance for rebinding)", async () => {
    setTestNetwork({
      hosts: {
        "mixed.example.test": ["93.184.215.14", "10.0.0.1"],
        "inside.example.test": "192.168.1.1",
        "mapped.example.test": "::ffff:10.0.0.1",
      },
    });
    for (const host of ["mixed.example.test", "inside.example.test", "mapped.example.test"]) {
      expect(
        (await refusal(guardedFetch(`https://${host}/`, { allowHosts: ["*.example.test"] }))).reason,
        host,
      ).toBe("address");
    }
  });

  it("follows five redirects and refuses a sixth", async () => {
    setTestNetwork({ allowLoopback: true });
    expect((await guardedFetch(`${base}/hops/5`, local)).body.toString()).toBe("arrived");
    expect((await refusal(guardedFetch(`${base}/hops/6`, local))).reason).toBe("redirects");
  });

  it("refuses schemes other than http and https, first or after a redirect", async () => {
    setTestNetwork({ allowLoopback: true });
    for (const url of [
      "file:///etc/passwd",
      "ftp://127.0.0.1/",
      "javascript:alert(1)",
      "data:text/plain,hi",
      "not a url",
    ]) {
      expect((await refusal(guardedFetch(url, local))).reason, url).toBe("scheme");
    }
    for (const target of ["file:///etc/passwd", "ftp://127.0.0.1/x", "javascript:alert(1)"]) {
      expect(
        (await refusal(guardedFetch(`${base}/to?u=${encodeURIComponent(target)}`, local))).reason,
        target,
      ).toBe("scheme");
    }
  });

  it("refuses a body over the cap, with or without a declared length", async () => {
    setTestNetwork({ allowLoopback: true });
    expect((await refusal(guardedFetch(`${base}/big`, local))).reason).toBe("too-large");
    expect((await refusal(guardedFetch(`${base}/big-declared`, local))).reason).toBe("too-large");
    expect((await guardedFetch(`${base}/big`, { ...local, maxBytes: 1024 * 1024 })).body.length).toBe(
      640 * 1024,
    );
  });

  it("gives up on a slow server", async () => {
    setTestNetwork({ allowLoopback: true });
    const started = Date.now();
    expect((await refusal(guardedFetch(`${base}/slow`, { ...local, timeoutMs: 300 }))).reason).toBe(
      "timeout",
    );
    expect((await refusal(guardedFetch(`${base}/trickle`, { ...local, timeoutMs: 300 }))).reason).toBe(
      "timeout",
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("never sends cookies or credentials", async () => {
    setTestNetwork({ allowLoopback: true });
    const res = await guardedFetch(`${base}/headers`, {
      ...local,
      headers: { Cookie: "session=secret", Authorization: "Bearer secret", "x-wanted": "yes" },
    });
    const sent = JSON.parse(res.body.toString()) as Record<string, string>;
    expect(sent.cookie).toBeUndefined();
    expect(sent.authorization).toBeUndefined();
    expect(sent["x-wanted"]).toBe("yes");
    expect((await refusal(guardedFetch(`http://user:pass@127.0.0.1:${port}/headers`, local))).reason).toBe(
      "host",
    );
  });

  it("refuses to open loopback in production", () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      expect(() => setTestNetwork({ allowLoopback: true })).toThrow();
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["93.184.215.14", true],
    ["2606:4700:4700::1111", true],
    ["64:ff9b::808:808", true], // NAT64 of 8.8.8.8
    ["127.0.0.1", false],
    ["127.1.2.3", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["192.168.0.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["255.255.255.255", false],
    ["224.0.0.1", false],
    ["192.0.2.1", false],
    ["198.18.0.1", false],
    ["::", false],
    ["::1", false],
    ["fe80::1", false],
    ["fc00::1", false],
    ["fd12:3456::1", false],
    ["ff02::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:169.254.169.254", false],
    ["64:ff9b::7f00:1", false], // NAT64 of 127.0.0.1
    ["64:ff9b::a9fe:a9fe", false], // NAT64 of 169.254.169.254
    ["2002:7f00:1::", false], // 6to4 of 127.0.0.1
    ["2001:0:4136:e378::1", false], // Teredo
    ["::7f00:1", false], // IPv4-compatible, deprecated
    ["2001:db8::1", false],
    ["not an address", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it("lets loopback through only when asked", () => {
    expect(isPublicAddress("127.0.0.1", { allowLoopback: true })).toBe(true);
    expect(isPublicAddress("::1", { allowLoopback: true })).toBe(true);
    expect(isPublicAddress("::ffff:127.0.0.1", { allowLoopback: true })).toBe(true);
    expect(isPublicAddress("10.0.0.1", { allowLoopback: true })).toBe(false);
  });
});

describe("hostAllowed", () => {
  it("matches exact names and subdomains of a wildcard, nothing that merely ends alike", () => {
    const list = ["maps.apple.com", "*.openstreetmap.org"];
    expect(hostAllowed("maps.apple.com", list)).toBe(true);
    expect(hostAllowed("MAPS.APPLE.COM.", list)).toBe(true);
    expect(hostAllowed("tile.openstreetmap.org", list)).toBe(true);
    expect(hostAllowed("a.b.openstreetmap.org", list)).toBe(true);
    expect(hostAllowed("openstreetmap.org", list)).toBe(false);
    expect(hostAllowed("evilopenstreetmap.org", list)).toBe(false);
    expect(hostAllowed("openstreetmap.org.evil.example", list)).toBe(false);
    expect(hostAllowed("apple.com", list)).toBe(false);
  });
});
