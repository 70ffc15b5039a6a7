import { describe, expect, it } from "vitest";
import { z } from "zod";
import { saveSettingsSchema, settingsFormSchema } from "../admin/settings-schema";
import { postProjectSchema } from "../listings/project/post-schema";
import { dialogEmail, dialogUrl } from "./dialog-input";

const messages = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues.map((i) => i.message) ?? [];

describe("spec §5 dialog input", () => {
  it("an email must match the standard pattern, else 'Invalid email address'", () => {
    expect(dialogEmail().parse(" hello@souq.example ")).toBe("hello@souq.example");
    for (const bad of ["not-an-email", "a@b", "two@@signs.example", "space in@side.example"])
      expect(messages(dialogEmail().safeParse(bad))).toEqual(["Invalid email address"]);
  });

  it("a URL must be http or https with a domain, else 'Invalid URL'", () => {
    expect(dialogUrl(500).parse("https://youtu.be/abc")).toBe("https://youtu.be/abc");
    expect(dialogUrl(500).parse("http://example.com")).toBe("http://example.com");
    for (const bad of ["ftp://example.com", "https://localhost", "example.com", "https://exa mple.com"])
      expect(messages(dialogUrl(500).safeParse(bad))).toEqual(["Invalid URL"]);
  });

  it("the console's contact email and a listing's video link use them", () => {
    const email = (schema: z.ZodType, value: unknown) =>
      messages(schema.safeParse({ company_email: value })).filter((m) => m.includes("mail"));
    expect(email(saveSettingsSchema, "nope")).toEqual(["Invalid email address"]);
    expect(email(settingsFormSchema, "nope")).toEqual(["Invalid email address"]);
    expect(email(settingsFormSchema, undefined)).toEqual(["Email is required"]);
    const project = postProjectSchema.safeParse({ video_link: "youtube" });
    expect(project.error?.issues.find((i) => i.path[0] === "video_link")?.message).toBe("Invalid URL");
  });
});
