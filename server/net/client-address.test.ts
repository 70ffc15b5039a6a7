// TRUST_PROXY read as the number of proxies in front or their addresses, and the visitor's address
// taken from the right of X-Forwarded-For past them (the same over real proxies: server/http/front-http.test.ts).
import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustProxy } from "./client-address";

describe("the visitor's address", () => {
  it("is the connection's when no proxy is trusted, whatever the client writes", () => {
    for (const setting of [undefined, "", "0"]) {
      const trust = parseTrustProxy(setting);
      expect(trust).toBeNull();
      expect(clientAddress("198.51.100.7", "1.2.3.4", trust)).toBe("198.51.100.7");
    }
  });

  it("is read from the right past as many proxies as TRUST_PROXY counts", () => {
    // The client wrote 1.2.3.4 itself; the first proxy appended the client's real address.
    expect(clientAddress("10.0.0.2", "1.2.3.4, 198.51.100.7", parseTrustProxy("1"))).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.2", "1.2.3.4, 198.51.100.7, 10.0.0.1", parseTrustProxy("2"))).toBe(
      "198.51.100.7",
    );
    // Fewer entries than proxies (a request that skipped one): the furthest address known.
    expect(clientAddress("10.0.0.2", "198.51.100.7", parseTrustProxy("3"))).toBe("198.51.100.7");
  });

  it("trusts only the proxies named by address or subnet", () => {
    const trust = parseTrustProxy("10.0.0.0/8, loopback");
    expect(clientAddress("10.0.0.2", "1.2.3.4, 198.51.100.7, 10.0.0.1", trust)).toBe("198.51.100.7");
    // A connection from elsewhere is the client, whatever it forwards.
    expect(clientAddress("203.0.113.9", "1.2.3.4", trust)).toBe("203.0.113.9");
  });

  it("does not believe an entry that is not an address, and counts IPv4 over IPv6 as itself", () => {
    expect(clientAddress("10.0.0.2", "garbage", parseTrustProxy("1"))).toBe("10.0.0.2");
    expect(clientAddress("::ffff:198.51.100.7", null, null)).toBe("198.51.100.7");
  });

  it("refuses a setting it cannot read, saying what to set", () => {
    for (const bad of ["true", "yes", "10.0.0.0/x", "proxy.example"])
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY must be the number of proxies/);
  });
});
