import { describe, expect, it } from "vitest";
import { isCrossSitePost } from "./app";

const post = (headers: Record<string, string>) => new Request("http://shop.test/login", { method: "POST", headers: { host: "shop.test", ...headers } });

describe("cross-site form posts", () => {
  it("accepts posts from our own pages", () => {
    expect(isCrossSitePost(post({ "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isCrossSitePost(post({ origin: "http://shop.test" }))).toBe(false);
    expect(isCrossSitePost(new Request("http://shop.test/properties"))).toBe(false);
  });
  it("refuses posts from other sites", () => {
    expect(isCrossSitePost(post({ "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSitePost(post({ origin: "https://evil.test" }))).toBe(true);
    expect(isCrossSitePost(post({ origin: "null" }))).toBe(true);
  });
});
