import { describe, expect, it } from "vitest";
import { postPropertySchema } from "./post-schema";

const base = {
  title: "Flat by the water",
  description: "Two bedrooms and a balcony over the marina.",
  category_id: "1",
  property_type: "sell",
  city: "Dubai",
  state: "Dubai",
  country: "United Arab Emirates",
  address: "Marina Walk 1",
  title_image: new File([new Uint8Array([0xff, 0xd8, 0xff])], "a.jpg", { type: "image/jpeg" }),
};

const priceOf = (price: string) => {
  const r = postPropertySchema.safeParse({ ...base, price });
  return r.success ? r.data.price : r.error.issues.filter((i) => i.path[0] === "price").map((i) => i.message);
};

describe("price", () => {
  it("fits the column (12 digits and cents) or is refused on the field, never overflowing in the database", () => {
    expect(priceOf("999999999999")).toBe(999_999_999_999);
    expect(priceOf("1000000000000")).toEqual(["Price is too large"]);
    expect(priceOf("999999999999.999")).toEqual(["Price is too large"]);
    expect(priceOf("1250.456")).toBe(1250.46);
    expect(priceOf("")).toEqual(["Price is required"]);
    expect(priceOf("-1")).toEqual(["Price must be 0 or more"]);
  });
});
