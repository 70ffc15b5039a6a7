// The visitor's address, as the rate limits key it: the connection's own, or, behind proxies we were
// told about (TRUST_PROXY), the address the nearest untrusted hop gave. Proxies and CDNs append the
// address they saw to X-Forwarded-For, so the list is read from the right: every entry left of the
// first untrusted hop was written by the client itself and may say anything (decision 051).
import proxyAddr from "proxy-addr";
import ipaddr from "ipaddr.js";
import { ConfigurationError } from "../runtime/env.server";

/** Which hops are proxies of ours: a hop's address and its place counted from our side (0 = the connection). */
export type TrustedHops = (address: string, hop: number) => boolean;

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY as Express reads its `trust proxy` setting, less its unsafe `true` (every hop
 * trusted, so the leftmost entry, the client's own, wins): unset, empty or `0` trusts no proxy; a
 * whole number is how many proxies stand in front; otherwise a comma-separated list of the proxies'
 * addresses or subnets (`10.0.0.0/8`, `loopback`, `uniquelocal`, `linklocal`).
 */
export function parseTrustProxy(value: string | undefined): TrustedHops | null {
  const text = value?.trim() ?? "";
  if (text === "" || text === "0" || text === "false") return null;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  const entries = text.split(",").map((s) => s.trim());
  for (const entry of entries) {
    const [address, bits] = entry.split("/");
    const valid =
      NAMED_RANGES.has(entry) ||
      (ipaddr.isValid(address ?? "") && (bits === undefined || /^\d{1,3}$/.test(bits)));
    if (!valid)
      throw new ConfigurationError(
        `TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or their addresses or subnets (e.g. 10.0.0.0/8, loopback), not "${entry}"`,
      );
  }
  try {
    return proxyAddr.compile(entries);
  } catch (error) {
    throw new ConfigurationError(`TRUST_PROXY: ${(error as Error).message}`);
  }
}

let parsed: { from: string | undefined; trust: TrustedHops | null } | undefined;

/** TRUST_PROXY of this process (read again only when it changes, which tests do). */
export function trustedHops(): TrustedHops | null {
  const from = process.env.TRUST_PROXY;
  if (!parsed || parsed.from !== from) parsed = { from, trust: parseTrustProxy(from) };
  return parsed.trust;
}

/** Whether anything in front of us is trusted (for X-Forwarded-Host as well). */
export const behindTrustedProxy = () => trustedHops() !== null;

/**
 * The client's address: the connection's when no proxy is trusted; otherwise the rightmost address
 * in X-Forwarded-For that no trusted hop wrote. An entry that is not an address (a proxy that writes
 * `unknown`, a client's garbage past a trusted hop) is not believed: the hop before it is used.
 */
export function clientAddress(
  connection: string | undefined,
  forwardedFor: string | null | undefined,
  trust: TrustedHops | null = trustedHops(),
): string {
  if (!connection) return "unknown";
  const socket = ipaddr.isValid(connection) ? normalise(connection) : connection;
  if (!trust) return socket;
  const request = {
    socket: { remoteAddress: connection },
    headers: { "x-forwarded-for": forwardedFor ?? "" },
  };
  const chain = proxyAddr.all(request as never, trust);
  // `all` lists the connection first, then X-Forwarded-For from right to left, up to and including
  // the first hop not trusted: that hop is the client.
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = chain[i];
    if (address && ipaddr.isValid(address)) return normalise(address);
  }
  return socket;
}

/** One spelling per address: an IPv4 address seen over IPv6 (`::ffff:1.2.3.4`) counts as itself. */
function normalise(address: string): string {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  return parsed.toString();
}
