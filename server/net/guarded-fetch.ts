// The one way the server fetches a URL that someone gave us (a pasted map link, a tile server's
// address): the far end must be a host the caller allows, reached at a public address, within a short
// time and a small body. Everything else (a link that leads to our own network, the cloud's metadata
// service, a server that never ends its answer) is refused before a byte is read.
//
// Why not plain fetch(): it resolves the name itself, so a name that answered a public address to our
// check could answer 127.0.0.1 to the connection (DNS rebinding); it follows redirects to anywhere;
// and it reads a body of any size. Here the name is resolved once, every address checked, and the
// connection made to the checked address; redirects are followed by hand, each hop checked again.
import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export type GuardedFetchFailure =
  /** Not http(s), or not a URL at all. */
  | "scheme"
  /** A host the caller does not allow (the first URL or a redirect). */
  | "host"
  /** The name leads to a private, loopback, link-local or otherwise non-public address. */
  | "address"
  /** The name does not resolve. */
  | "dns"
  /** More redirects than allowed, or a redirect without a usable Location. */
  | "redirects"
  | "timeout"
  /** The body is larger than allowed. */
  | "too-large"
  /** The connection failed or broke. */
  | "network";

export class GuardedFetchError extends Error {
  constructor(
    readonly reason: GuardedFetchFailure,
    message: string,
    /** The URL refused or being fetched (a refused redirect's target is worth reading, never fetching). */
    readonly url?: string,
  ) {
    super(message);
    this.name = "GuardedFetchError";
  }
}

export interface GuardedFetchOptions {
  /** Hosts that may be asked: an exact name (`maps.apple.com`) or every subdomain of one (`*.example.org`). */
  allowHosts: readonly string[];
  /** For the whole exchange, every redirect included. */
  timeoutMs?: number;
  /** The most body bytes read; a larger body is refused. */
  maxBytes?: number;
  /** Redirects followed; one more is refused. */
  maxRedirects?: number;
  /** Refuse plain http, on the first address and on every redirect (imports from other portals). */
  httpsOnly?: boolean;
  /** Extra request headers. Cookies and credentials are never sent, whatever is given here. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Tests only: lets loopback addresses through (a stand-in server on 127.0.0.1). Nothing in the
   * product sets it; the default comes from `setTestNetwork`, which only tests call.
   */
  allowLoopbackForTests?: boolean;
}

export interface GuardedResponse {
  /** The URL that answered, after redirects. */
  url: string;
  /** Every URL asked, in order, the first and the last included. */
  chain: string[];
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export const DEFAULT_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_BYTES = 256 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Never forwarded, even when a caller passes them. */
const WITHHELD_HEADERS = new Set([
  "cookie",
  "authorization",
  "proxy-authorization",
  "host",
  "connection",
  "transfer-encoding",
]);

type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** What tests may change about the network; the product always runs with the defaults. */
interface TestNetwork {
  allowLoopback: boolean;
  resolve: Resolver;
  tls?: { ca: string; port: number };
}
let testNetwork: TestNetwork = { allowLoopback: false, resolve: systemResolver };

/**
 * Tests only: let loopback addresses through and/or answer names from a table, so a stand-in server
 * on 127.0.0.1 can play a far host. Refused in production, so no mistake can open the door there.
 * Call with no argument to restore the defaults.
 */
export function setTestNetwork(change?: {
  allowLoopback?: boolean;
  hosts?: Record<string, string | string[]>;
  /** A loopback stand-in for an https site: its certificate authority, and the port it listens on instead of 443. */
  tls?: { ca: string; port: number };
}) {
  if (process.env.NODE_ENV === "production") throw new Error("setTestNetwork is for tests only");
  if (!change) {
    testNetwork = { allowLoopback: false, resolve: systemResolver };
    return;
  }
  const hosts = change.hosts;
  testNetwork = {
    allowLoopback: change.allowLoopback ?? false,
    tls: change.tls,
    resolve: hosts
      ? async (host) => {
          const known = hosts[host.toLowerCase()];
          if (!known) return systemResolver(host);
          return [known].flat().map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
        }
      : systemResolver,
  };
}

// ---------------------------------------------------------------------------------------------
// Addresses

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse("2000::");

/** The IPv4 address carried inside an IPv6 one (mapped, translated, NAT64, 6to4), if any. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = v6.range();
  const b = v6.toByteArray();
  if (range === "ipv4Mapped" || range === "rfc6145" || range === "rfc6052")
    return new ipaddr.IPv4(b.slice(12, 16));
  if (range === "6to4") return new ipaddr.IPv4(b.slice(2, 6));
  return null;
}

/**
 * True for an address on the public Internet. Private networks, loopback, link-local (the cloud's
 * metadata service at 169.254.169.254), carrier-grade NAT, multicast, broadcast, unspecified,
 * documentation and reserved ranges are not; nor is an IPv6 address that carries one of those
 * (IPv4-mapped, NAT64, 6to4), nor Teredo (which tunnels to an address we cannot see).
 */
export function isPublicAddress(address: string, options: { allowLoopback?: boolean } = {}): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  } catch {
    return false;
  }
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    const inner = embeddedIPv4(v6);
    if (inner) return isPublicAddress(inner.toString(), options);
    const range = v6.range();
    if (range === "loopback") return Boolean(options.allowLoopback);
    // Only 2000::/3 is handed out as global unicast; the rest is special or unassigned.
    return range === "unicast" && v6.match(GLOBAL_UNICAST_V6, 3);
  }
  const range = (parsed as ipaddr.IPv4).range();
  if (range === "loopback") return Boolean(options.allowLoopback);
  return range === "unicast";
}

