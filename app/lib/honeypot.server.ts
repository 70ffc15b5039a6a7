// A honeypot on the forms anyone may post without signing in (decision 055): remix-utils' Honeypot,
// keyed by a secret derived from SESSION_SECRET so there is nothing new to configure and every
// instance reads what another drew.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";
import { z } from "zod";
import { derivedSecret } from "~server/runtime/env.server";
import { HONEYPOT_FIELD, HONEYPOT_REFUSAL, HONEYPOT_VALID_FROM_FIELD } from "./honeypot";

let honeypot: Honeypot | null = null;

function instance(): Honeypot {
  // The field's name is fixed (not drawn per request) so a page kept by the page cache still works.
  honeypot ??= new Honeypot({
    randomizeNameFieldName: false,
    nameFieldName: HONEYPOT_FIELD,
    validFromFieldName: HONEYPOT_VALID_FROM_FIELD,
    encryptionSeed: derivedSecret("honeypot"),
  });
  return honeypot;
}

const MINUTE = 60_000;
let drawn: { minute: number; props: Promise<HoneypotInputProps> } | null = null;

/**
 * The fields' names and an encrypted "valid from" for every page (the root loader). The time is
 * the start of the current minute, encrypted once a minute: no minimum wait is asked (people and
 * browser tests post quickly), a page kept for a while still posts (an older time is fine), and a
 * neighbouring instance whose clock runs a little behind does not see it as in the future.
 */
export function honeypotInputProps(now = Date.now()): Promise<HoneypotInputProps> {
  const minute = Math.floor(now / MINUTE) * MINUTE;
  if (drawn?.minute !== minute) {
    drawn = { minute, props: instance().getInputProps({ validFromTimestamp: minute }) };
  }
  return drawn.props;
}

/** Whether a posted form fell into the honeypot: its hidden field filled, or a time we never drew. */
export async function isSpam(formData: FormData): Promise<boolean> {
  try {
    await instance().check(formData);
    return false;
  } catch {
    // A SpamError, or a "valid from" that is not ours and so does not decrypt: a bot either way.
    return true;
  }
}

/**
 * The answer to a form that fell into the honeypot, for its action to return with status 400 (as
 * any refused form): one message above the form, nothing done. Null when the post is a person's.
 * What was typed comes back, but never a password or a code.
 */
export async function honeypotRefusal(formData: FormData): Promise<SubmissionResult<string[]> | null> {
  if (!(await isSpam(formData))) return null;
  const submission = parseWithZod(formData, { schema: z.object({}) });
  const hideFields = [...new Set(formData.keys())].filter((k) => /password|otp|code|token|confirm/i.test(k));
  return submission.reply({ formErrors: [HONEYPOT_REFUSAL], hideFields });
}
