import { describe, expect, it } from "vitest";
import { formatPrice, slugify, withSuffix } from "./format";

describe("spec §9 number suffixes", () => {
  it("uses B, M, K by default", () => {
    expect(withSuffix(1_250_000, "AED")).toBe("1.25M");
    expect(withSuffix(3_400_000_000, "USD")).toBe("3.4B");
    expect(withSuffix(45_500, "AED")).toBe("45.5K");
    expect(withSuffix(950, "AED")).toBe("950");
  });
  it("uses Cr and L for South Asian currencies", () => {
    expect(withSuffix(25_000_000, "INR")).toBe("2.5Cr");
    expect(withSuffix(350_000, "PKR")).toBe("3.5L");
  });
  it("uses 億 and 万 for East Asian currencies", () => {
    expect(withSuffix(300_000_000, "JPY")).toBe("3億");
    expect(withSuffix(50_000, "CNY")).toBe("5万");
  });
  it("shows two decimals without the suffix setting", () => {
    expect(formatPrice(1250000, { locale: "en", currency: "AED", symbol: "AED", suffix: false })).toBe("AED 1,250,000.00");
  });
});

describe("spec §9 slug", () => {
  it("lowercases, keeps letters, digits and hyphens, turns spaces into hyphens", () => {
    expect(slugify("  Sea View 2BR, Dubai Marina! ")).toBe("sea-view-2br-dubai-marina");
    expect(slugify("شقة في دبي")).toBe("شقة-في-دبي");
  });
});
