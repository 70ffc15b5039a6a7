import { describe, expect, it } from "vitest";
import { iconSvg, iconUrl } from "./icons";

describe("icons of categories, details and facilities", () => {
  it("an emoji of the demo data, an icon name and an address all become image addresses", () => {
    expect(iconUrl("🏡")).toBe("/icons/house.svg");
    expect(iconUrl("🏫")).toBe("/icons/school.svg");
    expect(iconUrl("school")).toBe("/icons/school.svg");
    expect(iconUrl("/uploads/icons/mine.png")).toBe("/uploads/icons/mine.png");
    expect(iconUrl("🦄")).toBe("/icons/shapes.svg");
    expect(iconUrl("")).toBeNull();
    expect(iconUrl(null)).toBeNull();
  });

  it("serves the SVG of a known icon in one colour, and nothing for another name", async () => {
    const svg = await iconSvg("house");
    expect(svg).toMatch(/^<svg/);
    expect(svg).not.toMatch(/currentColor/);
    expect(await iconSvg("no-such-icon-here")).toBeNull();
    expect(await iconSvg("../package")).toBeNull();
  });
});
