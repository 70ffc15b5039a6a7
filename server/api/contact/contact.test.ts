import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApi } from "../../../tests/support/testing";
import type { Mail } from "./mailer";

const sent: Mail[] = [];
let failMail = false;
let t: Awaited<ReturnType<typeof createTestApi>>;
const contactTo = process.env.CONTACT_TO;
beforeAll(async () => {
  process.env.CONTACT_TO = "team@souq.example";
  t = await createTestApi({
    mailer: {
      async send(mail) {
        if (failMail) throw new Error("SMTP down");
        sent.push(mail);
      },
    },
  });
});
// Test files share the process: the next one reads the address it had.
afterAll(async () => {
  if (contactTo === undefined) delete process.env.CONTACT_TO;
  else process.env.CONTACT_TO = contactTo;
  await t?.close();
});

const stored = async () =>
  Number(
    (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from contact_messages`)).rows[0]!.n,
  );
const valid = {
  first_name: "Omar",
  last_name: "Saleh",
  email: "omar@example.test",
  subject: "Viewing",
  message: "Can I visit on Friday?",
};

describe("contct_us", () => {
  it("answers the spec's messages on each field", async () => {
    const r = await t.call("contct_us", { body: {}, ip: "198.51.100.1" });
    expect(r.status).toBe(400);
    expect(r.body.errors).toMatchObject({
      first_name: ["Name is required"],
      email: ["Email is required"],
      subject: ["Subject is required"],
      message: ["Message is required"],
    });
    const bad = await t.call("contct_us", { body: { ...valid, email: "nope" }, ip: "198.51.100.1" });
    expect(bad.body.errors.email).toEqual(["Email address is invalid"]);
  });

  it("stores the message and mails it to the team", async () => {
    const before = await stored();
    const r = await t.call("contct_us", { body: valid, ip: "198.51.100.2" });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Thank you! Your message has been sent.");
    expect(await stored()).toBe(before + 1);
    expect(sent.at(-1)).toMatchObject({
      to: "team@souq.example",
      replyTo: "omar@example.test",
      subject: "[Contact] Viewing",
    });
  });

  it("keeps the message when mail fails", async () => {
    failMail = true;
    const before = await stored();
    const r = await t.call("contct_us", {
      body: { ...valid, message: "Is there parking with it?" },
      ip: "198.51.100.3",
    });
    failMail = false;
    expect(r.status).toBe(200);
    expect(await stored()).toBe(before + 1);
  });

  // Decision 046: without JavaScript a second press posts the form again while the first is on its way.
  it("keeps and mails a message sent twice once, answering both the same way", async () => {
    const twice = { ...valid, email: "twice@example.test", message: "Pressed Send twice." };
    const before = await stored();
    const mailed = sent.length;
    const first = await t.call("contct_us", { body: twice, ip: "198.51.100.5" });
    const second = await t.call("contct_us", { body: twice, ip: "198.51.100.5" });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(await stored()).toBe(before + 1);
    expect(sent.length).toBe(mailed + 1);
    // Both at the same moment: still one.
    const together = { ...twice, message: "Pressed Send twice, quickly." };
    const both = await Promise.all([
      t.call("contct_us", { body: together, ip: "198.51.100.5" }),
      t.call("contct_us", { body: together, ip: "198.51.100.5" }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await stored()).toBe(before + 2);
    // Another message from the same person is a message of its own.
    await t.call("contct_us", { body: { ...twice, subject: "Another question" }, ip: "198.51.100.5" });
    expect(await stored()).toBe(before + 3);
  });

  it("quietly drops what a bot fills into the honeypot", async () => {
    const before = await stored();
    const r = await t.call("contct_us", {
      body: { ...valid, website: "http://spam.example" },
      ip: "198.51.100.4",
    });
    expect(r.status).toBe(200);
    expect(await stored()).toBe(before);
  });

  it("limits one visitor to 5 messages in 10 minutes, others unaffected", async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.call("contct_us", { body: valid, ip: "203.0.113.7" })).status).toBe(200);
    const sixth = await t.call("contct_us", { body: valid, ip: "203.0.113.7" });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe("Too many attempts. Please try again later");
    expect((await t.call("contct_us", { body: valid, ip: "203.0.113.8" })).status).toBe(200);
  });
});
