import { describe, expect, it } from "vitest";
import {
  durationParts,
  formatPrice,
  relativeTime,
  shortCount,
  slugify,
  truncate,
  withSuffix,
} from "./format";

describe("spec §9 number suffixes", () => {
  it("uses B, M, K by default, always with 2 decimals", () => {
    expect(withSuffix(1_250_000, "AED")).toBe("1.25M");
    expect(withSuffix(1_500_000, "AED")).toBe("1.50M");
    expect(withSuffix(3_400_000_000, "USD")).toBe("3.40B");
    expect(withSuffix(45_500, "AED")).toBe("45.50K");
    expect(withSuffix(950, "AED")).toBe("950.00");
    expect(withSuffix(0, "AED")).toBe("0.00");
  });
  it("switches unit exactly at each boundary", () => {
    expect(withSuffix(999, "AED")).toBe("999.00");
    expect(withSuffix(1_000, "AED")).toBe("1.00K");
    expect(withSuffix(999_999, "AED")).toBe("1.00M");
    expect(withSuffix(1_000_000, "AED")).toBe("1.00M");
    expect(withSuffix(999_990_000, "AED")).toBe("999.99M");
    expect(withSuffix(1_000_000_000, "AED")).toBe("1.00B");
    expect(withSuffix(99_999, "INR")).toBe("1.00L");
    expect(withSuffix(10_000_000, "INR")).toBe("1.00Cr");
    expect(withSuffix(9_999, "JPY")).toBe("9999.00");
    expect(withSuffix(10_000, "JPY")).toBe("1.00万");
    expect(withSuffix(100_000_000, "KRW")).toBe("1.00億");
  });
  it("uses Cr and L for South Asian currencies", () => {
    expect(withSuffix(25_000_000, "INR")).toBe("2.50Cr");
    expect(withSuffix(350_000, "PKR")).toBe("3.50L");
    expect(withSuffix(1_234, "LKR")).toBe("1.23K");
  });
  it("uses 億 and 万 for East Asian currencies", () => {
    expect(withSuffix(300_000_000, "JPY")).toBe("3.00億");
    expect(withSuffix(50_000, "CNY")).toBe("5.00万");
  });
  it("shows two decimals with the suffix setting and without it", () => {
    const o = { locale: "en", currency: "AED", symbol: "AED" };
    expect(formatPrice(1250000, { ...o, suffix: false })).toBe("AED 1,250,000.00");
    expect(formatPrice(1500000, { ...o, suffix: true })).toBe("AED 1.50M");
    expect(formatPrice(2_000_000, { ...o, suffix: true })).toBe("AED 2.00M");
    expect(formatPrice(25_000_000, { ...o, currency: "INR", symbol: "₹", suffix: true })).toBe("₹ 2.50Cr");
  });
  it("keeps counts short: they are not amounts", () => {
    expect(shortCount(1_500)).toBe("1.5K");
    expect(shortCount(12_000)).toBe("12K");
    expect(shortCount(999_999)).toBe("1M");
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

describe("spec §9 durations", () => {
  it("shows 24 hours or more in days, with the hours left over", () => {
    expect(durationParts(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(durationParts(45)).toEqual({ days: 0, hours: 0, minutes: 45 });
    expect(durationParts(65)).toEqual({ days: 0, hours: 1, minutes: 5 });
    expect(durationParts(24 * 60 - 1)).toEqual({ days: 0, hours: 23, minutes: 59 });
    expect(durationParts(24 * 60)).toEqual({ days: 1, hours: 0, minutes: 0 });
    expect(durationParts(30 * 60 + 20)).toEqual({ days: 1, hours: 6, minutes: 0 });
    expect(durationParts(3 * 24 * 60 + 2 * 60 + 40)).toEqual({ days: 3, hours: 3, minutes: 0 });
  });
  it("relative times from 24 hours on are days (then weeks), never hours", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    expect(relativeTime(new Date(now.getTime() - 86_399_000), "en", now)).toBe("23 hours ago");
    expect(relativeTime(new Date(now.getTime() - 36 * 3_600_000), "en", now)).toBe("1 day ago");
    expect(relativeTime(new Date(now.getTime() - 47 * 3_600_000), "ar", now)).toMatch(/يوم/);
  });
});

describe("spec §9 truncation", () => {
  it("adds an ellipsis only when it cuts", () => {
    expect(truncate("short", 10)).toBe("short");
    expect(truncate("A spacious villa with a garden and pool", 20)).toBe("A spacious villa…");
    expect(truncate("abcdefghijklmnop", 8)).toBe("abcdefg…");
  });
});
