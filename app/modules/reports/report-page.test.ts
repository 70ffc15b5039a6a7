// The report page's address: which person (or the team) it names, and where "Back" may lead.
import { describe, expect, it } from "vitest";
import { backOf, reportPagePath, targetOf } from "./report-page.server";

const url = (qs: string) => new URL(`http://shop.test/user/report?${qs}`);

describe("the report page's address", () => {
  it("names one person or the team, never both or neither", () => {
    expect(targetOf(url("to_user_id=12"))).toEqual({ to_user_id: 12 });
    expect(targetOf(url("to_admin=1"))).toEqual({ to_admin: true });
    for (const qs of [
      "",
      "to_user_id=0",
      "to_user_id=-3",
      "to_user_id=abc",
      "to_user_id=1&to_admin=1",
      "to_admin=yes",
    ])
      expect(targetOf(url(qs))).toBeNull();
  });

  it("goes back only to a path on this site", () => {
    expect(backOf(url(`back=${encodeURIComponent("/user/chat?user_id=3&property_id=9")}`))).toBe(
      "/user/chat?user_id=3&property_id=9",
    );
    for (const back of [
      "https://evil.test/",
      "//evil.test/x",
      "/\\evil.test",
      "javascript:alert(1)",
      "agents/1",
    ])
      expect(backOf(url(`back=${encodeURIComponent(back)}`))).toBeNull();
  });

  it("comes back to itself with the same person and way back", () => {
    const path = reportPagePath({ to_user_id: 12 }, "/agents/12-layla");
    const again = new URL(`http://shop.test${path}`);
    expect(targetOf(again)).toEqual({ to_user_id: 12 });
    expect(backOf(again)).toBe("/agents/12-layla");
    expect(reportPagePath({ to_admin: true }, null)).toBe("/user/report?to_admin=1");
  });
});
