// How a one-time code reaches its person: by email through the mailer, by text message through an
// SMS sender. Without a sender, development logs the code to the console; production never does
// and refuses instead, so nobody waits for a message that will not come.
import type { Mailer } from "../contact/mailer";
import { ApiError } from "../envelope";
import { OTP_MESSAGES } from "./schema";
import { logger } from "../../observability/log";

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/**
 * A text-message gateway reached with one POST of `{ to, text }` (SMS_WEBHOOK_URL, with
 * SMS_WEBHOOK_TOKEN as a bearer token), so any provider can sit behind a small relay.
 */
export function smsFromEnv(): SmsSender | null {
  const url = process.env.SMS_WEBHOOK_URL;
  if (!url) return null;
  const token = process.env.SMS_WEBHOOK_TOKEN;
  return {
    async send(to, text) {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to, text }),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

export interface Delivery {
  mailer?: Mailer | null;
  sms?: SmsSender | null;
}

const production = () => process.env.NODE_ENV === "production";

/** Throws before anything is stored when the code could not be delivered at all. */
export function assertCanDeliver(kind: "email" | "phone", deps: Delivery) {
  const sender = kind === "email" ? deps.mailer : deps.sms;
  if (!sender && production()) throw new ApiError(503, OTP_MESSAGES.unavailable);
}

export async function deliverCode(
  kind: "email" | "phone",
  to: string,
  code: string,
  deps: Delivery,
): Promise<void> {
  const text = `Your sign-in code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.`;
  if (kind === "email" && deps.mailer) {
    const from = process.env.MAIL_FROM ?? "no-reply@localhost";
    await deps.mailer.send({ to, replyTo: from, subject: `Your sign-in code: ${code}`, text });
    return;
  }
  if (kind === "phone" && deps.sms) {
    await deps.sms.send(to, text);
    return;
  }
  if (production()) throw new ApiError(503, OTP_MESSAGES.unavailable);
  // The demo and development only (production refuses above): no sender is configured, so the log
  // stands in for one. The code is in the message on purpose, where redaction does not reach: it is
  // what this line is for, and no real person's code ever comes here.
  logger().warn({ to }, `[one-time code] ${code}`);
}
