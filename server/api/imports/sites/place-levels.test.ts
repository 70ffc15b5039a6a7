import { describe, expect, it } from "vitest";
import { addressFromLevels, levelKindOf, placesFromLevels, type PlaceLevel } from "./place-levels";

const levels = (...names: string[]): PlaceLevel[] => names.map((name) => ({ name }));

describe("state, city and community from a site's location levels", () => {
  it("an emirate is the state and its own city; the next level is the community", () => {
    expect(placesFromLevels(levels("Dubai", "Dubai Marina", "Al Sahil Heights"), "AE")).toEqual({
      state: "Dubai",
      city: "Dubai",
      community: "Dubai Marina",
    });
    expect(placesFromLevels(levels("Abu Dhabi Emirate", "Al Reem Island"))).toEqual({
      state: "Abu Dhabi",
      city: "Abu Dhabi",
      community: "Al Reem Island",
    });
  });

  it("Al Ain, listed beside the emirates, is a city of Abu Dhabi", () => {
    expect(placesFromLevels(levels("Al Ain", "Al Jimi"), "United Arab Emirates")).toEqual({
      state: "Abu Dhabi",
      city: "Al Ain",
      community: "Al Jimi",
    });
  });

  it("a governorate is the state, and the level under it the city", () => {
    expect(placesFromLevels(levels("Capital Governorate", "Manama", "Juffair"), "Bahrain")).toEqual({
      state: "Capital Governorate",
      city: "Manama",
      community: "Juffair",
    });
    // Typed as a city by the site, named as a governorate: the name decides.
    expect(
      placesFromLevels([{ name: "Capital Governorate", kind: "city" }, ...levels("Manama")], "Bahrain"),
    ).toMatchObject({ state: "Capital Governorate", city: "Manama" });
    expect(placesFromLevels([{ name: "Riyadh", kind: "division" }, ...levels("Riyadh", "Al Malqa")])).toEqual(
      {
        state: "Riyadh",
        city: "Riyadh",
        community: "Al Malqa",
      },
    );
  });

  it("where the country is divided into governorates, a governorate named bare is one too", () => {
    expect(placesFromLevels(levels("Cairo", "New Cairo City", "The 5th Settlement"), "Egypt")).toEqual({
      state: "Cairo",
      city: "New Cairo City",
      community: "The 5th Settlement",
    });
    expect(placesFromLevels(levels("Kafr El Sheikh", "Desouk"), "EG")).toMatchObject({
      state: "Kafr El Sheikh",
    });
    expect(placesFromLevels(levels("Muharraq", "Muharraq", "Amwaj Islands"), "Bahrain")).toEqual({
      state: "Muharraq",
      city: "Muharraq",
      community: "Amwaj Islands",
    });
    // A place that is no governorate stays what the site's top level otherwise is: a city.
    expect(placesFromLevels(levels("North Coast", "Ras El Hekma"), "Egypt")).toEqual({
      city: "North Coast",
      community: "Ras El Hekma",
    });
  });

  it("a top level that is a city gives no state", () => {
    expect(placesFromLevels(levels("Riyadh", "North Riyadh", "Al Malqa"), "Saudi Arabia")).toEqual({
      city: "Riyadh",
      community: "North Riyadh",
    });
    expect(placesFromLevels(levels("Doha", "The Pearl"), "Qatar")).toEqual({
      city: "Doha",
      community: "The Pearl",
    });
  });

  it("an emirate's name outside the UAE is nothing special", () => {
    expect(placesFromLevels(levels("Ajman", "Somewhere"), "Egypt")).toEqual({
      city: "Ajman",
      community: "Somewhere",
    });
  });

  it("a community named like a division is not taken for one", () => {
    expect(placesFromLevels(levels("Dubai", "Emirates Hills"), "AE")).toMatchObject({
      community: "Emirates Hills",
    });
  });

  it("skips the country level and empty names", () => {
    expect(
      placesFromLevels([{ name: "UAE", kind: "country" }, { name: " " }, ...levels("Sharjah", "Al Nahda")]),
    ).toEqual({ state: "Sharjah", city: "Sharjah", community: "Al Nahda" });
    expect(placesFromLevels([])).toEqual({});
  });

  it("reads the sites' type words", () => {
    expect(levelKindOf("CITY")).toBe("city");
    expect(levelKindOf("Governorate")).toBe("division");
    expect(levelKindOf("country")).toBe("country");
    expect(levelKindOf("neighbourhood")).toBeUndefined();
    expect(levelKindOf(7)).toBeUndefined();
  });

  it("writes the address from the community down, then city and state, once each", () => {
    const bh = levels("Capital Governorate", "Manama", "Juffair", "Tower 7");
    expect(addressFromLevels(bh, placesFromLevels(bh, "BH"))).toBe(
      "Tower 7, Juffair, Manama, Capital Governorate",
    );
    const dxb = levels("Dubai", "Dubai Marina", "Marina Gate");
    expect(addressFromLevels(dxb, placesFromLevels(dxb, "AE"))).toBe("Marina Gate, Dubai Marina, Dubai");
    expect(addressFromLevels(levels("Dubai"), placesFromLevels(levels("Dubai")))).toBeUndefined();
  });
});
