import { describe, expect, it } from "vitest";
import { fitBox, formatBbox, parseBbox } from "./bbox";

describe("map boxes", () => {
  it("reads w,s,e,n and refuses what is not a box on the map", () => {
    expect(parseBbox("54.9,24.7,55.7,25.4")).toEqual([54.9, 24.7, 55.7, 25.4]);
    expect(parseBbox("170,-20,-170,-10")).toEqual([170, -20, -170, -10]);
    for (const bad of [null, "", "1,2,3", "a,b,c,d", "200,0,10,10", "0,50,10,40"])
      expect(parseBbox(bad)).toBeNull();
  });

  it("wraps a map scrolled past the antimeridian and rounds to about a metre", () => {
    expect(formatBbox(55.123456789, 25.1, 55.3, 25.2)).toBe("55.12346,25.1,55.3,25.2");
    expect(formatBbox(170, -20, 190, -10)).toBe("170,-20,-170,-10");
    expect(formatBbox(-200, -20, -170, -10)).toBe("160,-20,-170,-10");
    expect(formatBbox(-300, -89, 300, 89)).toBe("-180,-85,180,85");
  });

  it("gives a map library an east beyond 180 for a box across the antimeridian", () => {
    expect(fitBox([170, -20, -170, -10])).toEqual([170, -20, 190, -10]);
    expect(fitBox([54, 24, 56, 26])).toEqual([54, 24, 56, 26]);
  });
});
