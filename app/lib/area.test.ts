import { describe, expect, it } from "vitest";
import { convertArea, formatArea } from "./area";

describe("area conversion", () => {
  it("converts between common and regional units", () => {
    expect(convertArea(1, "sqm", "sqft")).toBeCloseTo(10.7639, 4);
    expect(convertArea(1, "acre", "sqft")).toBeCloseTo(43_560, 6);
    expect(convertArea(1, "hectare", "acre")).toBeCloseTo(2.4711, 4);
    expect(convertArea(1, "feddan", "qirat")).toBeCloseTo(24, 2);
    expect(convertArea(1, "dunam", "sqm")).toBe(1000);
    expect(convertArea(1, "sqkm", "hectare")).toBe(100);
  });
  it("prints without noise", () => {
    expect(formatArea(10.763910416709722, "en")).toBe("10.7639");
    expect(formatArea(43560.00000000001, "en")).toBe("43,560");
  });
});
