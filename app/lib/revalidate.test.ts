import { describe, expect, it } from "vitest";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { rootShouldRevalidate } from "./revalidate";

const args = (from: string, to: string, extra: Partial<ShouldRevalidateFunctionArgs> = {}) =>
  ({
    currentUrl: new URL(from, "http://x"),
    nextUrl: new URL(to, "http://x"),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: true,
    ...extra,
  }) as ShouldRevalidateFunctionArgs;

describe("the root's shouldRevalidate", () => {
  it("skips filters: the same page with other search parameters", () => {
    expect(rootShouldRevalidate(args("/properties", "/properties?property_type=rent"))).toBe(false);
    expect(
      rootShouldRevalidate(args("/ar/properties?page=2", "/ar/properties?page=3", { formMethod: "GET" })),
    ).toBe(false);
  });

  it("runs after a form post, on another page, and when asked for the same URL again", () => {
    expect(
      rootShouldRevalidate(
        args("/properties-details/x", "/properties-details/x?sent=1", { formMethod: "POST" }),
      ),
    ).toBe(true);
    expect(
      rootShouldRevalidate(args("/user/saved-searches", "/user/saved-searches", { formMethod: "DELETE" })),
    ).toBe(true);
    expect(rootShouldRevalidate(args("/properties", "/properties"))).toBe(true);
    expect(rootShouldRevalidate(args("/for-you", "/user/profile"))).toBe(true);
    expect(rootShouldRevalidate(args("/properties", "/ar/properties"))).toBe(true);
  });

  it("otherwise follows React Router's default", () => {
    expect(rootShouldRevalidate(args("/properties", "/agents", { defaultShouldRevalidate: false }))).toBe(
      false,
    );
    expect(
      rootShouldRevalidate(args("/a", "/a?x=1", { formMethod: "POST", defaultShouldRevalidate: false })),
    ).toBe(false);
  });
});
