import { describe, expect, it } from "vitest";
import ar from "../../../locales/ar/common.json";
import en from "../../../locales/en/common.json";
import { packageFeatureType } from "../../db/schema";
import { FEATURE_UNAVAILABLE, GATES, gateOf, gateOfMessage, PACKAGE_FEATURE_TYPES } from "./contract";

const STEM = "Limit or Package Not Available";

describe("the per-type 'Limit or Package Not Available' (spec §8)", () => {
  it("knows every package feature the database stores", () => {
    expect([...PACKAGE_FEATURE_TYPES]).toEqual(packageFeatureType.enumValues);
  });

  it("starts with the spec's words and names the feature as the packages page does, in both languages", () => {
    const dictionary = ar as Record<string, string>;
    const messages = PACKAGE_FEATURE_TYPES.map((type) => FEATURE_UNAVAILABLE[type]);
    expect(new Set(messages).size).toBe(messages.length);
    for (const type of PACKAGE_FEATURE_TYPES) {
      const message = FEATURE_UNAVAILABLE[type];
      expect(message.startsWith(`${STEM}: `)).toBe(true);
      expect(message).toBe(`${STEM}: ${(en as Record<string, string>)[`feature_${type}`]}`);
      expect(dictionary[message]).toBe(`${dictionary[STEM]}: ${dictionary[`feature_${type}`]}`);
    }
  });

  it("words only the missing-feature gate per type, and recognises each as a gate with its OK button", () => {
    expect(gateOf("feature_unavailable", "project_list")).toEqual({
      message: "Limit or Package Not Available: Project listings",
      href: "/subscription-plan",
    });
    expect(gateOf("limit", "project_list")).toEqual(GATES.limit);
    expect(gateOf("deactivated", "property_list")).toEqual(GATES.deactivated);
    for (const type of PACKAGE_FEATURE_TYPES)
      expect(gateOfMessage(FEATURE_UNAVAILABLE[type])).toEqual({
        message: FEATURE_UNAVAILABLE[type],
        href: "/subscription-plan",
      });
    expect(gateOfMessage(STEM)).toEqual(GATES.feature_unavailable);
    expect(gateOfMessage(`${STEM}: something else`)).toBeNull();
  });
});
