import { describe, expect, it } from "vitest";
import { honeypotInputProps, honeypotRefusal, isSpam } from "./honeypot.server";
import { HONEYPOT_FIELD, HONEYPOT_REFUSAL, HONEYPOT_VALID_FROM_FIELD } from "./honeypot";

/** A form as the page draws it: the person's fields and the honeypot's, as the server gave them. */
async function drawnForm(fields: Record<string, string>, now?: number) {
  const props = await honeypotInputProps(now);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(props.nameFieldName, "");
  form.set(props.validFromFieldName!, props.encryptedValidFrom);
  return form;
}

describe("the honeypot on public forms", () => {
  it("lets a person's post through: the hidden field empty, the time the server drew", async () => {
    const form = await drawnForm({ email: "amal@example.com", password: "secret123" });
    expect(await isSpam(form)).toBe(false);
    expect(await honeypotRefusal(form)).toBeNull();
  });

  it("refuses a post whose hidden field a bot filled, with one message above the form", async () => {
    const form = await drawnForm({ email: "bot@example.com", password: "secret123" });
    form.set(HONEYPOT_FIELD, "http://spam.example");
    expect(await isSpam(form)).toBe(true);
    const reply = await honeypotRefusal(form);
    expect(reply?.status).toBe("error");
    expect(reply?.error?.[""]).toEqual([HONEYPOT_REFUSAL]);
    // What was typed comes back, but never the password.
    expect(reply?.initialValue).toMatchObject({ email: "bot@example.com" });
    expect(reply?.initialValue).not.toHaveProperty("password");
  });

  it("refuses a time the server never drew (made up, or from another key)", async () => {
    const form = await drawnForm({ email: "bot@example.com" });
    form.set(HONEYPOT_VALID_FROM_FIELD, "bm90IG91cnM=");
    expect(await isSpam(form)).toBe(true);
    form.set(HONEYPOT_VALID_FROM_FIELD, "not base64 at all!");
    expect(await isSpam(form)).toBe(true);
  });

  it("asks no wait: a form posted the moment it was drawn goes through", async () => {
    expect(await isSpam(await drawnForm({ email: "fast@example.com" }))).toBe(false);
  });

  it("keeps working for a page drawn earlier and kept by the page cache", async () => {
    const hourAgo = await drawnForm({ email: "amal@example.com" }, Date.now() - 3_600_000);
    expect(await isSpam(hourAgo)).toBe(false);
  });

  it("uses fixed field names, so a kept page's fields are the ones the action reads", async () => {
    const a = await honeypotInputProps(Date.now());
    const b = await honeypotInputProps(Date.now() + 120_000);
    expect([a.nameFieldName, a.validFromFieldName]).toEqual([HONEYPOT_FIELD, HONEYPOT_VALID_FROM_FIELD]);
    expect([b.nameFieldName, b.validFromFieldName]).toEqual([HONEYPOT_FIELD, HONEYPOT_VALID_FROM_FIELD]);
  });
});
