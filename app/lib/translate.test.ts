import { describe, expect, it } from "vitest";
import { createTranslator } from "./translate";
import ar from "../../locales/ar/common.json";
import en from "../../locales/en/common.json";

describe("createTranslator", () => {
  it("translates the spec's messages and falls back to the key", () => {
    expect(createTranslator("ar", ar).t("Name is required")).toBe("الاسم مطلوب");
    expect(createTranslator("ar", ar).t("Something untranslated")).toBe("Something untranslated");
  });

  it("picks plural forms by the language's rules", () => {
    const tEn = createTranslator("en", en).t;
    expect(tEn("{{count}} properties found", { count: 1 })).toBe("1 property found");
    expect(tEn("{{count}} properties found", { count: 12 })).toBe("12 properties found");
    const tAr = createTranslator("ar", ar).t;
    expect(tAr("{{count}} properties found", { count: 0 })).toBe("لم يتم العثور على عقارات");
    expect(tAr("{{count}} properties found", { count: 2 })).toBe("تم العثور على عقارين");
    expect(tAr("{{count}} properties found", { count: 5 })).toBe("تم العثور على 5 عقارات");
    expect(tAr("{{count}} properties found", { count: 11 })).toBe("تم العثور على 11 عقارًا");
  });

  it("every English key has an Arabic translation", () => {
    const missing = Object.keys(en).filter((k) => !(k in ar) && !/_(one|other)$/.test(k));
    expect(missing).toEqual([]);
  });
});