// ---------------------------------------------------------------------------------------------
// Hosts and URLs

/** Whether a host is on the list: `example.org` matches itself; `*.example.org` any name under it. */
export function hostAllowed(host: string, allowHosts: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return allowHosts.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.startsWith("*.") ? h.endsWith(p.slice(1)) && h.length > p.length - 1 : h === p;
  });
}

/** The URL if its scheme and host may be asked at all (no DNS yet), else the refusal. */
function checkUrl(raw: string | URL, allowHosts: readonly string[], httpsOnly = false): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new GuardedFetchError("scheme", "Not a URL", String(raw));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new GuardedFetchError(
      "scheme",
      `Only http and https links are followed, not ${url.protocol}`,
      url.href,
    );
  if (httpsOnly && url.protocol !== "https:")
    throw new GuardedFetchError("scheme", "Only https links are followed", url.href);
  // Credentials in a URL are someone else's: never sent on.
  if (url.username || url.password)
    throw new GuardedFetchError("host", "Links with a user name or password are not followed", url.href);
  if (!hostAllowed(url.hostname.replace(/^\[|\]$/g, ""), allowHosts))
    throw new GuardedFetchError("host", `${url.hostname} is not a host we fetch from`, url.href);
  return url;
}

/** Every address the host stands for, each checked; a single bad one refuses the host. */
async function checkedAddresses(
  url: URL,
  allowLoopback: boolean,
  signal: AbortSignal,
): Promise<{ address: string; family: number }[]> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await abortable(testNetwork.resolve(host), signal);
    } catch (error) {
      if (error instanceof GuardedFetchError) throw error;
      throw new GuardedFetchError("dns", `${host} could not be found`, url.href);
    }
  }
  if (!addresses.length) throw new GuardedFetchError("dns", `${host} could not be found`, url.href);
  // All of them: a name that answers one public and one private address must not get a second chance.
  for (const a of addresses) {
    if (!isPublicAddress(a.address, { allowLoopback }))
      throw new GuardedFetchError("address", `${host} leads to an address we do not connect to`, url.href);
  }
  return addresses;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new GuardedFetchError("timeout", "The far server took too long"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new GuardedFetchError("timeout", "The far server took too long"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// One hop

interface Hop {
  status: number;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/** One request to addresses already checked: the socket's own lookup can only answer those. */
function requestOnce(
  url: URL,
  addresses: { address: string; family: number }[],
  headers: Record<string, string>,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Hop> {
  const pinned: LookupFunction = (_host, options, callback) => {
    const wanted = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
    const list = wanted.length ? wanted : addresses;
    if (options.all) callback(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
  const client = url.protocol === "https:" ? https : http;
  // Tests' https stand-in: its own certificate authority and port (never in production: setTestNetwork refuses).
  const stand =
    url.protocol === "https:" && testNetwork.tls && process.env.NODE_ENV !== "production"
      ? testNetwork.tls
      : undefined;
  const broke = (what: string) =>
    signal.aborted
      ? new GuardedFetchError("timeout", "The far server took too long", url.href)
      : new GuardedFetchError("network", what, url.href);
  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: Hop | GuardedFetchError) => {
      if (settled) return;
      settled = true;
      if (outcome instanceof GuardedFetchError) {
        req.destroy();
        reject(outcome);
      } else {
        resolve(outcome);
      }
    };
    const req = client.request(
      url,
      {
        method: "GET",
        headers,
        lookup: pinned,
        ...(stand ? { ca: stand.ca, port: stand.port } : {}),
        // A fresh connection every time: no socket of another host (or another check) is reused.
        agent: false,
        signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // A redirect's body says nothing we need: only its Location.
        if (REDIRECTS.has(status) && res.headers.location) {
          finish({ status, headers: res.headers, body: Buffer.alloc(0) });
          req.destroy();
          return;
        }
        const declared = Number(res.headers["content-length"]);
        if (Number.isFinite(declared) && declared > maxBytes)
          return finish(new GuardedFetchError("too-large", "The far server's answer is too large", url.href));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          // Stop reading at once: a body without a length can be endless.
          if (size > maxBytes)
            return finish(
              new GuardedFetchError("too-large", "The far server's answer is too large", url.href),
            );
          chunks.push(chunk);
        });
        res.on("end", () => finish({ status, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", () => finish(broke("The far server's answer broke off")));
        res.on("aborted", () => finish(broke("The far server's answer broke off")));
      },
    );
    req.on("error", () => finish(broke("The far server could not be reached")));
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------

/**
 * GET a URL someone gave us, under the rules at the top of this file. Answers whatever status the
 * far server gave in the end (the caller decides what a 404 means); throws GuardedFetchError for
 * everything refused or failed.
 */
export async function guardedFetch(
  raw: string | URL,
  options: GuardedFetchOptions,
): Promise<GuardedResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  // Whatever a caller passes, production never connects to loopback.
  const allowLoopback =
    (options.allowLoopbackForTests ?? testNetwork.allowLoopback) && process.env.NODE_ENV !== "production";
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const headers: Record<string, string> = {
    accept: "*/*",
    "accept-encoding": "identity",
    "user-agent": "SouqEstate/1.0",
  };
  for (const [k, v] of Object.entries(options.headers ?? {}))
    if (!WITHHELD_HEADERS.has(k.toLowerCase())) headers[k.toLowerCase()] = v;

  let url = checkUrl(raw, options.allowHosts, options.httpsOnly);
  const chain: string[] = [];
  for (let hop = 0; ; hop++) {
    chain.push(url.href);
    const addresses = await checkedAddresses(url, allowLoopback, signal);
    const res = await requestOnce(url, addresses, headers, maxBytes, signal).catch((error: unknown) => {
      if (error instanceof GuardedFetchError) throw error;
      throw new GuardedFetchError(
        signal.aborted ? "timeout" : "network",
        signal.aborted ? "The far server took too long" : "The far server could not be reached",
        url.href,
      );
    });
    const location = res.headers.location;
    if (!REDIRECTS.has(res.status) || !location)
      return { url: url.href, chain, status: res.status, headers: res.headers, body: res.body };
    if (hop >= maxRedirects)
      throw new GuardedFetchError("redirects", `More than ${maxRedirects} redirects`, url.href);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new GuardedFetchError("redirects", "A redirect to something that is not a URL", url.href);
    }
    url = checkUrl(next, options.allowHosts, options.httpsOnly);
  }
}
