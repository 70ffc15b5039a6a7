import { describe, expect, it } from "vitest";
import { formValues, textValues } from "~/modules/listings/form/values";

describe("textValues", () => {
  it("takes the named fields a saved listing has, as text, and leaves out the empty ones", () => {
    const saved = { title: "Villa", price: 0, latitude: 25.2, city: null, other: "x" };
    expect(textValues(saved, ["title", "price", "latitude", "city", "state"])).toEqual({
      title: "Villa",
      price: "0",
      latitude: "25.2",
    });
  });
});

describe("formValues", () => {
  it("after a refused post shows only what was sent, repeated names joined", () => {
    const sent = { title: "Villa", param_3: ["a", "b"] };
    expect(formValues({ title: "Old", city: "Dubai" }, { status: "error", initialValue: sent })).toEqual({
      title: "Villa",
      param_3: "a,b",
    });
    expect(formValues({ city: "Dubai" }, null)).toEqual({ city: "Dubai" });
  });
});
