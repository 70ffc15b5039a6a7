// Outgoing mail, only when SMTP_URL is configured; the message is stored either way.
import nodemailer, { type Transporter } from "nodemailer";

export interface Mail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** An HTML version beside the text (alert digests). */
  html?: string;
  /** Extra headers, such as List-Unsubscribe on alert digests. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function mailerFromEnv(): Mailer | null {
  const url = process.env.SMTP_URL;
  if (!url) return null;
  const transport: Transporter = nodemailer.createTransport(url);
  const from = process.env.MAIL_FROM ?? "Souq Estate <no-reply@localhost>";
  return { send: async (mail) => void (await transport.sendMail({ from, ...mail })) };
}
