import { describe, expect, it } from "vitest";
import { formatPrice, relativeTime, slugify, truncate, withSuffix } from "./format";

describe("spec §9 number suffixes", () => {
  it("uses B, M, K by default", () => {
    expect(withSuffix(1_250_000, "AED")).toBe("1.25M");
    expect(withSuffix(3_400_000_000, "USD")).toBe("3.4B");
    expect(withSuffix(45_500, "AED")).toBe("45.5K");
    expect(withSuffix(950, "AED")).toBe("950");
  });
  it("switches unit exactly at each boundary", () => {
    expect(withSuffix(999, "AED")).toBe("999");
    expect(withSuffix(1_000, "AED")).toBe("1K");
    expect(withSuffix(999_999, "AED")).toBe("1M");
    expect(withSuffix(1_000_000, "AED")).toBe("1M");
    expect(withSuffix(999_990_000, "AED")).toBe("999.99M");
    expect(withSuffix(1_000_000_000, "AED")).toBe("1B");
    expect(withSuffix(99_999, "INR")).toBe("1L");
    expect(withSuffix(10_000_000, "INR")).toBe("1Cr");
    expect(withSuffix(9_999, "JPY")).toBe("9999");
    expect(withSuffix(10_000, "JPY")).toBe("1万");
    expect(withSuffix(100_000_000, "KRW")).toBe("1億");
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
    expect(formatPrice(1250000, { locale: "en", currency: "AED", symbol: "AED", suffix: false })).toBe(
      "AED 1,250,000.00",
    );
  });
});

describe("spec §9 slug", () => {
  it("lowercases, keeps letters, digits and hyphens, turns spaces into hyphens", () => {
    expect(slugify("  Sea View 2BR, Dubai Marina! ")).toBe("sea-view-2br-dubai-marina");
    expect(slugify("شقة في دبي")).toBe("شقة-في-دبي");
  });
});

describe("spec §9 relative time", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  it("picks the largest unit that fits, with its boundaries", () => {
    expect(relativeTime(ago(0), "en", now)).toBe("just now");
    expect(relativeTime(ago(1), "en", now)).toBe("1 second ago");
    expect(relativeTime(ago(59), "en", now)).toBe("59 seconds ago");
    expect(relativeTime(ago(60), "en", now)).toBe("1 minute ago");
    expect(relativeTime(ago(3_599), "en", now)).toBe("59 minutes ago");
    expect(relativeTime(ago(3_600), "en", now)).toBe("1 hour ago");
    expect(relativeTime(ago(86_399), "en", now)).toBe("23 hours ago");
    expect(relativeTime(ago(86_400), "en", now)).toBe("1 day ago");
    expect(relativeTime(ago(6 * 86_400), "en", now)).toBe("6 days ago");
    expect(relativeTime(ago(7 * 86_400), "en", now)).toBe("1 week ago");
    expect(relativeTime(ago(29 * 86_400), "en", now)).toBe("4 weeks ago");
    expect(relativeTime(ago(30 * 86_400), "en", now)).toBe("1 month ago");
    expect(relativeTime(ago(364 * 86_400), "en", now)).toBe("12 months ago");
    expect(relativeTime(ago(365 * 86_400), "en", now)).toBe("1 year ago");
  });
  it("speaks Arabic", () => {
    expect(relativeTime(ago(2 * 86_400), "ar", now)).toMatch(/يوم/);
    expect(relativeTime(ago(0), "ar", now)).toBe("الآن");
  });
});

describe("spec §9 truncation", () => {
  it("adds an ellipsis only when it cuts", () => {
    expect(truncate("short", 10)).toBe("short");
    expect(truncate("A spacious villa with a garden and pool", 20)).toBe("A spacious villa…");
    expect(truncate("abcdefghijklmnop", 8)).toBe("abcdefg…");
  });
});
