import { describe, expect, it } from "vitest";
import { dirOf, localeFromPath, localizePath, stripLocale } from "./i18n";

describe("locale in the URL", () => {
  it("reads the locale from the path", () => {
    expect(localeFromPath("/ar/properties")).toBe("ar");
    expect(localeFromPath("/ar")).toBe("ar");
    expect(localeFromPath("/properties")).toBe("en");
    expect(localeFromPath("/arabic-villas")).toBe("en");
  });
  it("builds the same page in another language", () => {
    expect(localizePath("ar", "/properties?city=Dubai")).toBe("/ar/properties?city=Dubai");
    expect(localizePath("ar", "/")).toBe("/ar");
    expect(localizePath("en", "/ar/properties?x=1")).toBe("/properties?x=1");
    expect(localizePath("en", "/ar")).toBe("/");
    expect(stripLocale("/ar?x=1")).toBe("/?x=1");
  });
  it("Arabic is right to left", () => {
    expect(dirOf("ar")).toBe("rtl");
    expect(dirOf("en")).toBe("ltr");
  });
});
